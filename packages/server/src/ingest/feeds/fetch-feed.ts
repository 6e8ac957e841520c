/**
 * The feed fetcher: one conditional HTTP GET of a feed URL with every safety limit a crawler of
 * thousands of third-party servers needs (overall timeout, size cap enforced while streaming,
 * manual redirects with a hop limit and loop detection, optional per-host politeness; all in
 * `limited-fetch.ts`, shared with the page fetcher), and a refusal of answers that are not feeds.
 *
 * It never throws: every outcome, including a server that answers garbage, is a value of
 * {@link FetchFeedResult}, so one bad feed can be recorded on its source and never takes the
 * ingestion loop down with it.
 * @module
 */
import { type HeaderLinks, headerLinks } from './header-links.js';
import { type LimitedFetchErrorCode, type LimitedFetchOptions, limitedFetch } from './limited-fetch.js';

export {
  DEFAULT_FETCH_TIMEOUT_MS,
  DEFAULT_MAX_FEED_BYTES,
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_USER_AGENT,
  feedUserAgent,
} from './limited-fetch.js';

/** Options of {@link fetchFeed}. */
export interface FetchFeedOptions extends Omit<LimitedFetchOptions, 'accept'> {}

/** Error codes of a failed fetch; `http-<status>` carries the final HTTP status. */
export type FetchFeedErrorCode = LimitedFetchErrorCode | 'not-a-feed';

/** The outcome of {@link fetchFeed}. */
export type FetchFeedResult =
  | {
      kind: 'ok';
      /** The decoded body text. */
      body: string;
      /** The URL after redirects (store it when a permanent redirect moved the feed). */
      finalUrl: string;
      /** The response's ETag, to send next time. */
      etag: string | null;
      /** The response's Last-Modified, to send next time. */
      lastModified: string | null;
      /** The final HTTP status (200 normally). */
      status: number;
      /** True when at least one hop was a permanent redirect (301/308): the source URL can be updated. */
      permanentRedirect: boolean;
      /** The WebSub links of the `Link` header (`rel="hub"`, `rel="self"`), when it names any. */
      links?: HeaderLinks;
    }
  | { kind: 'not-modified'; finalUrl: string }
  | {
      kind: 'error';
      code: FetchFeedErrorCode;
      message: string;
      /** Seconds the server asked us to wait (429/503 `Retry-After`), for the scheduler. */
      retryAfterSeconds?: number;
    };

const ACCEPT =
  'application/rss+xml, application/atom+xml, application/rdf+xml, application/feed+json, ' +
  'application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';

/**
 * Fetches a feed with a conditional GET and returns its body, a "not modified" answer, or a
 * typed error. Redirects are followed by hand (at most `maxRedirects`, loops detected, only to
 * http(s)), the whole exchange is bounded by `timeoutMs`, the body is read as a stream that is
 * cancelled as soon as it passes `maxBytes`, and an HTML page or text is `not-a-feed`. Never throws.
 * @example
 * const result = await fetchFeed(source.url, { etag: source.etag, lastModified: source.lastModified });
 * if (result.kind === 'ok') parseFeed(result.body, { baseUrl: result.finalUrl, now: new Date() });
 */
export async function fetchFeed(url: string, options: FetchFeedOptions = {}): Promise<FetchFeedResult> {
  const result = await limitedFetch(url, { ...options, accept: ACCEPT });
  if (result.kind !== 'ok') return result;
  if (!looksLikeFeed(result.body)) {
    return {
      kind: 'error',
      code: 'not-a-feed',
      message: `The answer from ${result.finalUrl} is not XML or JSON (an HTML page or text)`,
    };
  }
  return {
    kind: 'ok',
    body: result.body,
    finalUrl: result.finalUrl,
    etag: result.etag,
    lastModified: result.lastModified,
    status: result.status,
    permanentRedirect: result.permanentRedirect,
    ...withLinks(headerLinks(result.link, result.finalUrl)),
  };
}

function withLinks(links: HeaderLinks | null): { links?: HeaderLinks } {
  return links ? { links } : {};
}

/** A cheap sniff: feeds start with `<` (XML), `{` (JSON Feed) or `[` (Mastodon); HTML pages are refused. */
function looksLikeFeed(body: string): boolean {
  const start = body
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 512)
    .toLowerCase();
  if (start.startsWith('{') || start.startsWith('[')) return true;
  if (!start.startsWith('<')) return false;
  return !/^(<!--[\s\S]*?-->\s*)*(<!doctype\s+html|<html[\s>])/.test(start);
}
