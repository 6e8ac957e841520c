// The member's fantasy teams through the real app: visitors get 401, another member's team is a 404
// on every call, the name is required (422 naming it), the sport is 1..4, create answers
// fantasyTeams[0], roster positions (the member's choice or the player's own), and a player of
// another sport or a second copy of a player is refused with a 422 naming playerId.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CookieJar } from '../../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import type { Database } from '../../../db/database.js';
import { MAX_ROSTER_SIZE } from '../fantasy-team-store.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let demo: CookieJar;
let pro: CookieJar;
const ids = { qb: 0, wr: 0, mlbPitcher: 0, nflQb: 0, nflWr: 0, nflTe: 0, mlbP: 0 };

async function one(db: Database, sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ id: number | string }>(sql, params);
  return Number(rows[0]?.id);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { db } = testDb;
  const position = (sportId: number, name: string, abbr: string) =>
    one(db, `INSERT INTO positions (sport_id, name, abbr, grp) VALUES ($1, $2, $3, 'Offense') RETURNING id`, [
      sportId,
      name,
      abbr,
    ]);
  ids.nflQb = await position(2, 'Quarterback', 'QB');
  ids.nflWr = await position(2, 'Wide Receiver', 'WR');
  ids.nflTe = await position(2, 'Tight End', 'TE');
  ids.mlbP = await position(1, 'Pitcher', 'P');
  const player = (slug: string, name: string, sportId: number, positionId: number) =>
    one(db, 'INSERT INTO players (slug, name, sport_id, position_id) VALUES ($1, $2, $3, $4) RETURNING id', [
      slug,
      name,
      sportId,
      positionId,
    ]);
  ids.qb = await player('fx-pf-qb', 'Parker Passer', 2, ids.nflQb);
  ids.wr = await player('fx-pf-wr', 'Rory Runner', 2, ids.nflWr);
  ids.mlbPitcher = await player('fx-pf-p', 'Casey Curve', 1, ids.mlbP);
  app = await buildTestApp(db);
  demo = new CookieJar();
  expect((await demo.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo')).statusCode).toBe(200);
  pro = new CookieJar();
  expect((await pro.signIn(app, 'pro@sportspyder.test', 'sportspyder-pro')).statusCode).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const TEAMS = '/api/v1/profile/fantasy_teams';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (jar: CookieJar, method: Method, url: string, payload?: unknown) =>
  jar.request(app, { method, url, ...(payload === undefined ? {} : { payload }) });

async function createTeam(jar: CookieJar, name: string, sportId = 2): Promise<number> {
  const res = await call(jar, 'POST', TEAMS, { name, sportId });
  expect(res.statusCode).toBe(201);
  return res.json().fantasyTeams[0].id;
}

describe('creating and listing', () => {
  it('creates a team and answers it as fantasyTeams[0], listed and in the session', async () => {
    const res = await call(demo, 'POST', TEAMS, { name: '  Sunday Squad ', sportId: 2 });
    expect(res.statusCode).toBe(201);
    const [team] = res.json().fantasyTeams;
    expect(team).toMatchObject({
      name: 'Sunday Squad',
      sportId: 2,
      sportSlug: 'nfl',
      sport: 'NFL',
      rosters: [],
      user: { username: 'demo' },
    });
    const list = await call(demo, 'GET', TEAMS);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().fantasyTeams.map((t: { id: number }) => t.id)).toContain(team.id);
    const session = (await call(demo, 'GET', '/api/v1/session')).json().session.user;
    expect(session.fantasyTeams).toContainEqual({
      id: team.id,
      name: 'Sunday Squad',
      sportId: 2,
      sportSlug: 'nfl',
    });
  });

  it('requires the name (422 naming it) and a sport of 1 to 4', async () => {
    for (const payload of [{ sportId: 2 }, { name: '', sportId: 2 }, { name: '   ', sportId: 2 }]) {
      const res = await call(demo, 'POST', TEAMS, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        { field: 'name', code: 'blank', title: "Team name can't be blank" },
      ]);
    }
    const sport = await call(demo, 'POST', TEAMS, { name: 'Puck Pack', sportId: 5 });
    expect(sport.statusCode).toBe(422);
    expect(sport.json().errors).toEqual([
      { field: 'sportId', code: 'invalid', title: 'Choose a sport: MLB, NFL, NBA or NHL' },
    ]);
    const both = await call(demo, 'POST', TEAMS, { name: '', sportId: 'nfl' });
    expect(both.json().errors.map((e: { field: string }) => e.field)).toEqual(['name', 'sportId']);
    const long = await call(demo, 'POST', TEAMS, { name: 'x'.repeat(61), sportId: 1 });
    expect(long.json().errors[0]).toMatchObject({ field: 'name', code: 'too_long' });
  });

  it("lists only the member's own teams", async () => {
    const mine = await createTeam(pro, 'Pro Picks', 1);
    const demoList = (await call(demo, 'GET', TEAMS)).json().fantasyTeams as { id: number }[];
    expect(demoList.map((t) => t.id)).not.toContain(mine);
    const proList = (await call(pro, 'GET', TEAMS)).json().fantasyTeams as { id: number }[];
    expect(proList.map((t) => t.id)).toContain(mine);
  });
});

describe('visitors', () => {
  it('answers 401 on every call', async () => {
    const teamId = await createTeam(demo, 'Visitor Proof');
    const visitor = new CookieJar();
    await call(visitor, 'GET', '/api/v1/session');
    const calls: [Method, string, unknown?][] = [
      ['GET', TEAMS],
      ['POST', TEAMS, { name: 'X', sportId: 1 }],
      ['GET', `${TEAMS}/${teamId}`],
      ['PUT', `${TEAMS}/${teamId}`, { name: 'Y' }],
      ['DELETE', `${TEAMS}/${teamId}`],
      ['POST', `${TEAMS}/${teamId}/rosters`, { playerId: ids.qb }],
      ['DELETE', `${TEAMS}/${teamId}/rosters/1`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(visitor, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().errors[0].code).toBe('unauthorized');
    }
    expect((await call(demo, 'GET', `${TEAMS}/${teamId}`)).json().fantasyTeam.name).toBe('Visitor Proof');
  });
});

describe("another member's team", () => {
  it('is a 404 on every call and stays as it was', async () => {
    const teamId = await createTeam(demo, 'Keep Out');
    const added = await call(demo, 'POST', `${TEAMS}/${teamId}/rosters`, { playerId: ids.qb });
    const rosterId = added.json().roster.id;
    const calls: [Method, string, unknown?][] = [
      ['GET', `${TEAMS}/${teamId}`],
      ['PUT', `${TEAMS}/${teamId}`, { name: 'Mine now' }],
      ['PUT', `${TEAMS}/${teamId}`, { name: '' }],
      ['DELETE', `${TEAMS}/${teamId}`],
      ['POST', `${TEAMS}/${teamId}/rosters`, { playerId: ids.wr }],
      ['DELETE', `${TEAMS}/${teamId}/rosters/${rosterId}`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(pro, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ errors: [{ code: 'not_found', title: 'Not found' }] });
    }
    const team = (await call(demo, 'GET', `${TEAMS}/${teamId}`)).json().fantasyTeam;
    expect(team.name).toBe('Keep Out');
    expect(team.rosters.map((r: { playerId: number }) => r.playerId)).toEqual([ids.qb]);
  });

  it('answers 404 for unknown and out-of-range ids, never a 500', async () => {
    expect((await call(demo, 'GET', `${TEAMS}/999999`)).statusCode).toBe(404);
    expect((await call(demo, 'DELETE', `${TEAMS}/999999/rosters/1`)).statusCode).toBe(404);
    // Ids the contract refuses (beyond int4, not a number) are the app's usual 422.
    expect((await call(demo, 'GET', `${TEAMS}/2147483648`)).statusCode).toBe(422);
    expect((await call(demo, 'PUT', `${TEAMS}/abc`, { name: 'x' })).statusCode).toBe(422);
    expect((await call(demo, 'PUT', `${TEAMS}/2147483648`, { name: '' })).statusCode).toBe(422);
  });
});

describe('rename and delete', () => {
  it('renames (name required) and deletes with the roster, answering the team as it was', async () => {
    const teamId = await createTeam(demo, 'Old Name');
    const renamed = await call(demo, 'PUT', `${TEAMS}/${teamId}`, { name: 'New Name' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().fantasyTeam.name).toBe('New Name');
    const blank = await call(demo, 'PUT', `${TEAMS}/${teamId}`, { name: ' ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors[0].field).toBe('name');
    await call(demo, 'POST', `${TEAMS}/${teamId}/rosters`, { playerId: ids.wr });
    const removed = await call(demo, 'DELETE', `${TEAMS}/${teamId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().fantasyTeam).toMatchObject({ id: teamId, name: 'New Name' });
    expect((await call(demo, 'GET', `${TEAMS}/${teamId}`)).statusCode).toBe(404);
    const left = await testDb.db.query('SELECT 1 FROM fantasy_rosters WHERE fantasy_team_id = $1', [teamId]);
    expect(left.rows).toHaveLength(0);
  });
});

describe('rosters', () => {
  it('adds players with their own position or the one chosen, and removes them', async () => {
    const teamId = await createTeam(demo, 'Roster Test');
    const qb = await call(demo, 'POST', `${TEAMS}/${teamId}/rosters`, { playerId: ids.qb });
    expect(qb.statusCode).toBe(201);
    expect(qb.json().roster).toMatchObject({
      playerId: ids.qb,
      name: 'Parker Passer',
      position: 'QB',
      positionId: ids.nflQb,
      fantasyTeamId: teamId,
    });
    const wrAsTe = await call(demo, 'POST', `${TEAMS}/${teamId}/rosters`, {
      playerId: ids.wr,
      positionId: ids.nflTe,
    });
    expect(wrAsTe.json().roster).toMatchObject({ playerId: ids.wr, position: 'TE', positionId: ids.nflTe });
    const team = (await call(demo, 'GET', `${TEAMS}/${teamId}`)).json().fantasyTeam;
    expect(team.rosters.map((r: { name: string }) => r.name)).toEqual(['Parker Passer', 'Rory Runner']);

    const gone = await call(demo, 'DELETE', `${TEAMS}/${teamId}/rosters/${qb.json().roster.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().roster.name).toBe('Parker Passer');
    const after = (await call(demo, 'GET', `${TEAMS}/${teamId}`)).json().fantasyTeam;
    expect(after.rosters.map((r: { name: string }) => r.name)).toEqual(['Rory Runner']);
    expect((await call(demo, 'DELETE', `${TEAMS}/${teamId}/rosters/${qb.json().roster.id}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses a player of another sport with a clear 422', async () => {
    const teamId = await createTeam(demo, 'NFL Only');
    const res = await call(demo, 'POST', `${TEAMS}/${teamId}/rosters`, { playerId: ids.mlbPitcher });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      {
        field: 'playerId',
        code: 'wrong_sport',
        title: 'Casey Curve plays in the MLB. This team only takes NFL players.',
      },
    ]);
    const wrongPosition = await call(demo, 'POST', `${TEAMS}/${teamId}/rosters`, {
      playerId: ids.qb,
      positionId: ids.mlbP,
    });
    expect(wrongPosition.statusCode).toBe(422);
    expect(wrongPosition.json().errors[0].field).toBe('positionId');
    const unknown = await call(demo, 'POST', `${TEAMS}/${teamId}/rosters`, { playerId: 99999999 });
    expect(unknown.json().errors[0]).toMatchObject({ field: 'playerId', code: 'not_found' });
    expect((await call(demo, 'GET', `${TEAMS}/${teamId}`)).json().fantasyTeam.rosters).toEqual([]);
  });

  it('refuses a second copy of a player, also when both adds race', async () => {
    const teamId = await createTeam(demo, 'No Twins');
    const url = `${TEAMS}/${teamId}/rosters`;
    const [a, b] = await Promise.all([
      call(demo, 'POST', url, { playerId: ids.wr }),
      call(demo, 'POST', url, { playerId: ids.wr }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const again = await call(demo, 'POST', url, { playerId: ids.wr });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual([
      { field: 'playerId', code: 'taken', title: 'Rory Runner is already on this team.' },
    ]);
    expect((await call(demo, 'GET', `${TEAMS}/${teamId}`)).json().fantasyTeam.rosters).toHaveLength(1);
  });

  it(`holds at most ${MAX_ROSTER_SIZE} players`, async () => {
    const teamId = await createTeam(demo, 'Full House');
    await testDb.db.query(
      `WITH p AS (
         INSERT INTO players (slug, name, sport_id)
         SELECT 'fx-pf-bulk-' || n, 'Bulk ' || n, 2 FROM generate_series(1, $2::int) n RETURNING id)
       INSERT INTO fantasy_rosters (fantasy_team_id, player_id) SELECT $1, id FROM p`,
      [teamId, MAX_ROSTER_SIZE],
    );
    const res = await call(demo, 'POST', `${TEAMS}/${teamId}/rosters`, { playerId: ids.qb });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ field: 'playerId', code: 'limit' });
  });

  it('shows the roster on the public fantasy team page and its player search', async () => {
    const teamId = await createTeam(demo, 'Public View');
    await call(demo, 'POST', `${TEAMS}/${teamId}/rosters`, { playerId: ids.qb });
    const page = await app.inject({ method: 'GET', url: `/api/v1/fantasy_teams/${teamId}` });
    expect(page.json().fantasyTeam.rosters.map((r: { name: string }) => r.name)).toEqual(['Parker Passer']);
    const found = await call(demo, 'GET', '/api/v1/search/fantasy_players?sportId=2&q=parker');
    expect(found.json().players.map((p: { id: number }) => p.id)).toContain(ids.qb);
  });
});
