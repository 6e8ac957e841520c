/**
 * Reads fantasy teams in the contract's `FantasyTeam` shape (the fantasy team news page header and,
 * later, the member's fantasy settings). The session user's short list is read in `auth/users.ts`.
 * @module
 */
import type { FantasyTeam } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import { sportLogoUrl } from '../../routes/sports.js';

const DAY_MS = 86_400_000;
// Ids above PostgreSQL's integer range cannot exist; asking for them would be a cast error (500).
const MAX_ID = 2_147_483_647;

interface FantasyTeamRow {
  id: number;
  name: string;
  sport_id: number;
  sport_slug: string;
  sport_name: string;
  user_id: number;
  username: string;
  count: number;
  rosters: {
    id: number;
    playerId: number;
    name: string;
    position: string | null;
    positionId: number | null;
  }[];
}

/**
 * Loads fantasy teams by id, in the order asked (unknown ids are skipped). `count` is the number of
 * lead articles about the roster's players published in the day before `now`.
 *
 * @example
 * ```ts
 * const [team] = await loadFantasyTeams(db, [12], new Date());
 * ```
 */
export async function loadFantasyTeams(
  db: Queryable,
  ids: readonly number[],
  now: Date = new Date(),
): Promise<FantasyTeam[]> {
  const known = ids.filter((id) => id <= MAX_ID);
  if (known.length === 0) return [];
  // The roster position is the member's choice; without one the player's own position stands in.
  const { rows } = await db.query<FantasyTeamRow>(
    `SELECT f.id, f.name, f.sport_id, s.slug AS sport_slug, s.name AS sport_name, u.id AS user_id, u.username,
       (SELECT count(DISTINCT ap.article_id)::int FROM fantasy_rosters r
          JOIN article_players ap ON ap.player_id = r.player_id AND ap.published_at > $2
          JOIN articles a ON a.id = ap.article_id AND a.is_lead AND a.kind = 'article'
        WHERE r.fantasy_team_id = f.id) AS count,
       (SELECT json_agg(json_build_object('id', r.id, 'playerId', r.player_id, 'name', p.name,
                 'position', pos.abbr, 'positionId', pos.id) ORDER BY r.id)
          FROM fantasy_rosters r
          JOIN players p ON p.id = r.player_id
          LEFT JOIN positions pos ON pos.id = COALESCE(r.position_id, p.position_id)
        WHERE r.fantasy_team_id = f.id) AS rosters
     FROM fantasy_teams f
     JOIN sports s ON s.id = f.sport_id
     JOIN users u ON u.id = f.user_id
     WHERE f.id = ANY($1::int[])`,
    [known, new Date(now.getTime() - DAY_MS).toISOString()],
  );
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toFantasyTeam(row)] : [];
  });
}

function toFantasyTeam(row: FantasyTeamRow): FantasyTeam {
  const id = Number(row.id);
  return {
    id,
    name: row.name,
    fullName: row.name,
    logo: sportLogoUrl(row.sport_slug),
    meta: `${row.sport_name} fantasy team of ${row.username}`,
    count: Number(row.count),
    sportId: Number(row.sport_id),
    sportSlug: row.sport_slug,
    sport: row.sport_name,
    user: { id: Number(row.user_id), username: row.username },
    rosters: (row.rosters ?? []).map((entry) => ({
      id: Number(entry.id),
      playerId: Number(entry.playerId),
      name: entry.name,
      position: entry.position,
      fantasyTeamId: id,
      positionId: entry.positionId === null ? null : Number(entry.positionId),
    })),
  };
}
