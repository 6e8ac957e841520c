/**
 * The writes and ownership checks of a member's fantasy teams and rosters (spec 3 "Fantasy"). Every
 * statement is scoped by the member's id, so another member's team is indistinguishable from a
 * missing one. Reads in the contract's shape stay in `load-fantasy-team.ts`.
 * @module
 */
import type { ApiErrorItem } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';

/** Teams one member may keep: enough for every league a fan plays in, not an unbounded table. */
export const MAX_FANTASY_TEAMS = 25;
/** Players one roster may hold (the deepest real fantasy rosters hold about 30). */
export const MAX_ROSTER_SIZE = 50;

/** The refusals of the fantasy calls, in the error list's shape. */
export const FANTASY_ERRORS = {
  nameBlank: { field: 'name', code: 'blank', title: "Team name can't be blank" },
  nameTooLong: { field: 'name', code: 'too_long', title: 'Team name is too long (maximum is 60 characters)' },
  sport: { field: 'sportId', code: 'invalid', title: 'Choose a sport: MLB, NFL, NBA or NHL' },
  tooManyTeams: {
    code: 'limit',
    title: `You can keep up to ${MAX_FANTASY_TEAMS} fantasy teams. Delete one to create another.`,
  },
  playerMissing: { field: 'playerId', code: 'not_found', title: 'That player could not be found.' },
  positionInvalid: {
    field: 'positionId',
    code: 'invalid',
    title: "That position is not one of this team's sport.",
  },
  rosterFull: {
    field: 'playerId',
    code: 'limit',
    title: `A fantasy team can have up to ${MAX_ROSTER_SIZE} players. Remove one to add another.`,
  },
} satisfies Record<string, ApiErrorItem>;

/** The refusal of a player of another sport, naming both sports. */
export function wrongSportError(player: string, playerSport: string, teamSport: string): ApiErrorItem {
  return {
    field: 'playerId',
    code: 'wrong_sport',
    title: `${player} plays in the ${playerSport}. This team only takes ${teamSport} players.`,
  };
}

/** The refusal of a player already on the roster. */
export function duplicatePlayerError(player: string): ApiErrorItem {
  return { field: 'playerId', code: 'taken', title: `${player} is already on this team.` };
}

/** A member's team as the write checks need it. */
export interface OwnedTeam {
  id: number;
  sportId: number;
  sport: string;
}

// Ids above PostgreSQL's integer range cannot exist; asking for them would be a cast error.
const MAX_ID = 2_147_483_647;

/** The member's fantasy team ids, oldest first. */
export async function memberFantasyTeamIds(db: Queryable, userId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM fantasy_teams WHERE user_id = $1 ORDER BY id',
    [userId],
  );
  return rows.map((row) => Number(row.id));
}

/** The member's team `id`, or null when it does not exist or belongs to someone else. */
export async function findOwnedTeam(db: Queryable, userId: number, id: number): Promise<OwnedTeam | null> {
  if (id > MAX_ID) return null;
  const { rows } = await db.query<{ id: number; sport_id: number; sport: string }>(
    `SELECT f.id, f.sport_id, s.name AS sport FROM fantasy_teams f JOIN sports s ON s.id = f.sport_id
     WHERE f.id = $1 AND f.user_id = $2`,
    [id, userId],
  );
  const row = rows[0];
  return row ? { id: Number(row.id), sportId: Number(row.sport_id), sport: row.sport } : null;
}

/**
 * Creates a team unless the member already keeps {@link MAX_FANTASY_TEAMS}; answers its id or null
 * at the limit. The count and the insert are one statement.
 */
export async function insertFantasyTeam(
  db: Queryable,
  userId: number,
  input: { name: string; sportId: number },
): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO fantasy_teams (user_id, name, sport_id)
     SELECT $1, $2, $3 WHERE (SELECT count(*) FROM fantasy_teams WHERE user_id = $1) < $4
     RETURNING id`,
    [userId, input.name, input.sportId, MAX_FANTASY_TEAMS],
  );
  return rows[0] ? Number(rows[0].id) : null;
}

/** Renames the member's team; false when it is not theirs. */
export async function renameFantasyTeam(
  db: Queryable,
  userId: number,
  id: number,
  name: string,
): Promise<boolean> {
  if (id > MAX_ID) return false;
  const { rows } = await db.query(
    'UPDATE fantasy_teams SET name = $3 WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId, name],
  );
  return rows.length > 0;
}

/** Deletes the member's team (its roster goes with it); false when it is not theirs. */
export async function deleteFantasyTeam(db: Queryable, userId: number, id: number): Promise<boolean> {
  if (id > MAX_ID) return false;
  const { rows } = await db.query('DELETE FROM fantasy_teams WHERE id = $1 AND user_id = $2 RETURNING id', [
    id,
    userId,
  ]);
  return rows.length > 0;
}

/** A player as the roster checks need it. */
export interface RosterCandidate {
  name: string;
  sportId: number;
  sport: string;
}

/** The player `id` with its sport, or null. */
export async function findPlayer(db: Queryable, id: number): Promise<RosterCandidate | null> {
  if (id > MAX_ID) return null;
  const { rows } = await db.query<{ name: string; sport_id: number; sport: string }>(
    'SELECT p.name, p.sport_id, s.name AS sport FROM players p JOIN sports s ON s.id = p.sport_id WHERE p.id = $1',
    [id],
  );
  const row = rows[0];
  return row ? { name: row.name, sportId: Number(row.sport_id), sport: row.sport } : null;
}

/** Whether `positionId` is a position of `sportId`. */
export async function isPositionOfSport(
  db: Queryable,
  positionId: number,
  sportId: number,
): Promise<boolean> {
  if (positionId > MAX_ID) return false;
  const { rows } = await db.query('SELECT 1 FROM positions WHERE id = $1 AND sport_id = $2', [
    positionId,
    sportId,
  ]);
  return rows.length > 0;
}

/** What {@link insertRosterEntry} did. */
export type RosterInsert = { state: 'added'; id: number } | { state: 'duplicate' } | { state: 'full' };

/**
 * Adds a player to a team: once each (the table's unique key decides, so two concurrent adds of the
 * same player make one entry) and up to {@link MAX_ROSTER_SIZE} players.
 */
export async function insertRosterEntry(
  db: Queryable,
  input: { teamId: number; playerId: number; positionId: number | null },
): Promise<RosterInsert> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO fantasy_rosters (fantasy_team_id, player_id, position_id)
     SELECT $1, $2, $3 WHERE (SELECT count(*) FROM fantasy_rosters WHERE fantasy_team_id = $1) < $4
     ON CONFLICT (fantasy_team_id, player_id) DO NOTHING RETURNING id`,
    [input.teamId, input.playerId, input.positionId, MAX_ROSTER_SIZE],
  );
  if (rows[0]) return { state: 'added', id: Number(rows[0].id) };
  const { rows: existing } = await db.query(
    'SELECT 1 FROM fantasy_rosters WHERE fantasy_team_id = $1 AND player_id = $2',
    [input.teamId, input.playerId],
  );
  return existing.length > 0 ? { state: 'duplicate' } : { state: 'full' };
}

/** Removes roster entry `id` of team `teamId`; false when the entry is not on that team. */
export async function deleteRosterEntry(db: Queryable, teamId: number, id: number): Promise<boolean> {
  if (id > MAX_ID) return false;
  const { rows } = await db.query(
    'DELETE FROM fantasy_rosters WHERE id = $1 AND fantasy_team_id = $2 RETURNING id',
    [id, teamId],
  );
  return rows.length > 0;
}
