/**
 * Stores what one fetch of a source read: news and video items as articles, a podcast feed as the show
 * and its episodes, Mastodon statuses as posts. Everything of one feed happens in one short
 * transaction (PGlite has a single connection; a half-stored feed is never visible); `storeFeeds` is
 * the same for several feeds in one transaction (see `ingest-feeds.ts`).
 * @module
 */
import type { Database, Queryable } from '../../db/database.js';
import { localiseDemoUrlsDeep } from '../../demo/asset-urls.js';
import { DEMO_FEED_PREFIX } from '../../demo/prepare-demo.js';
import { type LeadSignatures, leadSignaturesOf } from '../clustering/lead-signatures.js';
import type { BatchLeads } from '../clustering/merge-split-stories.js';
import type { Post } from '../feeds/mastodon.js';
import type { ParsedFeed } from '../feeds/parse-feed.js';
import type { TagIndex } from '../tagging/build-index.js';
import { type ArticleFeed, ingestArticleFeeds } from './ingest-articles.js';
import { emptyCounts, type IngestCounts } from './ingest-counts.js';
import { ingestPodcastFeeds, type PodcastFeed } from './ingest-podcast.js';
import { ingestPosts } from './ingest-posts.js';
import { PGLITE_ROWS_PER_STATEMENT } from './insert-rows.js';
import { loadSourceContexts, type SourceContext } from './source-context.js';
import type { SourceRow } from './source-row.js';

/** The source fields {@link ingestFeed} needs. */
export type IngestSource = Pick<
  SourceRow,
  'id' | 'domainId' | 'kind' | 'feedUrl' | 'title' | 'sportId' | 'topicId'
>;

/** Options of {@link ingestFeed}. */
export interface IngestFeedOptions {
  /** The tagging index (see `loadTagIndex`). */
  tagIndex: TagIndex;
  /** The current time (spyder date of new articles). */
  now?: Date;
}

/** One feed to store: its source, what was read, when. */
export interface FeedToStore {
  /** The source. */
  source: IngestSource;
  /** The parsed feed, or the statuses of a Mastodon source. */
  content: ParsedFeed | readonly Post[];
  /** When it was fetched (spyder date of its new articles; default: the batch's `now`). */
  now?: Date;
}

/**
 * Stores a parsed feed (or the posts of a Mastodon source) for a source and returns what happened.
 * @example
 * const parsed = parseFeed(body, { baseUrl: source.feedUrl });
 * if (parsed.kind === 'ok') await ingestFeed(db, source, parsed.feed, { tagIndex });
 * // { inserted: 12, duplicates: 3, skipped: 0 }
 */
export async function ingestFeed(
  db: Database,
  source: IngestSource,
  content: ParsedFeed | readonly Post[],
  options: IngestFeedOptions,
): Promise<IngestCounts> {
  const now = options.now ?? new Date();
  const [counts] = await db.transaction((tx) =>
    storeFeeds(tx, [localised({ source, content })], storeOptions(db, options.tagIndex, now)),
  );
  return counts ?? emptyCounts();
}

/** What {@link storeFeeds} needs besides the feeds. */
export interface StoreFeedsOptions {
  /** The tagging index. */
  tagIndex: TagIndex;
  /** The current time (spyder date of new articles). */
  now: Date;
  /** Nobody else writes articles meanwhile (PGlite: see `ingestArticleFeeds`). */
  soleWriter?: boolean;
  /** The signatures of stored leads remembered between batches (see `lead-signatures.ts`). */
  leads?: LeadSignatures;
  /** Collects the new leads with team tags and the leads clustering read (see `ingestArticleFeeds`). */
  batchLeads?: BatchLeads;
}

/** {@link storeFeeds}' options for a transaction of `db`: its remembered leads, and whether it is PGlite. */
export function storeOptions(db: Database, tagIndex: TagIndex, now: Date): StoreFeedsOptions {
  return { tagIndex, now, soleWriter: db.kind === 'pglite', leads: leadSignaturesOf(db) };
}

/**
 * Demo feeds point at a placeholder asset origin (the server's own origin is unknown when they are
 * written): their URLs are stored site-relative.
 */
export function localised(feed: FeedToStore): FeedToStore {
  return feed.source.feedUrl.startsWith(DEMO_FEED_PREFIX)
    ? { ...feed, content: localiseDemoUrlsDeep(feed.content) }
    : feed;
}

/**
 * Stores feeds inside an open transaction (one source context read for all): the news and video feeds'
 * articles together in a fixed number of statements (`ingestArticleFeeds`), the podcast feeds' shows and
 * episodes likewise (`ingestPodcastFeeds`), Mastodon posts feed by feed. Answers the counts of each
 * feed, in order.
 * @example
 * const [a, b] = await db.transaction((tx) => storeFeeds(tx, [feedA, feedB], { tagIndex, now }));
 */
export async function storeFeeds(
  tx: Queryable,
  feeds: readonly FeedToStore[],
  options: StoreFeedsOptions,
): Promise<IngestCounts[]> {
  const { tagIndex, now } = options;
  const contexts = await loadSourceContexts(
    tx,
    feeds.map((f) => f.source),
  );
  const counts: IngestCounts[] = feeds.map(() => emptyCounts());
  const articleFeeds: ArticleFeed[] = [];
  const articleSlots: number[] = [];
  const podcastFeeds: PodcastFeed[] = [];
  const podcastSlots: number[] = [];
  for (const [i, feed] of feeds.entries()) {
    const context = contexts[i] as SourceContext;
    const { source, content } = feed;
    if (isPostList(content)) {
      counts[i] = await ingestPosts(tx, context, content, { tagIndex });
    } else if (source.kind === 'podcast' || content.kind === 'podcast') {
      podcastFeeds.push({ context, source, feed: content });
      podcastSlots.push(i);
    } else {
      articleFeeds.push({
        context,
        items: content.items,
        ...(source.kind === 'video' && content.kind === 'video' ? { video: true } : {}),
        ...(feed.now ? { now: feed.now } : {}),
      });
      articleSlots.push(i);
    }
  }
  const articleCounts = await ingestArticleFeeds(tx, articleFeeds, {
    tagIndex,
    now,
    ...(options.soleWriter ? { soleWriter: true } : {}),
    ...(options.leads ? { leads: options.leads } : {}),
    ...(options.batchLeads ? { batchLeads: options.batchLeads } : {}),
  });
  articleSlots.forEach((slot, k) => {
    counts[slot] = articleCounts[k] ?? emptyCounts();
  });
  const podcastCounts = await ingestPodcastFeeds(tx, podcastFeeds, {
    tagIndex,
    ...(options.soleWriter ? { rowsPerStatement: PGLITE_ROWS_PER_STATEMENT } : {}),
  });
  podcastSlots.forEach((slot, k) => {
    counts[slot] = podcastCounts[k] ?? emptyCounts();
  });
  return counts;
}

function isPostList(content: ParsedFeed | readonly Post[]): content is readonly Post[] {
  return Array.isArray(content);
}
