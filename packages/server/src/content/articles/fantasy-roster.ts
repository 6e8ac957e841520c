/**
 * The players of a fantasy team's roster, for its news feed. The fantasy tables belong to another
 * module and may not exist yet: without them every fantasy team is unknown (404).
 * @module
 */
import type { Database } from '../../db/database.js';
import { HttpError, NOT_FOUND } from '../../http/errors.js';

/**
 * Answers the player ids of a fantasy team's roster, or throws the 404 when the team is unknown (or
 * the fantasy tables `fantasy_teams (id)` and `fantasy_rosters (fantasy_team_id, player_id)` do not
 * exist in this database).
 *
 * @example
 * ```ts
 * const playerIds = await fantasyRosterPlayerIds(db, 12);
 * ```
 */
export async function fantasyRosterPlayerIds(db: Database, fantasyTeamId: number): Promise<number[]> {
  const { rows: tables } = await db.query<{ teams: string | null; rosters: string | null }>(
    `SELECT to_regclass('fantasy_teams')::text AS teams, to_regclass('fantasy_rosters')::text AS rosters`,
  );
  if (!tables[0]?.teams || !tables[0].rosters) throw new HttpError(404, NOT_FOUND.errors);
  const { rows: team } = await db.query<{ id: number }>('SELECT id FROM fantasy_teams WHERE id = $1', [
    fantasyTeamId,
  ]);
  if (!team[0]) throw new HttpError(404, NOT_FOUND.errors);
  const { rows } = await db.query<{ player_id: number }>(
    'SELECT player_id FROM fantasy_rosters WHERE fantasy_team_id = $1',
    [fantasyTeamId],
  );
  return rows.map((r) => Number(r.player_id));
}
