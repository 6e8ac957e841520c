// The loopback web of the catalogue replay (scripts/bench/catalogue-replay.ts): the whole catalogue's feeds
// served from 127.0.x.y hosts, built from real-world feed files (scripts/bench/fixtures/real-feeds/, where
// its README says where each came from). What a round of fetches meets there is what it meets on the web:
// - as many hosts as the catalogue has (each real host gets its own loopback address, so per-host
//   politeness queues the 95 Reddit feeds behind each other as it would on reddit.com), or a fixed number
//   of hosts the feeds are spread over (`hosts: n`, to see the round without that queue);
// - each feed serves one file of its kind (news, video, podcast, social), in turn;
// - half of the feeds never change and answer 304 to a conditional request (If-None-Match); the other half
//   gain a new item on every fetch, with a new ETag, as a busy feed does between two rounds;
// - bodies are gzipped for a client that accepts it, as most feed hosts do;
// - WebSub hub links are taken out, so the server subscribes to nothing on the internet.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The kinds of catalogue entries (load-catalogue.ts). */
export type FeedKind = 'news' | 'video' | 'podcast' | 'social';

/** One fixture file and the kind of catalogue entry it stands in for. */
export interface RealFeedFile {
  file: string;
  kind: FeedKind;
  /** The file's bytes, as latin1 text (byte for byte, whatever the feed's encoding). */
  body: string;
}

/** Where the real-world feed files are. */
export const REAL_FEEDS_DIR = join(import.meta.dirname, 'fixtures', 'real-feeds');

/** The kind each fixture file stands in for (the files' README says where they come from). */
export const FIXTURE_KINDS: Readonly<Record<string, FeedKind>> = {
  'atom-customfields.atom': 'video',
  'giantbomb-podcast.rss': 'podcast',
  'itunes-keywords-astext.rss': 'podcast',
  'itunes-missing-image.rss': 'podcast',
  'narro.rss': 'podcast',
  'reddit.rss': 'social',
  'reddit-home.rss': 'social',
};

/** Reads the fixture files (every file but the README), each with its kind (news unless listed). */
export function readRealFeeds(dir: string = REAL_FEEDS_DIR): RealFeedFile[] {
  return readdirSync(dir)
    .filter((f) => !f.toLowerCase().startsWith('readme'))
    .sort()
    .map((file) => ({
      file,
      kind: FIXTURE_KINDS[file] ?? 'news',
      body: readFileSync(join(dir, file)).toString('latin1'),
    }));
}

/** One feed of the replay: where the server fetches it and what it serves. */
export interface ReplayFeed {
  /** Its index in the catalogue. */
  index: number;
  /** The catalogue URL it stands in for. */
  realUrl: string;
  /** The loopback address of its host. */
  address: string;
  /** Path and query, as on the real URL. */
  path: string;
  /** The fixture file it serves. */
  file: RealFeedFile;
  /** True for the half that gains an item on every fetch; false for the half that answers 304. */
  changing: boolean;
}

/**
 * The n-th loopback host address, from 127.0.1.1 on (127.0.0.1 is the server's own; 250 hosts per
 * third octet, so .0 and .255 are never used).
 * @example
 * loopbackAddress(0); // '127.0.1.1'
 * loopbackAddress(250); // '127.0.2.1'
 */
export function loopbackAddress(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= 250 * 254) throw new RangeError(`no loopback host #${n}`);
  return `127.0.${1 + Math.floor(n / 250)}.${1 + (n % 250)}`;
}

/**
 * Plans the replay's feeds: one per catalogue entry, in order. With `hosts: 'catalogue'` each distinct
 * host of the catalogue's URLs gets its own loopback address (in order of first appearance); with a
 * number the feeds are dealt over that many addresses in turn. Every other feed (odd indexes) changes.
 * Files are dealt in turn within each kind (a kind without files takes the news files).
 */
export function planReplayFeeds(
  entries: readonly { url: string; kind: FeedKind }[],
  files: readonly RealFeedFile[],
  hosts: 'catalogue' | number,
): ReplayFeed[] {
  const byKind = new Map<FeedKind, RealFeedFile[]>();
  for (const f of files) byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), f]);
  const news = byKind.get('news') ?? files;
  if (news.length === 0) throw new Error('no feed files to serve');
  const dealt = new Map<FeedKind, number>();
  const hostIndex = new Map<string, number>();
  return entries.map((entry, index) => {
    const url = new URL(entry.url);
    let host: number;
    if (hosts === 'catalogue') {
      host = hostIndex.get(url.hostname) ?? hostIndex.size;
      hostIndex.set(url.hostname, host);
    } else {
      host = index % Math.max(1, hosts);
    }
    const pool = byKind.get(entry.kind) ?? news;
    const turn = dealt.get(entry.kind) ?? 0;
    dealt.set(entry.kind, turn + 1);
    return {
      index,
      realUrl: entry.url,
      address: loopbackAddress(host),
      path: `${url.pathname}${url.search}`,
      file: pool[turn % pool.length] as RealFeedFile,
      changing: index % 2 === 1,
    };
  });
}

/** Takes out WebSub hub links (`<link rel="hub">`, `<atom:link rel="hub"/>`, any prefix). */
export function withoutHubLinks(xml: string): string {
  return xml.replace(
    /<(?:[\w-]+:)?link\b[^>]*\brel\s*=\s*["']hub["'][^>]*?(?:\/>|>\s*<\/(?:[\w-]+:)?link>|>)/gi,
    '',
  );
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The feed with one new item in front of its first one (an `<entry>` for Atom, an `<item>` for RSS and
 * RDF), or before the channel's end when it has none: the n-th fetch of a changing feed.
 */
export function withFreshItem(xml: string, item: { title: string; link: string; date: Date }): string {
  const title = escapeXml(item.title);
  const link = escapeXml(item.link);
  const atom = /<feed[\s>]/.test(xml) && !/<rss[\s>]/.test(xml);
  const fresh = atom
    ? `<entry><title>${title}</title><link href="${link}"/><id>${link}</id><updated>${item.date.toISOString()}</updated><summary>${title}</summary></entry>`
    : `<item><title>${title}</title><link>${link}</link><guid>${link}</guid><pubDate>${item.date.toUTCString()}</pubDate><description>${title}</description></item>`;
  // `<items>` of RDF is not an item: the tag must end after its name.
  const first = xml.search(atom ? /<entry[\s>]/ : /<item[\s>]/);
  if (first >= 0) return `${xml.slice(0, first)}${fresh}${xml.slice(first)}`;
  const end = xml.search(atom ? /<\/feed>/ : /<\/channel>|<\/rdf:RDF>/);
  return end >= 0 ? `${xml.slice(0, end)}${fresh}${xml.slice(end)}` : `${xml}${fresh}`;
}

/** What one request for a feed is answered: a 304, or a body with its ETag. */
export type FeedAnswer = { status: 304; etag: string } | { status: 200; etag: string; body: string };

/**
 * The answer to the `fetches`-th request (0 for the first) of `feed`, given its If-None-Match: a
 * constant feed has one ETag and answers 304 when it is sent back; a changing feed has a new item and a
 * new ETag on every request.
 */
export function answerFeed(
  feed: ReplayFeed,
  fetches: number,
  ifNoneMatch: string | undefined,
  now: Date,
): FeedAnswer {
  const body = withoutHubLinks(feed.file.body);
  if (!feed.changing) {
    const etag = `"replay-${feed.index}"`;
    return ifNoneMatch === etag ? { status: 304, etag } : { status: 200, etag, body };
  }
  const n = fetches + 1;
  const link = `http://${feed.address}${feed.path.split('?')[0]}/replay-${feed.index}-${n}`;
  return {
    status: 200,
    etag: `"replay-${feed.index}-${n}"`,
    body: withFreshItem(body, {
      title: `Replay item ${n} of feed ${feed.index} (${feed.file.file})`,
      link,
      date: now,
    }),
  };
}

/** The loopback web: every feed's host listening, with counts of what was served. */
export interface ReplayWeb {
  /** The URL the server fetches each feed at, in the feeds' order. */
  urls: string[];
  /** Requests answered per feed (any status). */
  fetches: number[];
  /** Answers by status so far. */
  statuses: Map<number, number>;
  /** Bytes of bodies sent so far (after gzip). */
  bytesSent: () => number;
  /** When the first request arrived (performance.now() ms), or null before it. */
  firstRequestAt: () => number | null;
  close(): Promise<void>;
}

const CONTENT_TYPE = (file: string) =>
  file.endsWith('.atom') ? 'application/atom+xml' : 'application/rss+xml';

/** Starts one HTTP server per loopback address of `feeds` (each on a free port) and serves them. */
export async function startReplayWeb(feeds: readonly ReplayFeed[]): Promise<ReplayWeb> {
  const byAddress = new Map<string, Map<string, ReplayFeed>>();
  for (const feed of feeds) {
    const paths = byAddress.get(feed.address) ?? new Map<string, ReplayFeed>();
    if (paths.has(feed.path)) throw new Error(`two feeds at ${feed.address}${feed.path}`);
    paths.set(feed.path, feed);
    byAddress.set(feed.address, paths);
  }
  const fetches = feeds.map(() => 0);
  const statuses = new Map<number, number>();
  let bytes = 0;
  let firstAt: number | null = null;
  // The constant feeds' bodies, gzipped once.
  const gzipped = new Map<string, Buffer>();
  const servers: Server[] = [];
  const ports = new Map<string, number>();

  const handle = (paths: Map<string, ReplayFeed>) => (req: IncomingMessage, res: ServerResponse) => {
    firstAt ??= performance.now();
    const feed = paths.get(req.url ?? '/');
    if (!feed) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      statuses.set(404, (statuses.get(404) ?? 0) + 1);
      return;
    }
    const answer = answerFeed(feed, fetches[feed.index] ?? 0, req.headers['if-none-match'], new Date());
    fetches[feed.index] = (fetches[feed.index] ?? 0) + 1;
    statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    if (answer.status === 304) {
      res.writeHead(304, { etag: answer.etag }).end();
      return;
    }
    const headers: Record<string, string> = {
      'content-type': CONTENT_TYPE(feed.file.file),
      etag: answer.etag,
    };
    let out: Buffer = Buffer.from(answer.body, 'latin1');
    if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
      const cached = feed.changing ? undefined : gzipped.get(feed.file.file);
      out = cached ?? gzipSync(out);
      if (!feed.changing) gzipped.set(feed.file.file, out);
      headers['content-encoding'] = 'gzip';
    }
    bytes += out.length;
    res.writeHead(200, { ...headers, 'content-length': String(out.length) }).end(out);
  };

  for (const [address, paths] of byAddress) {
    const server = createServer(handle(paths));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, address, () => resolve());
    });
    servers.push(server);
    ports.set(address, (server.address() as AddressInfo).port);
  }
  return {
    urls: feeds.map((f) => `http://${f.address}:${ports.get(f.address)}${f.path}`),
    fetches,
    statuses,
    bytesSent: () => bytes,
    firstRequestAt: () => firstAt,
    close: async () => {
      for (const server of servers) server.closeAllConnections();
      await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}
