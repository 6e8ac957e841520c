/**
 * Stores what one fetch of a source read: news and video items as articles, a podcast feed as the show
 * and its episodes, Mastodon statuses as posts. Everything of one feed happens in one short
 * transaction (PGlite has a single connection; a half-stored feed is never visible).
 * @module
 */
import type { Database } from '../../db/database.js';
import { localiseDemoUrlsDeep } from '../../demo/asset-urls.js';
import { DEMO_FEED_PREFIX } from '../../demo/prepare-demo.js';
import type { Post } from '../feeds/mastodon.js';
import type { ParsedFeed } from '../feeds/parse-feed.js';
import type { TagIndex } from '../tagging/build-index.js';
import { ingestArticles } from './ingest-articles.js';
import type { IngestCounts } from './ingest-counts.js';
import { ingestPodcast } from './ingest-podcast.js';
import { ingestPosts } from './ingest-posts.js';
import { loadSourceContext } from './source-context.js';
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
  // Demo feeds point at a placeholder asset origin (the server's own origin is unknown when they are
  // written): store their URLs site-relative.
  if (source.feedUrl.startsWith(DEMO_FEED_PREFIX)) content = localiseDemoUrlsDeep(content);
  return db.transaction(async (tx) => {
    const context = await loadSourceContext(tx, source);
    if (isPostList(content)) return ingestPosts(tx, context, content, { tagIndex: options.tagIndex });
    if (source.kind === 'podcast' || content.kind === 'podcast') {
      return ingestPodcast(tx, context, source, content, { tagIndex: options.tagIndex, now });
    }
    return ingestArticles(tx, context, content.items, {
      tagIndex: options.tagIndex,
      now,
      video: source.kind === 'video' && content.kind === 'video',
    });
  });
}

function isPostList(content: ParsedFeed | readonly Post[]): content is readonly Post[] {
  return Array.isArray(content);
}
