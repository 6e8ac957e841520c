/**
 * Feed discovery for "add by URL": an admin pastes a feed URL or a site's page URL, and this finds
 * the feed to subscribe to, in ordered steps (Miniflux's subscription finder is the model):
 *
 * 1. the URL is already a feed (RSS, Atom, RDF, JSON Feed) → `feed`;
 * 2. a YouTube channel (its `/channel/UC…` URL, or a YouTube page carrying the channel id) → the
 *    channel's video feed, `youtube` (checked before the page's links, which on YouTube would
 *    point at the same feed);
 * 3. the page's `<link rel="alternate">` feeds, the first that fetches as a feed → `link`;
 * 4. the usual feed paths on the page's origin (`/feed`, `/rss.xml`...) → `path`.
 *
 * The winner's body is returned so the caller can parse it without a second fetch. Every request
 * goes through the same limits as feed fetches (timeout, size cap, redirects, User-Agent) and the
 * `fetch` given, which in production is the SSRF-guarded one. Never throws.
 * @module
 */
import { type FetchFeedResult, fetchFeed } from '../../ingest/feeds/fetch-feed.js';
import { fetchPage } from '../../ingest/feeds/fetch-page.js';
import { type FeedFormat, parseFeed } from '../../ingest/feeds/parse-feed.js';
import { findFeedLinks } from './find-feed-links.js';
import { WELL_KNOWN_FEED_PATHS, wellKnownFeedUrls } from './well-known-feed-paths.js';
import {
  channelIdFromHtml,
  channelIdFromUrl,
  isYouTubeUrl,
  youtubeChannelFeedUrl,
} from './youtube-channel-feed.js';

/** Options of {@link discoverFeed}. */
export interface DiscoverFeedOptions {
  /** The fetch implementation (production: `createFeedFetch({ allowPrivate })`; default the global fetch). */
  fetch?: typeof fetch;
  /** User-Agent of every request (default the feed fetcher's). */
  userAgent?: string;
  /** Time limit of the whole discovery in ms (default 30 s; one request gets at most 10 s of it). */
  timeoutMs?: number;
  /** Aborts the discovery (e.g. the admin's request was closed). */
  signal?: AbortSignal;
  /** Size cap of every body fetched, in bytes (default the feed fetcher's 10 MiB). */
  maxBytes?: number;
}

/** The outcome of {@link discoverFeed}. */
export type DiscoverFeedResult =
  | {
      kind: 'found';
      /** The feed to subscribe to (after redirects). */
      feedUrl: string;
      /** Which step found it. */
      discoveredBy: 'feed' | 'link' | 'path' | 'youtube';
      /** Every feed the page declared (step `link`), or the one found. */
      candidates: { url: string; title: string | null; type: string }[];
      /** The winning feed's body, to parse without a second fetch. */
      body: string;
      /** The URL the body was read from (the base of its relative links). */
      finalUrl: string;
    }
  | { kind: 'not-found'; message: string }
  | { kind: 'error'; code: string; message: string };

/** Default time limit of a whole discovery, in ms. */
export const DEFAULT_DISCOVERY_TIMEOUT_MS = 30_000;
/** Longest one request of a discovery may take, in ms. */
const REQUEST_TIMEOUT_MS = 10_000;

const FORMAT_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
  rdf: 'application/rdf+xml',
  json: 'application/feed+json',
};

type Found = Extract<DiscoverFeedResult, { kind: 'found' }>;
type Candidate = Found['candidates'][number];

/** A fetched and parsed feed, or why the URL is not one. */
type FeedAttempt =
  | { ok: true; body: string; finalUrl: string; title: string | null; type: string }
  | { ok: false; code: string; message: string };

class OutOfTime extends Error {}
class Aborted extends Error {}

/**
 * Finds the feed of `url` (a feed URL or a web page URL). Never throws.
 * @example
 * const found = await discoverFeed('https://club.example/', { fetch: createFeedFetch({ allowPrivate: false }) });
 * if (found.kind === 'found') parseFeed(found.body, { baseUrl: found.finalUrl });
 */
export async function discoverFeed(
  url: string,
  options: DiscoverFeedOptions = {},
): Promise<DiscoverFeedResult> {
  let start: URL;
  try {
    start = new URL(url.trim());
  } catch {
    return { kind: 'error', code: 'invalid-url', message: `Not a web address: ${url.slice(0, 200)}` };
  }
  if (start.protocol !== 'http:' && start.protocol !== 'https:') {
    return {
      kind: 'error',
      code: 'invalid-url',
      message: `Only http and https addresses are read, not ${start.protocol}`,
    };
  }
  const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_DISCOVERY_TIMEOUT_MS);
  const session = new Discovery(options, deadline);
  try {
    return await session.run(start.href);
  } catch (error) {
    if (error instanceof Aborted) return { kind: 'error', code: 'aborted', message: 'Discovery aborted' };
    if (error instanceof OutOfTime) {
      return {
        kind: 'error',
        code: 'timeout',
        message: `No feed found for ${start.href} within ${options.timeoutMs ?? DEFAULT_DISCOVERY_TIMEOUT_MS} ms${session.triedText()}`,
      };
    }
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'error', code: 'internal', message: `Discovery failed: ${message.slice(0, 300)}` };
  }
}

/** One discovery: its options, its deadline, and what it has tried (for the not-found message). */
class Discovery {
  private readonly tried: string[] = [];

  constructor(
    private readonly options: DiscoverFeedOptions,
    private readonly deadline: number,
  ) {}

  async run(url: string): Promise<DiscoverFeedResult> {
    // A channel URL names its feed: no need to read the (large) channel page.
    const directChannel = channelIdFromUrl(url);
    if (directChannel) {
      const found = await this.tryYouTube(directChannel);
      if (found) return found;
    }

    const page = await fetchPage(url, { ...this.limits(), ...this.common() });
    if (page.kind === 'error') {
      if (this.options.signal?.aborted) throw new Aborted();
      return { kind: 'error', code: page.code, message: page.message };
    }
    const asFeed = readFeed(page.body, page.finalUrl);
    if (asFeed.ok) return found('feed', asFeed, [candidateOf(asFeed)]);
    this.tried.push(`${page.finalUrl} is not a feed`);

    if (isYouTubeUrl(page.finalUrl) || isYouTubeUrl(url)) {
      const channelId = channelIdFromHtml(page.body);
      if (channelId && channelId !== directChannel) {
        const found = await this.tryYouTube(channelId);
        if (found) return found;
      } else if (!channelId) {
        this.tried.push('the YouTube page carries no channel id');
      }
    }

    const links = findFeedLinks(page.body, page.finalUrl);
    if (links.length === 0) this.tried.push('it links no feed (<link rel="alternate">)');
    const failedLinks: string[] = [];
    for (const link of links) {
      const attempt = await this.tryFeed(link.url);
      if (attempt.ok) return found('link', attempt, links);
      failedLinks.push(`${link.url} (${attempt.message})`);
    }
    if (failedLinks.length > 0)
      this.tried.push(`its linked feeds could not be read: ${failedLinks.join('; ')}`);

    for (const candidate of wellKnownFeedUrls(page.finalUrl)) {
      const attempt = await this.tryFeed(candidate);
      if (attempt.ok) return found('path', attempt, [candidateOf(attempt)]);
    }
    this.tried.push(
      `none of ${WELL_KNOWN_FEED_PATHS.join(', ')} on ${new URL(page.finalUrl).origin} is a feed`,
    );
    return { kind: 'not-found', message: `No feed found for ${url}${this.triedText()}` };
  }

  /** What was tried, as the tail of a sentence. */
  triedText(): string {
    return this.tried.length > 0 ? `: ${this.tried.join('; ')}` : '';
  }

  private async tryYouTube(channelId: string): Promise<Found | null> {
    const feedUrl = youtubeChannelFeedUrl(channelId);
    const attempt = await this.tryFeed(feedUrl);
    if (attempt.ok) return found('youtube', attempt, [candidateOf(attempt)]);
    this.tried.push(`the YouTube channel feed ${feedUrl} could not be read (${attempt.message})`);
    return null;
  }

  private async tryFeed(url: string): Promise<FeedAttempt> {
    const result: FetchFeedResult = await fetchFeed(url, { ...this.limits(), ...this.common() });
    if (result.kind === 'error') {
      if (this.options.signal?.aborted) throw new Aborted();
      if (result.code === 'timeout' && Date.now() >= this.deadline) throw new OutOfTime();
      return { ok: false, code: result.code, message: result.message };
    }
    // Never conditional, so never "not modified"; kept for the type.
    if (result.kind === 'not-modified') return { ok: false, code: 'http-304', message: 'HTTP 304' };
    return readFeed(result.body, result.finalUrl);
  }

  private limits(): { timeoutMs: number } {
    if (this.options.signal?.aborted) throw new Aborted();
    const left = this.deadline - Date.now();
    if (left <= 0) throw new OutOfTime();
    return { timeoutMs: Math.min(REQUEST_TIMEOUT_MS, left) };
  }

  private common() {
    const { fetch, userAgent, signal, maxBytes } = this.options;
    return {
      ...(fetch ? { fetch } : {}),
      ...(userAgent ? { userAgent } : {}),
      ...(signal ? { signal } : {}),
      ...(maxBytes !== undefined ? { maxBytes } : {}),
    };
  }
}

/** Parses `body` to tell whether it is a feed the pipeline can read (the truest sniff there is). */
function readFeed(body: string, finalUrl: string): FeedAttempt {
  const parsed = parseFeed(body, { baseUrl: finalUrl, maxItems: 1 });
  if (parsed.kind === 'error') return { ok: false, code: parsed.code, message: parsed.message };
  return {
    ok: true,
    body,
    finalUrl,
    title: parsed.feed.title || null,
    type: FORMAT_TYPES[parsed.feed.format],
  };
}

function candidateOf(feed: Extract<FeedAttempt, { ok: true }>): Candidate {
  return { url: feed.finalUrl, title: feed.title, type: feed.type };
}

function found(
  discoveredBy: Found['discoveredBy'],
  feed: Extract<FeedAttempt, { ok: true }>,
  candidates: Candidate[],
): Found {
  return {
    kind: 'found',
    feedUrl: feed.finalUrl,
    discoveredBy,
    candidates: candidates.map((c) => ({ url: c.url, title: c.title, type: c.type })),
    body: feed.body,
    finalUrl: feed.finalUrl,
  };
}
