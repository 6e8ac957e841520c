/**
 * Games of a sport or team for the scores and schedule box: the last and next days around now,
 * sorted by start time, each side with its team facts, record, score and result. Grouping into
 * "Scores" and "Upcoming" is the client's job (spec 2 §4).
 * @module
 */
import {
  GAMES_WINDOW_DAYS,
  type Game,
  type GameRecap,
  type GameSide,
  type GameStatus,
} from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import { teamLogoUrl } from '../../routes/teams.js';
import { toId, toIso, uniqueIds } from '../players/refs.js';
import { formatStanding, teamAbbr } from './format-standing.js';

interface GameRow {
  id: number;
  starts_at: Date | string;
  status: GameStatus;
  progress: string | null;
  home_score: number | null;
  away_score: number | null;
  video_url: string | null;
  home_team_id: number;
  away_team_id: number;
}

interface SideTeamRow {
  id: number;
  slug: string;
  name: string;
  location: string;
  sport_slug: string;
  wins: number | null;
  losses: number | null;
  ties: number | null;
}

/** Which games: a sport's or a team's. */
export type GameScope = { sportId: number } | { teamId: number };

/** One page of games in the window around `now`, with the count of the whole window. */
export async function pageGames(
  db: Queryable,
  scope: GameScope,
  now: Date,
  window: { offset: number; limit: number },
): Promise<{ games: Game[]; totalCount: number }> {
  // Index-bound: games (sport_id, starts_at) or the home/away (team_id, starts_at) indexes.
  const where = 'sportId' in scope ? 'g.sport_id = $1' : '(g.home_team_id = $1 OR g.away_team_id = $1)';
  const params = [
    'sportId' in scope ? scope.sportId : scope.teamId,
    new Date(now.getTime() - GAMES_WINDOW_DAYS * 86_400_000).toISOString(),
    new Date(now.getTime() + GAMES_WINDOW_DAYS * 86_400_000).toISOString(),
  ];
  const range = `${where} AND g.starts_at >= $2::timestamptz AND g.starts_at <= $3::timestamptz`;
  const [list, count] = await Promise.all([
    db.query<GameRow>(
      `SELECT g.id, g.starts_at, g.status, g.progress, g.home_score, g.away_score, g.video_url,
              g.home_team_id, g.away_team_id
       FROM games g WHERE ${range} ORDER BY g.starts_at, g.id LIMIT $4 OFFSET $5`,
      [...params, window.limit, window.offset],
    ),
    db.query<{ count: number }>(`SELECT count(*)::int AS count FROM games g WHERE ${range}`, params),
  ]);
  return { games: await toGames(db, list.rows), totalCount: Number(count.rows[0]?.count ?? 0) };
}

/** The games of `ids` as the games routes answer them (the realtime push of changed games), by start. */
export async function gamesByIds(db: Queryable, ids: readonly number[]): Promise<Game[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<GameRow>(
    `SELECT g.id, g.starts_at, g.status, g.progress, g.home_score, g.away_score, g.video_url,
            g.home_team_id, g.away_team_id
       FROM games g WHERE g.id = ANY($1::bigint[]) ORDER BY g.starts_at, g.id`,
    [ids],
  );
  return toGames(db, rows);
}

/** No recap is looked for before this long after the start: what is published earlier is a preview. */
export const RECAP_AFTER_START_HOURS = 2;
/** Nor later than this after the start. */
export const RECAP_WITHIN_HOURS = 36;
/** Words of a headline that tell a game's recap from other news of both teams. */
const RECAP_WORDS =
  'recap|beat|beats|defeat|defeats|edge|edges|rout|routs|top|tops|win|wins|won|lose|loses|lost|fall|falls|' +
  'takeaways|observations|grades|highlights|final';

/**
 * The recap of each finished game: an article the tagger filed under both teams, published from 2 to 36
 * hours after the start; one whose headline reads like a result first, then the earliest (issue 45).
 */
async function recapsOf(db: Queryable, rows: GameRow[]): Promise<Map<number, GameRecap>> {
  const finished = rows.filter((row) => row.status === 'finished').map((row) => toId(row.id));
  const recaps = new Map<number, GameRecap>();
  if (finished.length === 0) return recaps;
  // Index-bound: article_teams (team_id, kind, published_at) of the home team, then the away team's key.
  const { rows: found } = await db.query<{ game_id: number; id: number; title: string }>(
    `SELECT DISTINCT ON (g.id) g.id AS game_id, a.id, a.title
       FROM games g
       JOIN article_teams h ON h.team_id = g.home_team_id AND h.kind = 'article'
        AND h.published_at >= g.starts_at + make_interval(hours => $2)
        AND h.published_at < g.starts_at + make_interval(hours => $3)
       JOIN article_teams w ON w.article_id = h.article_id AND w.team_id = g.away_team_id
       JOIN articles a ON a.id = h.article_id
      WHERE g.id = ANY($1::bigint[])
      ORDER BY g.id, (a.title ~* $4) DESC, h.published_at, a.id`,
    [finished, RECAP_AFTER_START_HOURS, RECAP_WITHIN_HOURS, `\\m(${RECAP_WORDS})\\M`],
  );
  for (const row of found) {
    const id = toId(row.id);
    recaps.set(toId(row.game_id), { id, title: row.title, path: `/articles/${id}` });
  }
  return recaps;
}

/** Whether a finished game was won by the side scoring `mine` against `theirs`; null before the end. */
function winOf(status: GameStatus, mine: number | null, theirs: number | null): boolean | null {
  if (status !== 'finished' || mine === null || theirs === null) return null;
  return mine > theirs;
}

/** Turns game rows into contract games, loading both sides' teams and records in one query. */
async function toGames(db: Queryable, rows: GameRow[]): Promise<Game[]> {
  const teamIds = uniqueIds(rows.flatMap((row) => [toId(row.home_team_id), toId(row.away_team_id)]));
  const teams = new Map<number, SideTeamRow>();
  if (teamIds.length > 0) {
    // The latest season's record of each team.
    const { rows: teamRows } = await db.query<SideTeamRow>(
      `SELECT t.id, t.slug, t.name, t.location, s.slug AS sport_slug, st.wins, st.losses, st.ties
       FROM teams t JOIN sports s ON s.id = t.sport_id
       LEFT JOIN LATERAL (
         SELECT wins, losses, ties FROM standings WHERE team_id = t.id ORDER BY season DESC LIMIT 1
       ) st ON true
       WHERE t.id = ANY($1::int[])`,
      [teamIds],
    );
    for (const row of teamRows) teams.set(toId(row.id), row);
  }
  const side = (teamId: number, status: GameStatus, mine: number | null, theirs: number | null): GameSide => {
    const team = teams.get(toId(teamId));
    const started = status !== 'not-started';
    return {
      location: team?.location ?? '',
      name: team?.name ?? '',
      abbr: team ? teamAbbr(team.location, team.name) : '',
      slug: team?.slug ?? null,
      logo: team ? teamLogoUrl(team.slug) : null,
      sportSlug: team?.sport_slug ?? '',
      // Both sides are teams in the schema, so an opponent is never undecided here.
      pending: false,
      standing:
        team && team.wins !== null
          ? formatStanding({ wins: team.wins, losses: team.losses ?? 0, ties: team.ties ?? 0 })
          : null,
      score: started ? mine : null,
      win: winOf(status, mine, theirs),
    };
  };
  const recaps = await recapsOf(db, rows);
  return rows.map((row) => ({
    id: toId(row.id),
    startsAt: toIso(row.starts_at),
    status: row.status,
    progress: row.status === 'in-play' ? row.progress : null,
    videoUrl: row.video_url,
    recap: recaps.get(toId(row.id)) ?? null,
    home: side(row.home_team_id, row.status, row.home_score, row.away_score),
    away: side(row.away_team_id, row.status, row.away_score, row.home_score),
  }));
}
