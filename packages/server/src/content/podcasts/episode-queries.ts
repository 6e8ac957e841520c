/**
 * The paged id queries behind the episode and podcast lists: episodes of a team, sport, podcast or
 * player newest first through the indexes that carry that order, the podcasts of a sport or team
 * (with the member's hidden podcasts left out of a team), and an episode's suggestions.
 * Each answers one page of ids and the count of the whole list as SQL ({@link PagedIds}), which the
 * loaders (`pageEpisodes`, `pagePodcasts`) read with the details in one statement.
 * @module
 */
import type { Queryable } from '../../db/database.js';
import { type PagedIds, type PageWindow, pagedIds } from '../paged-ids.js';
import { toId } from '../players/refs.js';

/** Days of listening (and of published episodes) that rank the top podcasts. */
export const TOP_PODCAST_DAYS = 30;

/** Episode suggestions on an episode page. */
export const EPISODE_SUGGESTIONS = 6;

// A member's hidden podcasts of a team; `$1` is the team and `$2` the member (null for visitors).
const NOT_HIDDEN = `NOT EXISTS (SELECT 1 FROM hidden_podcasts h
  WHERE h.user_id = $2 AND h.team_id = $1 AND h.podcast_id = e.podcast_id)`;

/**
 * Episodes about a team, newest first, through episode_teams (team_id, published_at DESC,
 * episode_id DESC), without the podcasts the member hid from that team.
 */
export function pageTeamEpisodeIds(teamId: number, userId: number | null, window: PageWindow): PagedIds {
  // Visitors hide nothing: the page and its count stay on the episode_teams index alone.
  const from =
    userId === null
      ? 'FROM episode_teams et WHERE et.team_id = $1 AND $2::int IS NULL'
      : `FROM episode_teams et JOIN podcast_episodes e ON e.id = et.episode_id
         WHERE et.team_id = $1 AND ${NOT_HIDDEN}`;
  return pagedIds(
    `SELECT et.episode_id AS id ${from} ORDER BY et.published_at DESC, et.episode_id DESC`,
    `SELECT count(*)::int AS count ${from}`,
    [teamId, userId],
    window,
  );
}

// The podcasts of a sport: filed under the sport or under one of its teams.
const SPORT_PODCASTS = `SELECT podcast_id FROM podcast_sports WHERE sport_id = $1
  UNION SELECT pt.podcast_id FROM podcast_teams pt JOIN teams t ON t.id = pt.team_id WHERE t.sport_id = $1`;

/** Episodes of a sport's podcasts, newest first. */
export function pageSportEpisodeIds(sportId: number, window: PageWindow): PagedIds {
  const from = `FROM podcast_episodes e WHERE e.podcast_id IN (${SPORT_PODCASTS})`;
  return pagedIds(
    `SELECT e.id ${from} ORDER BY e.published_at DESC, e.id DESC`,
    `SELECT count(*)::int AS count ${from}`,
    [sportId],
    window,
  );
}

/** Episodes of one podcast, newest first, through (podcast_id, published_at DESC, id DESC). */
export function pagePodcastEpisodeIds(podcastId: number, window: PageWindow): PagedIds {
  return pagedIds(
    'SELECT e.id FROM podcast_episodes e WHERE e.podcast_id = $1 ORDER BY e.published_at DESC, e.id DESC',
    'SELECT count(*)::int AS count FROM podcast_episodes e WHERE e.podcast_id = $1',
    [podcastId],
    window,
  );
}

/** Episodes about a player, newest first, through episode_players (player_id, published_at DESC, ...). */
export function pagePlayerEpisodeIds(playerId: number, window: PageWindow): PagedIds {
  return pagedIds(
    `SELECT ep.episode_id AS id FROM episode_players ep WHERE ep.player_id = $1
     ORDER BY ep.published_at DESC, ep.episode_id DESC`,
    'SELECT count(*)::int AS count FROM episode_players ep WHERE ep.player_id = $1',
    [playerId],
    window,
  );
}

// Top ranking (spec 2 "Top Podcasts"): the listeners of the last TOP_PODCAST_DAYS (members and
// signed-out devices, each counted once per podcast) plus the podcast's followers; ties, and podcasts
// nobody listens to or follows yet, fall back to recent activity: episodes published in the window
// (one index range per podcast), then the newest episode (an index probe, not the pipeline's
// denormalised column). `$2` is "now" so tests and the server agree on the window.
const TOP_ORDER = `((SELECT count(DISTINCT l.listener) FROM podcast_listens l WHERE l.podcast_id = p.id
      AND l.updated_at > $2::timestamptz - make_interval(days => ${TOP_PODCAST_DAYS}))
    + (SELECT count(*) FROM podcast_follows f WHERE f.podcast_id = p.id)) DESC,
  (SELECT count(*) FROM podcast_episodes re WHERE re.podcast_id = p.id
    AND re.published_at > $2::timestamptz - make_interval(days => ${TOP_PODCAST_DAYS})) DESC,
  (SELECT max(le.published_at) FROM podcast_episodes le WHERE le.podcast_id = p.id) DESC NULLS LAST, p.id`;
const TITLE_ORDER = 'lower(p.title), p.id';

/** Podcasts of a sport: by title, or with `top` by recent listeners and followers, then recent episodes. */
export function pageSportPodcastIds(
  sportId: number,
  options: { top: boolean; now: Date },
  window: PageWindow,
): PagedIds {
  return pagedIds(
    `SELECT p.id FROM podcasts p WHERE p.id IN (${SPORT_PODCASTS}) AND $2::timestamptz IS NOT NULL
     ORDER BY ${options.top ? TOP_ORDER : TITLE_ORDER}`,
    `SELECT count(*)::int AS count FROM podcasts p WHERE p.id IN (${SPORT_PODCASTS}) AND $2::timestamptz IS NOT NULL`,
    [sportId, options.now.toISOString()],
    window,
  );
}

/**
 * Podcasts of a team without the ones the member hid from it: by title, or with `top` by recent
 * listeners and followers, then recent episodes.
 */
export function pageTeamPodcastIds(
  teamId: number,
  options: { top: boolean; now: Date; userId: number | null },
  window: PageWindow,
): PagedIds {
  const from = `FROM podcasts p JOIN podcast_teams pt ON pt.podcast_id = p.id
    WHERE pt.team_id = $1 AND $2::timestamptz IS NOT NULL AND ($3::int IS NULL OR NOT EXISTS (
      SELECT 1 FROM hidden_podcasts h WHERE h.user_id = $3 AND h.team_id = $1 AND h.podcast_id = p.id))`;
  return pagedIds(
    `SELECT p.id ${from} ORDER BY ${options.top ? TOP_ORDER : TITLE_ORDER}`,
    `SELECT count(*)::int AS count ${from}`,
    [teamId, options.now.toISOString(), options.userId],
    window,
  );
}

/** Listeners of a podcast (the most recent ones) whose other listening ranks episode suggestions. */
const SUGGESTION_LISTENERS = 1000;

/**
 * Suggestions for an episode: the newest episode of each podcast its podcast's listeners also
 * listened to (members and devices that heard both; the most in common first), then the latest
 * episodes of other podcasts about the same teams, then (when those run short) the latest other
 * episodes of the same podcast.
 */
export async function episodeSuggestionIds(
  db: Queryable,
  episodeId: number,
  limit = EPISODE_SUGGESTIONS,
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `WITH me AS (SELECT id, podcast_id FROM podcast_episodes WHERE id = $1),
     my_listeners AS (
       SELECT l.listener FROM podcast_listens l, me WHERE l.podcast_id = me.podcast_id
       ORDER BY l.updated_at DESC LIMIT $3
     ),
     heard AS (
       SELECT l.podcast_id, count(DISTINCT l.listener) AS listeners
       FROM podcast_listens l
       WHERE l.listener IN (SELECT listener FROM my_listeners) AND l.podcast_id <> (SELECT podcast_id FROM me)
       GROUP BY l.podcast_id ORDER BY listeners DESC, l.podcast_id LIMIT $2
     ),
     overlap AS (
       SELECT x.id, x.published_at, 0 AS tier, heard.listeners
       FROM heard CROSS JOIN LATERAL (
         SELECT e.id, e.published_at FROM podcast_episodes e WHERE e.podcast_id = heard.podcast_id
         ORDER BY e.published_at DESC, e.id DESC LIMIT 1
       ) x
     ),
     teams AS (SELECT pt.team_id FROM podcast_teams pt JOIN me ON pt.podcast_id = me.podcast_id),
     others AS (
       SELECT x.episode_id AS id, x.published_at, 1 AS tier, 0::bigint AS listeners
       FROM teams CROSS JOIN LATERAL (
         SELECT et.episode_id, et.published_at FROM episode_teams et
         JOIN podcast_episodes e ON e.id = et.episode_id
         WHERE et.team_id = teams.team_id AND e.podcast_id <> (SELECT podcast_id FROM me)
         ORDER BY et.published_at DESC, et.episode_id DESC LIMIT $2
       ) x
     ),
     same AS (
       SELECT e.id, e.published_at, 2 AS tier, 0::bigint AS listeners FROM podcast_episodes e, me
       WHERE e.podcast_id = me.podcast_id AND e.id <> me.id
       ORDER BY e.published_at DESC, e.id DESC LIMIT $2
     ),
     ranked AS (
       SELECT id, min(tier) AS tier, max(listeners) AS listeners, max(published_at) AS published_at
       FROM (SELECT * FROM overlap UNION ALL SELECT * FROM others UNION ALL SELECT * FROM same) u GROUP BY id
     )
     SELECT id FROM ranked ORDER BY tier, listeners DESC, published_at DESC, id DESC LIMIT $2`,
    [episodeId, limit, SUGGESTION_LISTENERS],
  );
  return rows.map((row) => toId(row.id));
}
