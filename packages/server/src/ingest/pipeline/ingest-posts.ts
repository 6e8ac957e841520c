/**
 * Stores the statuses of a Mastodon source as posts (de-duplicated by ActivityPub URI) with their team
 * tags: the source's default teams plus tagging of the post text.
 * @module
 */
import type { Queryable } from '../../db/database.js';
import type { Post } from '../feeds/mastodon.js';
import type { TagIndex } from '../tagging/build-index.js';
import { tagArticle } from '../tagging/tag-article.js';
import { emptyCounts, type IngestCounts } from './ingest-counts.js';
import type { SourceContext } from './source-context.js';

/** The `tweeter` JSON of a post's author (legacy tweets share the shape). */
function tweeterOf(post: Post): { name: string; screenName: string; imageUrl: string | null; type: string } {
  return {
    name: post.account.displayName,
    screenName: post.account.acct,
    imageUrl: post.account.avatarUrl,
    type: 'mastodon',
  };
}

/** The stored JSON of a quoted post. */
function quotedOf(post: Post): unknown {
  if (post.quote) {
    return {
      uri: post.quote.uri,
      url: post.quote.url,
      text: post.quote.text,
      postedAt: post.quote.createdAt.toISOString(),
      tweeter: tweeterOf(post.quote),
      photos: post.quote.photos,
    };
  }
  return post.quotedStatusId ? { mastodonId: post.quotedStatusId } : null;
}

/**
 * Inserts the new posts of one Mastodon source (call inside the feed's transaction).
 * @example
 * const counts = await ingestPosts(tx, context, posts, { tagIndex });
 */
export async function ingestPosts(
  tx: Queryable,
  context: SourceContext,
  posts: readonly Post[],
  options: { tagIndex: TagIndex },
): Promise<IngestCounts> {
  const counts = emptyCounts();
  for (const post of posts) {
    if (!post.text && post.photos.length === 0 && !post.video) {
      counts.skipped++;
      continue;
    }
    const quoted = quotedOf(post);
    const { rows } = await tx.query<{ id: number | string }>(
      `INSERT INTO posts (source_id, uri, url, mastodon_id, text, posted_at, in_reply_to_id, in_reply_to_account_id,
                          tweeter, quoted, link_preview, video, photos)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::jsonb, $11::jsonb, $12::jsonb, $13::jsonb)
       ON CONFLICT (uri) DO NOTHING RETURNING id`,
      [
        context.sourceId,
        post.uri,
        post.url,
        post.id,
        post.text,
        post.createdAt,
        post.inReplyToId,
        post.inReplyToAccountId,
        JSON.stringify(tweeterOf(post)),
        quoted === null ? null : JSON.stringify(quoted),
        post.linkPreview ? JSON.stringify(post.linkPreview) : null,
        post.video ? JSON.stringify(post.video) : null,
        JSON.stringify(post.photos),
      ],
    );
    const row = rows[0];
    if (!row) {
      counts.duplicates++;
      continue;
    }
    counts.inserted++;
    const tags = tagArticle(options.tagIndex, {
      title: post.text,
      sourceDefaultTeamIds: context.defaultTeamIds,
      sourceSportSlug: context.sportSlug,
      sourceTopicSlug: context.topicSlug,
    });
    const teamIds = [...new Set(tags.teamIds.map(Number))];
    if (teamIds.length > 0) {
      await tx.query(
        `INSERT INTO post_teams (post_id, team_id, posted_at)
         SELECT $1, t, $3 FROM unnest($2::int[]) AS t ON CONFLICT DO NOTHING`,
        [Number(row.id), teamIds, post.createdAt],
      );
    }
  }
  return counts;
}
