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
import type { FeedDef } from '../articles/feed-page.js';
import type { OrderedIds } from '../ordered-ids.js';

/** How many of a feed's newest videos compete for the ranked places. */
export const VIDEO_RANKING_CANDIDATES = 20;
/** Plays within this many days count. */
export const VIDEO_RANKING_DAYS = 7;
/** A video's count stops here: beyond it, more viewers change nothing (the cost stays bounded). */
export const VIDEO_PLAYS_COUNT_CAP = 1_000;

/**
 * A feed's `limit` top-ranked videos, best first, as an {@link OrderedIds} (for `loadArticlesOf`: one
 * statement ranks and loads them).
 *
 * @example
 * ```ts
 * const videos = await loadArticlesOf(db, rankedVideosOf(teamFeed(team.id, { kind: 'video' }), 5, new Date()), { kind: 'video' });
 * ```
 */
export function rankedVideosOf(feed: FeedDef, limit: number, now: Date): OrderedIds {
  const n = feed.params.length;
  return {
    sql: `SELECT ranked.id, ranked.ord FROM (
       SELECT c.article_id AS id,
         row_number() OVER (ORDER BY r.plays DESC, c.published_at DESC, c.article_id DESC) AS ord
       FROM (${feed.build(`$${n + 1}`)}) c
       CROSS JOIN LATERAL (
         SELECT count(*) AS plays FROM (
           SELECT 1 FROM video_plays vp
           WHERE vp.article_id = c.article_id
             AND vp.played_at > $${n + 2}::timestamptz - make_interval(days => $${n + 3})
           LIMIT $${n + 4}
         ) counted
       ) r
     ) ranked WHERE ranked.ord <= $${n + 5}`,
    params: [
      ...feed.params,
      VIDEO_RANKING_CANDIDATES,
      now.toISOString(),
      VIDEO_RANKING_DAYS,
      VIDEO_PLAYS_COUNT_CAP,
      limit,
    ],
  };
}
