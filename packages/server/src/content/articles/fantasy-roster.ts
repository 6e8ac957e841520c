/**
 * The players of a fantasy team's roster, for its news feed and players list (tables of migration
 * 0005_fantasy).
 * @module
 */
import type { Queryable } from '../../db/database.js';
import { HttpError, NOT_FOUND } from '../../http/errors.js';

/**
 * Answers the player ids of a fantasy team's roster in the order they were added, or throws the 404
 * when the fantasy team is unknown.
 *
 * @example
 * ```ts
 * const playerIds = await fantasyRosterPlayerIds(db, 12);
 * ```
 */
export async function fantasyRosterPlayerIds(db: Queryable, fantasyTeamId: number): Promise<number[]> {
  // Ids above PostgreSQL's integer range cannot exist (and would fail the comparison's cast).
  if (fantasyTeamId > 2_147_483_647) throw new HttpError(404, NOT_FOUND.errors);
  // One round trip: the LEFT JOIN keeps the team row when the roster is empty (a known, empty team).
  const { rows } = await db.query<{ player_id: number | null }>(
    `SELECT r.player_id FROM fantasy_teams f
     LEFT JOIN fantasy_rosters r ON r.fantasy_team_id = f.id
     WHERE f.id = $1 ORDER BY r.id`,
    [fantasyTeamId],
  );
  if (rows.length === 0) throw new HttpError(404, NOT_FOUND.errors);
  return rows.flatMap((r) => (r.player_id === null ? [] : [Number(r.player_id)]));
}
