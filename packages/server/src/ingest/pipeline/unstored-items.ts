/**
 * Before a fetched feed joins a batch, the items the database holds already are dropped from it, read
 * with one read-only statement outside any transaction: a news or video feed's items stored under its
 * source's guid or under their canonical URL, a podcast's episodes stored with the same fields. A feed
 * refetched with one new item of fifty then brings one item to its batch, and a feed with nothing new
 * (a server without validators answers 200 with the same items) brings nothing: no write transaction
 * at all. On PGlite the write transaction holds the one connection, so every visitor's query waits for
 * it; a read is one statement, after which they run (issue 44's catalogue replay: docs/benchmarks.md).
 *
 * The batch still de-duplicates what is left inside its transaction: an item another source stored
 * meanwhile is found there, as before. Only a source that has stored a feed before is read first (its
 * first fetch has nothing stored to drop), and Mastodon statuses go as they are (posts are few).
 * @module
 */
import type { Queryable } from '../../db/database.js';
import type { ParsedFeed } from '../feeds/parse-feed.js';
import { canonicalUrlOf, storedGuidKey, storedItemKeys } from './ingest-articles.js';
import { emptyCounts, type IngestCounts } from './ingest-counts.js';
import { type FeedToStore, localised } from './ingest-feed.js';
import { unchangedEpisodes } from './ingest-podcast.js';
import type { SourceContext } from './source-context.js';

/** What {@link dropStoredItems} leaves to store. */
export interface UnstoredItems {
  /** The feed with only the items to store, or null when nothing of it needs a write. */
  feed: FeedToStore | null;
  /** The items dropped (counted as duplicates: what storing them would have counted). */
  counts: IngestCounts;
}

/**
 * Drops from a parsed feed the items a store would count as duplicates without writing anything.
 * @example
 * const { feed, counts } = await dropStoredItems(db, { source, content: parsed, now });
 * if (feed) counts = addCounts(counts, await batcher.store(feed, tagIndex));
 */
export async function dropStoredItems(db: Queryable, fetched: FeedToStore): Promise<UnstoredItems> {
  const counts = emptyCounts();
  // Compared as the store writes them (a demo feed's asset URLs site-relative).
  const feed = localised(fetched);
  const { content, source } = feed;
  if (Array.isArray(content)) return { feed, counts };
  const parsed = content as ParsedFeed;
  if (source.kind === 'podcast' || parsed.kind === 'podcast') {
    // Only the show's source id is read here; the rest of the context is the batch's.
    const context = { sourceId: source.id } as SourceContext;
    const same = await unchangedEpisodes(db, {
      context,
      source: { feedUrl: source.feedUrl, title: source.title },
      feed: parsed,
    });
    if (same.guids.size === 0) return { feed, counts };
    // An episode listed twice is stored from its first listing (`ingest-podcast.ts`): later listings
    // are duplicates whatever happens to the first, so they go with it.
    const listed = new Set<string>();
    const items = parsed.items.filter((item) => {
      if (!item.enclosure) return true;
      const again = listed.has(item.guid);
      listed.add(item.guid);
      const drop = again || same.guids.has(item.guid);
      if (drop) counts.duplicates++;
      return !drop;
    });
    return leftToStore(
      feed,
      parsed,
      items,
      counts,
      items.some((item) => item.enclosure) || !same.showUnchanged,
    );
  }
  const keyed = parsed.items.flatMap((item) => {
    const canonical = canonicalUrlOf(item);
    return canonical === null ? [] : [{ sourceId: source.id, guid: item.guid, canonical }];
  });
  const stored = await storedItemKeys(db, keyed);
  const items = parsed.items.filter((item) => {
    const canonical = canonicalUrlOf(item);
    const drop =
      canonical !== null &&
      (stored.guids.has(storedGuidKey(source.id, item.guid)) || stored.urls.has(canonical));
    if (drop) counts.duplicates++;
    return !drop;
  });
  return leftToStore(
    feed,
    parsed,
    items,
    counts,
    items.some((item) => canonicalUrlOf(item) !== null),
  );
}

/**
 * The feed with the items left, or null when nothing in it needs a write: then the items left are the
 * ones a store skips (no link, no audio file), counted as it would count them.
 */
function leftToStore(
  feed: FeedToStore,
  parsed: ParsedFeed,
  items: ParsedFeed['items'],
  counts: IngestCounts,
  write: boolean,
): UnstoredItems {
  if (write) return { feed: { ...feed, content: { ...parsed, items } }, counts };
  counts.skipped += items.length;
  return { feed: null, counts };
}
