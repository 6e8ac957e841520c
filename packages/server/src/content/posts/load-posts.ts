/**
 * Loads social posts as the contract's `Post`, batched and in the order of the ids asked for, and
 * pages a team's posts newest first through post_teams (team_id, posted_at DESC, post_id DESC).
 * @module
 */
import type { Post, TeamRef } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import { loadTeamRefs, toId, toIso, uniqueIds } from '../players/refs.js';
import { toLinkPreview, toPhotos, toQuotedPost, toTweeter, toVideo } from './post-media.js';

interface PostRow {
  id: number;
  uri: string;
  url: string | null;
  mastodon_id: string | null;
  twitter_id: string | null;
  text: string;
  posted_at: Date | string;
  in_reply_to_id: string | null;
  in_reply_to_account_id: string | null;
  tweeter: unknown;
  quoted: unknown;
  link_preview: unknown;
  video: unknown;
  photos: unknown;
}

/** Parses a jsonb value that a driver may hand over as text. */
function json(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/**
 * Loads posts by id, in the order of `ids` (unknown ids are skipped), with their teams.
 * `subtweets` stays empty: threads are not grouped yet.
 *
 * @example
 * ```ts
 * const posts = await loadPosts(db, [5, 4]);
 * ```
 */
export async function loadPosts(db: Queryable, ids: readonly number[]): Promise<Post[]> {
  const wanted = uniqueIds(ids);
  if (wanted.length === 0) return [];
  const [{ rows }, tagRows] = await Promise.all([
    db.query<PostRow>(
      `SELECT id, uri, url, mastodon_id, twitter_id, text, posted_at, in_reply_to_id, in_reply_to_account_id,
              tweeter, quoted, link_preview, video, photos
       FROM posts WHERE id = ANY($1::bigint[])`,
      [wanted],
    ),
    db.query<{ post_id: number; team_id: number }>(
      'SELECT post_id, team_id FROM post_teams WHERE post_id = ANY($1::bigint[])',
      [wanted],
    ),
  ]);
  const teamRefs = await loadTeamRefs(
    db,
    tagRows.rows.map((row) => toId(row.team_id)),
  );
  const teamsOf = new Map<number, TeamRef[]>();
  for (const tag of tagRows.rows) {
    const ref = teamRefs.get(toId(tag.team_id));
    if (!ref) continue;
    const list = teamsOf.get(toId(tag.post_id)) ?? [];
    list.push(ref);
    teamsOf.set(toId(tag.post_id), list);
  }
  const byId = new Map<number, Post>();
  for (const row of rows) {
    const id = toId(row.id);
    const postedAt = toIso(row.posted_at);
    byId.set(id, {
      id,
      twitterId: row.twitter_id,
      text: row.text,
      tweetedAt: postedAt,
      postedDate: postedAt,
      uri: row.uri,
      url: row.url,
      postId: row.mastodon_id ?? row.twitter_id,
      mastodonId: row.mastodon_id,
      inReplyToId: row.in_reply_to_id,
      inReplyToAccountId: row.in_reply_to_account_id,
      tweeter: toTweeter(json(row.tweeter)),
      quotedTweet: toQuotedPost(json(row.quoted)),
      linkPreview: toLinkPreview(json(row.link_preview)),
      video: toVideo(json(row.video), id),
      photos: toPhotos(json(row.photos), id),
      teams: (teamsOf.get(id) ?? []).sort((a, b) => a.name.localeCompare(b.name)),
      subtweets: [],
    });
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One page of a team's post ids, newest first, with the team's post count. */
export async function pageTeamPostIds(
  db: Queryable,
  teamId: number,
  window: { offset: number; limit: number },
): Promise<{ ids: number[]; totalCount: number }> {
  const [list, count] = await Promise.all([
    db.query<{ id: number }>(
      `SELECT post_id AS id FROM post_teams WHERE team_id = $1
       ORDER BY posted_at DESC, post_id DESC LIMIT $2 OFFSET $3`,
      [teamId, window.limit, window.offset],
    ),
    db.query<{ count: number }>('SELECT count(*)::int AS count FROM post_teams WHERE team_id = $1', [teamId]),
  ]);
  return { ids: list.rows.map((row) => toId(row.id)), totalCount: Number(count.rows[0]?.count ?? 0) };
}
