/**
 * How the pipeline reads a source's feed body: a small interface with a real adapter (HTTP through
 * `fetchFeed`, with politeness, limits and conditional GET) and a local one that reads feed files from
 * a directory (`demo:feeds/<name>` against the demo folder, `file:///abs/path`), so the demo data and
 * the tests run the same pipeline without a network.
 *
 * Both adapters hand `refreshSource` an http(s) URL plus fetch options: the local adapter maps its
 * URLs onto a reserved `.invalid` host and answers through its own `fetch` implementation, so every
 * safety rule of `fetchFeed` (size cap, feed sniffing, conditional GET) applies to files too.
 * @module
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FetchFeedOptions } from '../feeds/fetch-feed.js';
import type { HostPoliteness } from '../feeds/host-politeness.js';

/** What `refreshSource` needs to fetch one feed URL. */
export interface ResolvedFeedRequest {
  /** The http(s) URL handed to `fetchFeed`. */
  url: string;
  /** Fetch options (politeness, limits, a `fetch` implementation). */
  options: Omit<FetchFeedOptions, 'etag' | 'lastModified'>;
  /** True for files read from disk: no per-host politeness, and the stored URL stays the source's own. */
  local?: boolean;
}

/** Reads feeds: turns a source's `feed_url` into a fetchable request. */
export interface FeedFetcher {
  /** The request for `feedUrl`, or null when this fetcher cannot read that kind of URL. */
  resolve(feedUrl: string): ResolvedFeedRequest | null;
}

/** Options of {@link httpFeedFetcher}. */
export interface HttpFeedFetcherOptions {
  /** Shared per-host politeness (one per process). */
  politeness?: HostPoliteness;
  /**
   * The fetch implementation: in production the server's SSRF-guarded one (`createFeedFetch` in
   * `feeds/public-address.ts`); tests may pass their own. Default: the global fetch.
   */
  fetch?: typeof fetch;
  /** The User-Agent sent (`feedUserAgent(config.version, config.publicOrigin)` in the server). */
  userAgent?: string;
  /** Overall time limit per fetch in ms. */
  timeoutMs?: number;
  /** Size cap in bytes. */
  maxBytes?: number;
}

/**
 * The real adapter: http(s) feed URLs fetched by `fetchFeed`.
 * @example
 * const fetcher = httpFeedFetcher({ politeness: new HostPoliteness() });
 */
export function httpFeedFetcher(options: HttpFeedFetcherOptions = {}): FeedFetcher {
  const fetchOptions: ResolvedFeedRequest['options'] = {};
  if (options.politeness) fetchOptions.politeness = options.politeness;
  if (options.fetch) fetchOptions.fetch = options.fetch;
  if (options.userAgent) fetchOptions.userAgent = options.userAgent;
  if (options.timeoutMs !== undefined) fetchOptions.timeoutMs = options.timeoutMs;
  if (options.maxBytes !== undefined) fetchOptions.maxBytes = options.maxBytes;
  return {
    resolve(feedUrl) {
      return /^https?:\/\//i.test(feedUrl) ? { url: feedUrl, options: fetchOptions } : null;
    },
  };
}

/** The reserved host local feeds are mapped to (`.invalid` never resolves in DNS). */
const LOCAL_HOST = 'local-feeds.invalid';

/** Options of {@link directoryFeedFetcher}. */
export interface DirectoryFeedFetcherOptions {
  /** The folder `demo:` URLs resolve against (`<DATA_DIR>/demo`); `demo:` is refused without it. */
  demoDir?: string;
  /** Whether `file:///abs/path` URLs are allowed (default true; the admin may add local files). */
  allowFileUrls?: boolean;
}

/**
 * The local adapter: `demo:feeds/<name>` reads `<demoDir>/feeds/<name>` (never outside `demoDir`)
 * and `file:///abs/path` reads that file. Answers carry an ETag (size and modification time), so an
 * unchanged file is a 304 like an unchanged remote feed.
 * @example
 * const fetcher = directoryFeedFetcher({ demoDir: join(dataDir, 'demo') });
 */
export function directoryFeedFetcher(options: DirectoryFeedFetcherOptions = {}): FeedFetcher {
  const localFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = localPath(new URL(href), options);
    if (!path) return new Response('Not found', { status: 404 });
    try {
      const info = await stat(path);
      if (!info.isFile()) return new Response('Not found', { status: 404 });
      const etag = `"${createHash('sha1').update(`${info.size}:${info.mtimeMs}`).digest('hex').slice(0, 16)}"`;
      const headers = new Headers(init?.headers);
      if (headers.get('if-none-match') === etag) return new Response(null, { status: 304 });
      const body = await readFile(path);
      return new Response(body, {
        status: 200,
        headers: { etag, 'content-length': String(body.byteLength), 'content-type': contentType(path) },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  };
  return {
    resolve(feedUrl) {
      if (feedUrl.startsWith('demo:')) {
        if (!options.demoDir) return null;
        const rest = feedUrl.slice('demo:'.length).replace(/^\/+/, '');
        return {
          url: `http://${LOCAL_HOST}/demo/${encodePath(rest)}`,
          options: { fetch: localFetch },
          local: true,
        };
      }
      if (feedUrl.startsWith('file:') && options.allowFileUrls !== false) {
        let path: string;
        try {
          path = fileURLToPath(feedUrl);
        } catch {
          return null;
        }
        return {
          url: `http://${LOCAL_HOST}/file${encodePath(path)}`,
          options: { fetch: localFetch },
          local: true,
        };
      }
      return null;
    },
  };
}

/** Options of {@link createFeedFetcher}. */
export interface CreateFeedFetcherOptions extends HttpFeedFetcherOptions, DirectoryFeedFetcherOptions {}

/**
 * The default fetcher of the server, worker and CLI: local `demo:`/`file:` URLs from disk, the rest
 * over HTTP.
 * @example
 * const fetcher = createFeedFetcher({ demoDir: join(config.dataDir, 'demo'), politeness });
 */
export function createFeedFetcher(options: CreateFeedFetcherOptions = {}): FeedFetcher {
  return combineFeedFetchers(directoryFeedFetcher(options), httpFeedFetcher(options));
}

/**
 * A fetcher that asks each of `fetchers` in turn and uses the first that accepts the URL.
 * @example
 * const fetcher = combineFeedFetchers(directoryFeedFetcher({ demoDir }), httpFeedFetcher());
 */
export function combineFeedFetchers(...fetchers: FeedFetcher[]): FeedFetcher {
  return {
    resolve(feedUrl) {
      for (const fetcher of fetchers) {
        const resolved = fetcher.resolve(feedUrl);
        if (resolved) return resolved;
      }
      return null;
    },
  };
}

function encodePath(path: string): string {
  return path
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
}

function localPath(url: URL, options: DirectoryFeedFetcherOptions): string | null {
  if (url.host !== LOCAL_HOST) return null;
  const path = decodeURIComponent(url.pathname);
  if (path.startsWith('/demo/') && options.demoDir) {
    const root = resolve(options.demoDir);
    const target = resolve(root, path.slice('/demo/'.length));
    const rel = relative(root, target);
    // A crafted name ("demo:../../etc/passwd") must never leave the demo folder.
    if (rel.startsWith('..') || isAbsolute(rel)) return null;
    return target;
  }
  if (path.startsWith('/file/') && options.allowFileUrls !== false) return path.slice('/file'.length);
  return null;
}

function contentType(path: string): string {
  if (path.endsWith('.json')) return 'application/json';
  return 'application/xml';
}
