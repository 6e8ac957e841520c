/**
 * The preview of a URL before it is added as a source: find its feed (`discovery/discover-feed.ts`:
 * the feed itself, a page's `<link rel="alternate">`, the usual paths, a YouTube channel), read it with
 * the pipeline's parser, list its first items, say what it carries, and suggest its sport and teams
 * from those items (`suggest-tags.ts`). Nothing is stored.
 * @module
 */
import type { AdminSourceKind, AdminSourcePreview } from '@sportspyder/contract';
import type { Queryable } from '../db/database.js';
import type { ParsedFeed } from '../ingest/feeds/parse-feed.js';
import { parseFeedOffThread } from '../ingest/feeds/parse-feed-pool.js';
import type { TagIndex } from '../ingest/tagging/build-index.js';
import { tagRefs } from './admin-source-queries.js';
import { type DiscoverFeedOptions, discoverFeed } from './discovery/discover-feed.js';
import { guessKind, SourceInputError } from './source-store.js';
import { suggestTags } from './suggest-tags.js';

/** Items the preview lists. */
export const PREVIEW_ITEMS = 10;
/** Items the suggestions are computed from (more items, steadier suggestions). */
const SUGGEST_FROM_ITEMS = 50;

/** Options of {@link previewSource}. */
export interface PreviewSourceOptions {
  /** The tagger's index (shared, built from the database). */
  tagIndex: TagIndex;
  /** Passed on to the discovery (fetch, User-Agent, timeout, size limit, abort). */
  discovery?: DiscoverFeedOptions;
  /** The clock (dates in the future are clamped to it). */
  now?: Date;
}

/**
 * What a feed carries: a YouTube channel feed is video, a feed with the iTunes or Podcasting namespace
 * (or mostly audio enclosures) whose items carry files is a podcast, a Mastodon statuses URL is social,
 * the rest is news.
 * @example
 * previewKind('https://www.youtube.com/feeds/videos.xml?channel_id=UC1', 'youtube', feed); // 'video'
 */
export function previewKind(feedUrl: string, discoveredBy: string, feed: ParsedFeed): AdminSourceKind {
  const guessed = guessKind(feedUrl);
  if (guessed === 'video' || discoveredBy === 'youtube' || feed.kind === 'video') return 'video';
  if (guessed === 'mastodon') return 'mastodon';
  if (feed.kind === 'podcast' && (feed.items.length === 0 || feed.items.some((i) => i.enclosure))) {
    return 'podcast';
  }
  return 'news';
}

/**
 * Previews a URL. A URL without a feed, an unreachable one or a document that is not a feed is a
 * {@link SourceInputError} on `url` (the preview's field) with the reason.
 * @example
 * const preview = await previewSource(db, 'https://packerswire.example/', { tagIndex });
 */
export async function previewSource(
  db: Queryable,
  url: string,
  options: PreviewSourceOptions,
): Promise<AdminSourcePreview> {
  const trimmed = url.trim();
  if (!/^https?:\/\//i.test(trimmed)) {
    throw new SourceInputError('url', 'invalid', 'Enter a web address starting with http:// or https://');
  }
  const found = await discoverFeed(trimmed, options.discovery);
  if (found.kind !== 'found') throw new SourceInputError('url', 'not_found', found.message);
  const parsed = await parseFeedOffThread(found.body, {
    baseUrl: found.finalUrl,
    now: options.now ?? new Date(),
    maxItems: SUGGEST_FROM_ITEMS,
  });
  if (parsed.kind === 'error') {
    throw new SourceInputError('url', 'invalid', `The feed could not be read: ${parsed.message}`);
  }
  const feed = parsed.feed;
  const suggested = suggestTags(options.tagIndex, feed.items);
  const [teams, sports, existing] = [
    await tagRefs(db, 'teams', suggested.teamIds),
    await tagRefs(db, 'sports', suggested.sportId === null ? [] : [suggested.sportId]),
    await db.query<{ id: number }>('SELECT id FROM sources WHERE feed_url = $1 AND removed_at IS NULL', [
      found.feedUrl,
    ]),
  ];
  let host: string | null = null;
  try {
    host = new URL(found.feedUrl).hostname.replace(/^www\./, '');
  } catch {
    // The discovery answers absolute URLs; the title falls back to the URL itself.
  }
  return {
    feedUrl: found.feedUrl,
    discoveredBy: found.discoveredBy,
    candidates: found.candidates.map((c) => ({ url: c.url, title: c.title, type: c.type })),
    kind: previewKind(found.feedUrl, found.discoveredBy, feed),
    title: feed.title || host || found.feedUrl,
    siteUrl: feed.link,
    items: feed.items.slice(0, PREVIEW_ITEMS).map((item) => ({
      title: item.title,
      url: item.url,
      publishedAt:
        item.dateFlag === 'missing' || item.dateFlag === 'invalid' ? null : item.publishedAt.toISOString(),
    })),
    suggested: { sport: sports[0] ?? null, teams },
    existingSourceId: existing.rows[0] ? Number(existing.rows[0].id) : null,
  };
}
