/**
 * The member's alert choices (issue 49): per followed team (game start, final score, breaking story), per
 * followed podcast (new episode), and quiet hours. Reads answer one entry per follow, all off until turned
 * on; writes change only the entries they name and refuse any that is not a follow.
 * @module
 */
import type { AlertSettings, ApiErrorItem } from '@sportspyder/contract';
import type { Database, Queryable } from '../db/database.js';
import { clockMinutes, clockText, isTimeZone } from './quiet-hours.js';

/**
 * Reads the member's alert choices.
 * @example
 * const settings = await readAlertSettings(db, userId); // { teams: [...], podcasts: [...], quietHours: null }
 */
export async function readAlertSettings(db: Queryable, userId: number): Promise<AlertSettings> {
  const teams = await db.query<{
    team_id: number;
    game_start: boolean;
    final_score: boolean;
    breaking: boolean;
  }>(
    `SELECT f.team_id, coalesce(a.game_start, false) AS game_start, coalesce(a.final_score, false) AS final_score,
            coalesce(a.breaking, false) AS breaking
       FROM following_teams f
       LEFT JOIN team_alerts a ON a.user_id = f.user_id AND a.team_id = f.team_id
      WHERE f.user_id = $1
      ORDER BY f.position, f.id`,
    [userId],
  );
  const podcasts = await db.query<{ podcast_id: number; new_episode: boolean }>(
    `SELECT f.podcast_id, coalesce(a.new_episode, false) AS new_episode
       FROM podcast_follows f
       LEFT JOIN podcast_alerts a ON a.user_id = f.user_id AND a.podcast_id = f.podcast_id
      WHERE f.user_id = $1
      ORDER BY f.created_at, f.id`,
    [userId],
  );
  const quiet = await db.query<{ start_minute: number; end_minute: number; time_zone: string }>(
    'SELECT start_minute, end_minute, time_zone FROM alert_quiet_hours WHERE user_id = $1',
    [userId],
  );
  const q = quiet.rows[0];
  return {
    teams: teams.rows.map((r) => ({
      teamId: Number(r.team_id),
      gameStart: Boolean(r.game_start),
      finalScore: Boolean(r.final_score),
      breaking: Boolean(r.breaking),
    })),
    podcasts: podcasts.rows.map((r) => ({
      podcastId: Number(r.podcast_id),
      newEpisode: Boolean(r.new_episode),
    })),
    quietHours: q
      ? {
          start: clockText(Number(q.start_minute)),
          end: clockText(Number(q.end_minute)),
          timeZone: q.time_zone,
        }
      : null,
  };
}

/**
 * Stores the choices the body names; answers the problems (422 items naming the field) instead when a team
 * or podcast is not followed or the quiet hours are not a time and a time zone. Nothing is stored then.
 * @example
 * const problems = await writeAlertSettings(db, userId, body);
 * if (problems.length) throw new HttpError(422, problems);
 */
export async function writeAlertSettings(
  db: Database,
  userId: number,
  body: AlertSettings,
): Promise<ApiErrorItem[]> {
  const problems: ApiErrorItem[] = [];
  const followedTeams = new Set(
    (
      await db.query<{ team_id: number }>('SELECT team_id FROM following_teams WHERE user_id = $1', [userId])
    ).rows.map((r) => Number(r.team_id)),
  );
  const followedPodcasts = new Set(
    (
      await db.query<{ podcast_id: number }>('SELECT podcast_id FROM podcast_follows WHERE user_id = $1', [
        userId,
      ])
    ).rows.map((r) => Number(r.podcast_id)),
  );
  body.teams.forEach((team, i) => {
    if (!followedTeams.has(team.teamId)) {
      problems.push({
        field: `teams.${i}.teamId`,
        code: 'not_followed',
        title: 'Team id is not a team you follow',
      });
    }
  });
  body.podcasts.forEach((podcast, i) => {
    if (!followedPodcasts.has(podcast.podcastId)) {
      problems.push({
        field: `podcasts.${i}.podcastId`,
        code: 'not_followed',
        title: 'Podcast id is not a podcast you follow',
      });
    }
  });
  const quiet = body.quietHours;
  const start = quiet ? clockMinutes(quiet.start) : null;
  const end = quiet ? clockMinutes(quiet.end) : null;
  if (quiet) {
    if (start === null)
      problems.push({ field: 'quietHours.start', code: 'invalid', title: 'Start is not a time' });
    if (end === null) problems.push({ field: 'quietHours.end', code: 'invalid', title: 'End is not a time' });
    if (!isTimeZone(quiet.timeZone)) {
      problems.push({
        field: 'quietHours.timeZone',
        code: 'invalid',
        title: 'Time zone is not a known time zone',
      });
    }
  }
  if (problems.length > 0) return problems;
  await db.transaction(async (tx) => {
    if (body.teams.length > 0) {
      await tx.query(
        `INSERT INTO team_alerts (user_id, team_id, game_start, final_score, breaking)
         SELECT DISTINCT ON ((e.v->>'teamId')::int) $1::int, (e.v->>'teamId')::int, (e.v->>'gameStart')::boolean,
                (e.v->>'finalScore')::boolean, (e.v->>'breaking')::boolean
           FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(v, n)
          ORDER BY (e.v->>'teamId')::int, e.n DESC
         ON CONFLICT (user_id, team_id) DO UPDATE SET game_start = EXCLUDED.game_start,
           final_score = EXCLUDED.final_score, breaking = EXCLUDED.breaking`,
        [userId, JSON.stringify(body.teams)],
      );
    }
    if (body.podcasts.length > 0) {
      await tx.query(
        `INSERT INTO podcast_alerts (user_id, podcast_id, new_episode)
         SELECT DISTINCT ON ((e.v->>'podcastId')::int) $1::int, (e.v->>'podcastId')::int, (e.v->>'newEpisode')::boolean
           FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(v, n)
          ORDER BY (e.v->>'podcastId')::int, e.n DESC
         ON CONFLICT (user_id, podcast_id) DO UPDATE SET new_episode = EXCLUDED.new_episode`,
        [userId, JSON.stringify(body.podcasts)],
      );
    }
    if (quiet && start !== null && end !== null) {
      await tx.query(
        `INSERT INTO alert_quiet_hours (user_id, start_minute, end_minute, time_zone) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET start_minute = EXCLUDED.start_minute, end_minute = EXCLUDED.end_minute,
           time_zone = EXCLUDED.time_zone`,
        [userId, start, end, quiet.timeZone],
      );
    } else {
      await tx.query('DELETE FROM alert_quiet_hours WHERE user_id = $1', [userId]);
    }
  });
  return [];
}
