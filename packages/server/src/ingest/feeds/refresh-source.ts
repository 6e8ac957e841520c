/**
 * One scheduled refresh of one source: conditional fetch, parse (feed or Mastodon statuses),
 * and the updated fetch bookkeeping. This is the single call the ingestion loop makes per due
 * source; it never throws, so a hostile or broken feed ends up as a recorded failure on its
 * source and the loop carries on with the others.
 * @module
 */
import { postsFromFeed } from './feed-posts.js';
import { type FetchFeedOptions, fetchFeed } from './fetch-feed.js';
import { type MastodonParseResult, type Post, parseMastodonStatuses } from './mastodon.js';
import type { ParsedFeed } from './parse-feed.js';
import { parseFeedOffThread } from './parse-feed-pool.js';
import {
  applyFetchOutcome,
  type FetchFacts,
  type FetchOutcome,
  type SourceFetchState,
  statusOfOutcome,
} from './source-state.js';

/**
 * How a source's body is read: a syndication feed, or social posts: a Mastodon statuses API answer, or a
 * feed of posts (a Mastodon `@user.rss`, a Bluesky profile's RSS) whose items become posts.
 */
export type SourceFormat = 'feed' | 'mastodon';

/** Options of {@link refreshSource}. */
export interface RefreshSourceOptions {
  /** The current time (default `new Date()`), for date clamping and scheduling. */
  now?: Date;
  /** `feed` (default) or `mastodon`. */
  format?: SourceFormat;
  /** A stable key for the schedule's jitter (the source id). */
  key?: string | number;
  /** Passed to {@link fetchFeed} (timeout, size cap, politeness, fetch implementation...). */
  fetch?: Omit<FetchFeedOptions, 'etag' | 'lastModified'>;
  /** Most items kept from one feed. */
  maxItems?: number;
}

/** The outcome of {@link refreshSource}: the new state to store, and what was read. */
export interface RefreshSourceResult {
  /** The source's updated fetch state; persist it whatever happened. */
  state: SourceFetchState;
  /** The parsed feed when the fetch returned a new feed body (format `feed`). */
  feed: ParsedFeed | null;
  /** The posts when the fetch returned new statuses (format `mastodon`). */
  posts: Post[] | null;
  /** The failure, when there was one (also recorded on `state`). */
  error: { code: string; message: string } | null;
}

/**
 * Fetches and parses one source and returns its new state with the items read. Not-modified
 * answers give no items and no error; failures of any kind (network, HTTP, size, redirects,
 * XXE, truncated or non-feed bodies) give `error` and increment the source's failure count.
 * @example
 * const { state, feed } = await refreshSource(source.fetchState, { key: source.id, fetch: { politeness } });
 * await saveState(source.id, state);
 * if (feed) await storeItems(source, feed.items);
 */
export async function refreshSource(
  state: SourceFetchState,
  options: RefreshSourceOptions = {},
): Promise<RefreshSourceResult> {
  const now = options.now ?? new Date();
  // What the admin's health table shows beside the outcome: the status and how long the fetch took
  // (a wait for the host's turn included, which is what a feed costs the scheduler).
  const started = performance.now();
  let okStatus: number | null = null;
  const done = (outcome: FetchOutcome): RefreshSourceResult =>
    finish(state, outcome, now, options, {
      status: statusOfOutcome(outcome, okStatus),
      fetchMs: performance.now() - started,
    });
  try {
    const fetched = await fetchFeed(state.url, {
      ...options.fetch,
      etag: state.etag,
      lastModified: state.lastModified,
    });
    if (fetched.kind === 'not-modified') return done({ kind: 'not-modified' });
    if (fetched.kind === 'error') return done(fetched);
    okStatus = fetched.status;

    const success = (itemDates: Date[]): FetchOutcome => ({
      kind: 'ok',
      finalUrl: fetched.finalUrl,
      permanentRedirect: fetched.permanentRedirect,
      etag: fetched.etag,
      lastModified: fetched.lastModified,
      itemDates,
    });
    // A social source's body is the statuses API's JSON, or a feed of posts (XML).
    if (options.format === 'mastodon' && !fetched.body.trimStart().startsWith('<')) {
      const parsed: MastodonParseResult = parseMastodonStatuses(fetched.body, { now });
      if (parsed.kind === 'error') return done(parsed);
      const result = done(success(parsed.posts.map((p) => p.createdAt)));
      return { ...result, posts: parsed.posts };
    }
    const parsed = await parseFeedOffThread(fetched.body, {
      baseUrl: fetched.finalUrl,
      now,
      ...(options.maxItems === undefined ? {} : { maxItems: options.maxItems }),
    });
    if (parsed.kind === 'error') return done(parsed);
    // Items without a real date would inflate the rate: they all claim "now".
    const dates = parsed.feed.items.filter((i) => i.dateFlag === 'ok').map((i) => i.publishedAt);
    const result = done(success(dates));
    if (options.format === 'mastodon') return { ...result, posts: postsFromFeed(parsed.feed, state.url) };
    // WebSub discovery: a `Link` header's hub and self win over the document's (W3C WebSub §4).
    return { ...result, feed: { ...parsed.feed, ...fetched.links } };
  } catch (error) {
    // Defence in depth: the modules above do not throw, but a bug must not stop the loop.
    const message = error instanceof Error ? error.message : String(error);
    return done({ kind: 'error', code: 'internal', message });
  }
}

function finish(
  state: SourceFetchState,
  outcome: FetchOutcome,
  now: Date,
  options: RefreshSourceOptions,
  facts: FetchFacts,
): RefreshSourceResult {
  return {
    state: applyFetchOutcome(state, outcome, now, options.key, facts),
    feed: null,
    posts: null,
    error: outcome.kind === 'error' ? { code: outcome.code, message: outcome.message } : null,
  };
}
