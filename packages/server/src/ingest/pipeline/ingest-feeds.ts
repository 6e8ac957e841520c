/**
 * Stores what a batch of fetches read, many feeds per transaction (`storeFeeds`: the news and video
 * feeds' articles together in a fixed number of statements, the podcast feeds likewise, Mastodon posts
 * feed by feed).
 * A batch that lost a race with another worker's (both stored an article under the same canonical URL,
 * which the unique index of migration 0022 refuses to the one that commits second; a repair joined a
 * story the batch adds to into another, `StoryRaceError`; or the two deadlocked) is stored again, whole,
 * up to twice: its reads then see the other's rows. Any other
 * failure of the batch (one feed whose rows the database refuses) does not lose the other feeds: they
 * are stored again one per transaction, and only the feed that fails alone reports the error.
 * On PostgreSQL a stored batch then joins the stories that it and another worker's batch started at
 * the same moment (`clustering/merge-split-stories.ts`).
 * @module
 */
import type { Database } from '../../db/database.js';
import { leadSignaturesOf } from '../clustering/lead-signatures.js';
import { batchLeads, mergeSplitStories } from '../clustering/merge-split-stories.js';
import type { TagIndex } from '../tagging/build-index.js';
import { emptyCounts, type IngestCounts } from './ingest-counts.js';
import { type FeedToStore, ingestFeed, localised, storeFeeds, storeOptions } from './ingest-feed.js';

/** What happened to one feed of a batch: its counts, or the error that kept it from being stored. */
export type StoredFeed = { counts: IngestCounts; error: null } | { counts: IngestCounts; error: Error };

/** Options of {@link ingestFeeds}. */
export interface IngestFeedsOptions {
  /** The tagging index. */
  tagIndex: TagIndex;
  /** The current time (default: now). */
  now?: Date;
}

/**
 * Stores a batch of feeds, in one transaction when it can; answers one outcome per feed, in order.
 * Never throws: a feed that cannot be stored gets its error, the others are stored.
 * @example
 * const [a, b] = await ingestFeeds(db, [{ source: s1, content: feed1 }, { source: s2, content: feed2 }], { tagIndex });
 * // a: { counts: { inserted: 12, duplicates: 0, skipped: 0 }, error: null }
 */
export async function ingestFeeds(
  db: Database,
  feeds: readonly FeedToStore[],
  options: IngestFeedsOptions,
): Promise<StoredFeed[]> {
  if (feeds.length === 0) return [];
  const now = options.now ?? new Date();
  let leads = batchLeads();
  const storeBatch = async () => {
    for (let attempt = 1; ; attempt++) {
      leads = batchLeads();
      try {
        return await db.transaction((tx) =>
          storeFeeds(tx, feeds.map(localised), {
            ...storeOptions(db, options.tagIndex, now),
            batchLeads: leads,
          }),
        );
      } catch (error) {
        if (!lostRace(error) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  };
  try {
    const counts = await storeBatch();
    // Only PostgreSQL has other workers whose batches can split a story with this one. The repair is
    // an improvement on what is stored, never a condition of it: if it fails, the batch stays stored.
    if (db.kind === 'postgres')
      await mergeSplitStories(db, leads, leadSignaturesOf(db)).catch(() => undefined);
    return counts.map((c) => ({ counts: c, error: null }));
  } catch (error) {
    if (feeds.length === 1) return [{ counts: emptyCounts(), error: asError(error) }];
  }
  // The batch failed as a whole: each feed alone, so one bad feed costs only its own items.
  const outcomes: StoredFeed[] = [];
  for (const feed of feeds) {
    try {
      const counts = await ingestFeed(db, feed.source, feed.content, {
        tagIndex: options.tagIndex,
        now: feed.now ?? now,
      });
      outcomes.push({ counts, error: null });
    } catch (error) {
      outcomes.push({ counts: emptyCounts(), error: asError(error) });
    }
  }
  return outcomes;
}

/**
 * Most times a batch is stored when it keeps losing races: each race means another worker stored in
 * the meantime what this batch's next read sees, so a second or third try goes through.
 */
const MAX_ATTEMPTS = 3;

/**
 * Whether a batch failed only because another worker's transaction stored the same article first (a
 * unique violation of the canonical URL), joined a story the batch adds to into another
 * (`StoryRaceError`, a serialization failure) or deadlocked with it: each goes away when the batch
 * runs again.
 */
function lostRace(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return (
    (code === '23505' && constraint === 'articles_canonical_url_idx') || code === '40001' || code === '40P01'
  );
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
