/**
 * Test fixture of the fantasy tests: on top of the shared content fixture (its Alpha and Beta players,
 * articles and episodes), a fantasy team of the demo member with three rostered players and an empty
 * fantasy team of the PRO member.
 * @module
 */
import type { Database } from '../../../db/database.js';
import { type ContentFixture, insertContentFixture } from '../../podcasts/__tests__/content-fixture.js';

/** Ids of what the fantasy fixture inserted. */
export interface FantasyFixture {
  /** The content fixture underneath. */
  content: ContentFixture;
  /** The demo member's id. */
  demoUserId: number;
  /** The demo member's fantasy team (roster: QB, WR as LB, Beta QB). */
  teamId: number;
  /** Roster entry ids in the order added. */
  rosterIds: number[];
  /** The PRO member's fantasy team without players. */
  emptyTeamId: number;
}

async function one(db: Database, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ id: number | string }>(sql, params);
  return Number(rows[0]?.id);
}

/** Inserts the content fixture and the fantasy teams; answers their ids. */
export async function insertFantasyFixture(db: Database): Promise<FantasyFixture> {
  const content = await insertContentFixture(db);
  const demoUserId = await one(db, "SELECT id FROM users WHERE username = 'demo'", []);
  const proUserId = await one(db, "SELECT id FROM users WHERE username = 'profan'", []);
  const teamId = await one(
    db,
    "INSERT INTO fantasy_teams (user_id, name, sport_id) VALUES ($1, 'Quill Force', $2) RETURNING id",
    [demoUserId, content.sportId],
  );
  const lb = await one(db, "SELECT id FROM positions WHERE sport_id = $1 AND abbr = 'LB'", [content.sportId]);
  const rosterIds: number[] = [];
  // The wide receiver is rostered as a linebacker (the member's choice wins over the player's position).
  for (const [playerId, positionId] of [
    [content.players.qb, null],
    [content.players.wr, lb],
    [content.players.betaQb, null],
  ] as const) {
    rosterIds.push(
      await one(
        db,
        'INSERT INTO fantasy_rosters (fantasy_team_id, player_id, position_id) VALUES ($1, $2, $3) RETURNING id',
        [teamId, playerId, positionId],
      ),
    );
  }
  const emptyTeamId = await one(
    db,
    "INSERT INTO fantasy_teams (user_id, name, sport_id) VALUES ($1, 'Empty Bench', 2) RETURNING id",
    [proUserId],
  );
  return { content, demoUserId, teamId, rosterIds, emptyTeamId };
}
