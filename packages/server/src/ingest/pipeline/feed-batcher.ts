/**
 * Group commit for ingestion: the feeds that fetches finish within a short window (or until a batch
 * is full: 32 feeds, or 400 items on PGlite and 2,000 on PostgreSQL, whichever comes first) are stored together with `ingestFeeds`, many feeds per transaction
 * and per statement, instead of a round of a dozen statements per feed. One batch is stored at a time
 * per process; the feeds that arrive meanwhile form the next batch, so under load batches grow by
 * themselves and when idle a lone feed waits only the window.
 * @module
 */
import type { Database } from '../../db/database.js';
import { notePlannerWrites } from '../../db/planner-statistics.js';
import type { ParsedFeed } from '../feeds/parse-feed.js';
import type { TagIndex } from '../tagging/build-index.js';
import type { IngestCounts } from './ingest-counts.js';
import type { FeedToStore } from './ingest-feed.js';
import { ingestFeeds } from './ingest-feeds.js';

/** Most feeds stored in one batch by default. */
export const DEFAULT_BATCH_FEEDS = 32;
/** How long a batch waits for more feeds after the first by default (ms). */
export const DEFAULT_BATCH_WINDOW_MS = 50;
/**
 * Most items in one batch on PGlite. Its single connection serves the web requests too, and they wait
 * while a batch's transaction runs: about 400 items keep that under ~150 ms on one core.
 */
export const PGLITE_BATCH_ITEMS = 400;
/** Most items in one batch on PostgreSQL (web requests have connections of their own). */
export const POSTGRES_BATCH_ITEMS = 2000;

/** Items (or posts) a feed brings to a batch. */
export function itemsOf(feed: FeedToStore): number {
  return Array.isArray(feed.content) ? feed.content.length : (feed.content as ParsedFeed).items.length;
}

/**
 * How many of `feeds` (in order) the next batch takes: at least one, at most `maxFeeds`, and no more
 * feeds once `maxItems` items would be passed.
 * @example
 * const batch = feeds.slice(0, batchLength(feeds, 32, 400));
 */
export function batchLength(feeds: readonly FeedToStore[], maxFeeds: number, maxItems: number): number {
  let items = 0;
  let taken = 0;
  for (const feed of feeds) {
    const next = itemsOf(feed);
    if (taken >= maxFeeds || (taken > 0 && items + next > maxItems)) break;
    items += next;
    taken++;
  }
  return taken;
}

/** Options of {@link createFeedBatcher}. */
export interface FeedBatcherOptions {
  /** The database. */
  db: Database;
  /** Most feeds per batch (default 32). */
  maxFeeds?: number;
  /** Most items per batch (a feed larger than this is a batch of its own; default: by database kind). */
  maxItems?: number;
  /** Wait after a batch's first feed for more, in ms (default 50). */
  windowMs?: number;
}

/** Stores feeds in batches. */
export interface FeedBatcher {
  /** Queues a feed; resolves with its counts once its batch is stored, rejects with its own error. */
  store(feed: FeedToStore, tagIndex: TagIndex): Promise<IngestCounts>;
  /** Stores what is queued now and resolves when every queued feed is stored. */
  drain(): Promise<void>;
}

interface Pending {
  feed: FeedToStore;
  tagIndex: TagIndex;
  resolve: (counts: IngestCounts) => void;
  reject: (error: Error) => void;
}

/**
 * Creates a batcher on a database (one per process: PGlite has one connection, and on PostgreSQL one
 * batch at a time per worker keeps its transactions short).
 * @example
 * const batcher = createFeedBatcher({ db });
 * const counts = await batcher.store({ source, content: parsed.feed }, tagIndex);
 */
export function createFeedBatcher(options: FeedBatcherOptions): FeedBatcher {
  const maxFeeds = Math.max(1, options.maxFeeds ?? DEFAULT_BATCH_FEEDS);
  const windowMs = Math.max(0, options.windowMs ?? DEFAULT_BATCH_WINDOW_MS);
  const maxItems = Math.max(
    1,
    options.maxItems ?? (options.db.kind === 'pglite' ? PGLITE_BATCH_ITEMS : POSTGRES_BATCH_ITEMS),
  );
  let pendingItems = 0;
  let pending: Pending[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;

  const run = async (batch: Pending[]) => {
    // A tag index reloaded meanwhile applies from the next batch on; one batch is tagged with one index.
    const tagIndex = (batch[batch.length - 1] as Pending).tagIndex;
    const now = batch.reduce(
      (latest, p) => (p.feed.now && p.feed.now > latest ? p.feed.now : latest),
      new Date(0),
    );
    const outcomes = await ingestFeeds(
      options.db,
      batch.map((p) => p.feed),
      { tagIndex, ...(now.getTime() > 0 ? { now } : {}) },
    );
    const inserted = outcomes.reduce((sum, o) => sum + o.counts.inserted, 0);
    // Planner statistics follow the growth (PGlite); a failure there must not fail the feeds.
    await notePlannerWrites(options.db, inserted).catch(() => undefined);
    batch.forEach((p, i) => {
      const outcome = outcomes[i];
      if (!outcome) p.reject(new Error('The batch answered no outcome for this feed'));
      else if (outcome.error) p.reject(outcome.error);
      else p.resolve(outcome.counts);
    });
  };

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (running || pending.length === 0) return;
    const batch = pending.slice(
      0,
      batchLength(
        pending.map((p) => p.feed),
        maxFeeds,
        maxItems,
      ),
    );
    pending = pending.slice(batch.length);
    pendingItems -= batch.reduce((sum, p) => sum + itemsOf(p.feed), 0);
    running = run(batch)
      .catch((error: unknown) => {
        const failure = error instanceof Error ? error : new Error(String(error));
        for (const p of batch) p.reject(failure);
      })
      .finally(() => {
        running = null;
        // What arrived while this batch was stored goes next, at once: it has waited already.
        if (pending.length > 0) flush();
      });
  };

  return {
    store(feed, tagIndex) {
      return new Promise<IngestCounts>((resolve, reject) => {
        pending.push({ feed, tagIndex, resolve, reject });
        pendingItems += itemsOf(feed);
        if (pending.length >= maxFeeds || pendingItems >= maxItems) flush();
        // Not unref'd: a feed waiting for its batch must keep the process up for those few ms
        // (a stopping worker awaits it; nothing else may hold the event loop then).
        else if (!timer && !running) timer = setTimeout(flush, windowMs);
      });
    },
    async drain() {
      flush();
      while (running) await running;
    },
  };
}
