/**
 * One complete ingest of one source: fetch and parse (`refreshSource`, never throws), drop the items
 * stored already (`unstored-items.ts`), store the rest (`ingestFeed`, or with the feeds fetched
 * meanwhile through a `FeedBatcher`; then `notePlannerWrites` so PGlite's planner statistics follow the
 * growth) and save
 * the source's new fetch state (validators, failure count and last error, rate, next fetch time). This is what the scheduler, the worker and `cli sources ingest` run.
 * @module
 */
import type { Database } from '../../db/database.js';
import { notePlannerWrites } from '../../db/planner-statistics.js';
import { queueWebSubSubscription } from '../../sources/websub/websub-store.js';
import { wakeWebSubJob } from '../../sources/websub/websub-wake.js';
import type { HostPoliteness } from '../feeds/host-politeness.js';
import { refreshSource } from '../feeds/refresh-source.js';
import { applyFetchOutcome } from '../feeds/source-state.js';
import type { TagIndex } from '../tagging/build-index.js';
import type { FeedBatcher } from './feed-batcher.js';
import type { FeedFetcher } from './feed-fetcher.js';
import { addCounts, emptyCounts, type IngestCounts } from './ingest-counts.js';
import { ingestFeed } from './ingest-feed.js';
import { fetchStateOf, type SourceRow, saveFetchState } from './source-row.js';
import { dropStoredItems, type UnstoredItems } from './unstored-items.js';

/** Queues a WebSub subscription of a feed that names a hub; a failure never fails the ingest. */
async function queueHubSubscription(
  db: Database,
  sourceId: number,
  feed: { hub?: string; self?: string },
  feedUrl: string,
): Promise<void> {
  if (!feed.hub) return;
  const links = { hub: feed.hub, topic: feed.self ?? feedUrl };
  const queued = await queueWebSubSubscription(db, sourceId, links).catch(() => false);
  if (queued) wakeWebSubJob();
}

/** Options of {@link ingestSource}. */
export interface IngestSourceOptions {
  /** Reads the feed body (HTTP or local files). */
  fetcher: FeedFetcher;
  /** Per-host politeness shared by every fetch of the process (HTTP only). */
  politeness?: HostPoliteness;
  /** The tagging index. */
  tagIndex: TagIndex;
  /** The current time (default: now). */
  now?: Date;
  /** Aborts the fetch (shutdown). */
  signal?: AbortSignal;
  /** Stores the feed together with others fetched meanwhile (the scheduler's); default: alone. */
  batcher?: FeedBatcher;
  /**
   * Called once the feed is fetched and parsed, before it is stored (not called when the ingest fails
   * before that): the scheduler then fetches the next source while this one waits for its batch.
   */
  onFetched?: () => void;
}

/** The outcome of {@link ingestSource}. */
export interface IngestSourceResult {
  /** The source. */
  sourceId: number;
  /** `ok` (stored), `not-modified` (304, nothing to do) or `error` (recorded on the source). */
  status: 'ok' | 'not-modified' | 'error';
  /** What was stored. */
  counts: IngestCounts;
  /** The failure, also saved on the source row. */
  error: { code: string; message: string } | null;
}

/**
 * Fetches, parses and stores one source and saves its fetch state. Never throws: every failure
 * (network, HTTP, hostile or broken feed, even a storage error) is recorded on the source row.
 * @example
 * const result = await ingestSource(db, source, { fetcher, politeness, tagIndex });
 * console.log(result.status, result.counts.inserted);
 */
export async function ingestSource(
  db: Database,
  source: SourceRow,
  options: IngestSourceOptions,
): Promise<IngestSourceResult> {
  const now = options.now ?? new Date();
  const state = fetchStateOf(source);
  const fail = async (code: string, message: string): Promise<IngestSourceResult> => {
    const next = applyFetchOutcome(state, { kind: 'error', code, message }, now, source.id);
    await saveFetchState(db, source.id, next).catch(() => undefined);
    return { sourceId: source.id, status: 'error', counts: emptyCounts(), error: { code, message } };
  };
  try {
    const request = options.fetcher.resolve(source.feedUrl);
    if (!request) return await fail('unsupported-url', `No fetcher reads ${source.feedUrl}`);
    const fetchOptions = { ...request.options };
    if (!request.local && options.politeness && !fetchOptions.politeness) {
      fetchOptions.politeness = options.politeness;
    }
    if (options.signal) fetchOptions.signal = options.signal;
    const result = await refreshSource(
      { ...state, url: request.url },
      {
        now,
        key: source.id,
        format: source.kind === 'mastodon' ? 'mastodon' : 'feed',
        fetch: fetchOptions,
      },
    );
    options.onFetched?.();
    // A local file's mapped URL is not the source's URL; a remote feed that moved keeps its new URL.
    const nextState = request.local ? { ...result.state, url: source.feedUrl } : result.state;
    let counts = emptyCounts();
    if (result.feed || result.posts) {
      const content = result.posts ?? result.feed!;
      try {
        // A source that stored a feed before: what it stored already is dropped by a read, outside the
        // write transaction, and a feed with nothing new is not written at all (`unstored-items.ts`).
        const unstored: UnstoredItems = source.lastSuccessAt
          ? await dropStoredItems(db, { source, content, now })
          : { feed: { source, content, now }, counts };
        counts = unstored.counts;
        const feed = unstored.feed;
        if (!feed) {
          // Nothing to write.
        } else if (options.batcher) {
          counts = addCounts(counts, await options.batcher.store(feed, options.tagIndex));
        } else {
          const stored = await ingestFeed(db, source, feed.content, { tagIndex: options.tagIndex, now });
          await notePlannerWrites(db, stored.inserted);
          counts = addCounts(counts, stored);
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return await fail('store-failed', `The items could not be stored: ${message.slice(0, 300)}`);
      }
    }
    await saveFetchState(db, source.id, nextState);
    // A feed naming a WebSub hub: a subscription is queued (the WebSub job asks the hub, off this path).
    if (result.feed?.hub && !request.local)
      await queueHubSubscription(db, source.id, result.feed, nextState.url);
    if (result.error) return { sourceId: source.id, status: 'error', counts, error: result.error };
    return {
      sourceId: source.id,
      status: result.feed || result.posts ? 'ok' : 'not-modified',
      counts,
      error: null,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return fail('internal', message.slice(0, 300));
  }
}
