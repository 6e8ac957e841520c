/**
 * The page fetcher: one HTTP GET of a web page (or anything else) with the same limits as the
 * feed fetcher (timeout, size cap, manual redirects with a hop limit, politeness, User-Agent; all
 * in `limited-fetch.ts`) but no refusal of HTML, for feed discovery, which reads a site's page
 * to find its feed.
 *
 * It never throws: every outcome is a value of {@link FetchPageResult}.
 * @module
 */
import { type LimitedFetchErrorCode, type LimitedFetchOptions, limitedFetch } from './limited-fetch.js';

/** Options of {@link fetchPage}. */
export interface FetchPageOptions extends Omit<LimitedFetchOptions, 'accept' | 'etag' | 'lastModified'> {}

/** The outcome of {@link fetchPage}. */
export type FetchPageResult =
  | {
      kind: 'ok';
      /** The decoded body text. */
      body: string;
      /** The URL after redirects: relative links of the page resolve against it. */
      finalUrl: string;
      /** The response's Content-Type, if any. */
      contentType: string | null;
      /** The final HTTP status (200 normally). */
      status: number;
    }
  | { kind: 'error'; code: LimitedFetchErrorCode; message: string };

// Pages first, but a feed URL given for a page must still answer with its feed.
const ACCEPT =
  'text/html, application/xhtml+xml, application/rss+xml;q=0.9, application/atom+xml;q=0.9, ' +
  'application/feed+json;q=0.9, application/xml;q=0.8, */*;q=0.5';

/**
 * Fetches a page and returns its decoded body and final URL, or a typed error. Never throws.
 * @example
 * const page = await fetchPage('https://club.example/news');
 * if (page.kind === 'ok') findFeedLinks(page.body, page.finalUrl);
 */
export async function fetchPage(url: string, options: FetchPageOptions = {}): Promise<FetchPageResult> {
  const result = await limitedFetch(url, { ...options, accept: ACCEPT });
  if (result.kind === 'error') return { kind: 'error', code: result.code, message: result.message };
  if (result.kind === 'not-modified') {
    // Only a conditional request can get a 304, and this one is never conditional.
    return { kind: 'error', code: 'http-304', message: `HTTP 304 from ${result.finalUrl}` };
  }
  return {
    kind: 'ok',
    body: result.body,
    finalUrl: result.finalUrl,
    contentType: result.contentType,
    status: result.status,
  };
}
