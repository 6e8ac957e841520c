/**
 * The video ranking of the team and sport feeds (the popular pages' "videos (max 5)", spec 2 §2, §9):
 * of the feed's {@link VIDEO_RANKING_CANDIDATES} newest videos, those watched by more viewers in the
 * last {@link VIDEO_RANKING_DAYS} days come first, then the newer ones. A viewer is a member or, signed
 * out, a device (`video_plays`), so a viewer counts once however often they play a video.
 *
 * Index-bound: the candidates are one ordered range of the feed's tag index stopped by LIMIT, and each
 * candidate's count is a range of `video_plays (article_id, played_at)` stopped at
 * {@link VIDEO_PLAYS_COUNT_CAP}, so a request reads at most candidates × cap index entries whatever the
 * size of the tables. With no plays the order is the feed's own (newest first).
 * @module
 */
import type { Queryable } from '../../db/database.js';
import type { FeedDef } from '../articles/feed-page.js';

/** How many of a feed's newest videos compete for the ranked places. */
export const VIDEO_RANKING_CANDIDATES = 20;
/** Plays within this many days count. */
export const VIDEO_RANKING_DAYS = 7;
/** A video's count stops here: beyond it, more viewers change nothing (the cost stays bounded). */
export const VIDEO_PLAYS_COUNT_CAP = 1_000;

/**
 * The ids of a feed's `limit` top-ranked videos, best first.
 *
 * @example
 * ```ts
 * const ids = await rankedVideoIds(db, teamFeed(team.id, { kind: 'video' }), 5, new Date());
 * ```
 */
export async function rankedVideoIds(
  db: Queryable,
  feed: FeedDef,
  limit: number,
  now: Date,
): Promise<number[]> {
  const n = feed.params.length;
  const { rows } = await db.query<{ article_id: number | string }>(
    `SELECT c.article_id FROM (${feed.build(`$${n + 1}`)}) c
     CROSS JOIN LATERAL (
       SELECT count(*) AS plays FROM (
         SELECT 1 FROM video_plays vp
         WHERE vp.article_id = c.article_id
           AND vp.played_at > $${n + 2}::timestamptz - make_interval(days => $${n + 3})
         LIMIT $${n + 4}
       ) counted
     ) r
     ORDER BY r.plays DESC, c.published_at DESC, c.article_id DESC
     LIMIT $${n + 5}`,
    [
      ...feed.params,
      VIDEO_RANKING_CANDIDATES,
      now.toISOString(),
      VIDEO_RANKING_DAYS,
      VIDEO_PLAYS_COUNT_CAP,
      limit,
    ],
  );
  return rows.map((row) => Number(row.article_id));
}
