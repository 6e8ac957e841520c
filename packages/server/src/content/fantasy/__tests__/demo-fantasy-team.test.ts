// The demo member's fantasy team: stored once by prepareDemo's storeDemoFantasyTeam, eight NFL players from
// eight teams at their positions, and listed on the demo member's session.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CookieJar } from '../../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import { DEMO_FANTASY_TEAM, prepareDemo, storeDemoFantasyTeam } from '../../../demo/prepare-demo.js';

let testDb: TestDatabase;
let app: SportSpyderApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const db = testDb.db;
  await db.query(
    `INSERT INTO positions (sport_id, name, abbr, grp) VALUES
       (2, 'Quarterback', 'QB', 'Offense'), (2, 'Running Back', 'RB', 'Offense'),
       (2, 'Wide Receiver', 'WR', 'Offense'), (2, 'Tight End', 'TE', 'Offense'),
       (2, 'Kicker', 'K', 'Special Teams'), (2, 'Linebacker', 'LB', 'Defense')`,
  );
  // Every NFL team gets one player per position; the trend rises with the team's order, so the most
  // talked-about players all play for the last teams and the "one per team" rule has to spread them.
  await db.query(
    `INSERT INTO players (slug, name, team_id, sport_id, position_id, trend)
     SELECT t.slug || '-' || lower(pos.abbr), t.name || ' ' || pos.abbr, t.id, 2, pos.id,
            row_number() OVER (ORDER BY t.id)
     FROM teams t CROSS JOIN positions pos
     WHERE t.sport_id = 2 AND pos.sport_id = 2`,
  );
  app = await buildTestApp(db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

describe('storeDemoFantasyTeam', () => {
  it('gives the demo member one NFL team of 8 players from 8 teams at their positions, once', async () => {
    await storeDemoFantasyTeam(testDb.db);
    await storeDemoFantasyTeam(testDb.db);
    const teams = await testDb.db.query<{ id: number; name: string; sport: string; username: string }>(
      `SELECT f.id, f.name, s.slug AS sport, u.username FROM fantasy_teams f
       JOIN sports s ON s.id = f.sport_id JOIN users u ON u.id = f.user_id`,
    );
    expect(teams.rows).toEqual([
      { id: expect.any(Number), name: 'Demo Dynasty', sport: 'nfl', username: 'demo' },
    ]);
    const roster = await testDb.db.query<{ abbr: string; team_id: number; same_position: boolean }>(
      `SELECT pos.abbr, p.team_id, r.position_id = p.position_id AS same_position FROM fantasy_rosters r
       JOIN players p ON p.id = r.player_id JOIN positions pos ON pos.id = r.position_id
       WHERE r.fantasy_team_id = $1 ORDER BY r.id`,
      [teams.rows[0]?.id],
    );
    expect(roster.rows.map((r) => r.abbr)).toEqual([...DEMO_FANTASY_TEAM.positions]);
    expect(new Set(roster.rows.map((r) => r.team_id)).size).toBe(8);
    expect(roster.rows.every((r) => r.same_position)).toBe(true);
    // The hottest QB (last NFL team) is the starter.
    const qb = await testDb.db.query<{ trend: number }>(
      `SELECT p.trend FROM fantasy_rosters r JOIN players p ON p.id = r.player_id
       JOIN positions pos ON pos.id = p.position_id WHERE pos.abbr = 'QB'`,
    );
    const best = await testDb.db.query<{ trend: number }>(
      `SELECT max(p.trend) AS trend FROM players p JOIN positions pos ON pos.id = p.position_id WHERE pos.abbr = 'QB'`,
    );
    expect(qb.rows[0]?.trend).toBe(best.rows[0]?.trend);
  });

  it("lists the team on the demo member's session and serves its news page header", async () => {
    const jar = new CookieJar();
    const res = await jar.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
    const [summary] = res.json().session.user.fantasyTeams;
    expect(summary).toEqual({ id: expect.any(Number), name: 'Demo Dynasty', sportId: 2, sportSlug: 'nfl' });
    const team = await app.inject({ method: 'GET', url: `/api/v1/fantasy_teams/${summary.id}` });
    expect(team.json().fantasyTeam.rosters).toHaveLength(8);
    const players = await app.inject({ method: 'GET', url: `/api/v1/fantasy_teams/${summary.id}/players` });
    expect(players.json().players).toHaveLength(8);
  });
});

describe('prepareDemo', () => {
  it("stores the demo member's fantasy team from the generated NFL rosters, and keeps it on later runs", async () => {
    const demoDb = await createTestDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'fantasy-demo-'));
    try {
      const now = new Date('2026-11-20T12:00:00.000Z');
      await prepareDemo(demoDb.db, { dataDir, now });
      await prepareDemo(demoDb.db, { dataDir, now: new Date(now.getTime() + 2 * 86_400_000) });
      const { rows } = await demoDb.db.query<{ name: string; sport: string; players: number; teams: number }>(
        `SELECT f.name, s.slug AS sport, count(r.id)::int AS players, count(DISTINCT p.team_id)::int AS teams
         FROM fantasy_teams f JOIN sports s ON s.id = f.sport_id JOIN users u ON u.id = f.user_id
         JOIN fantasy_rosters r ON r.fantasy_team_id = f.id JOIN players p ON p.id = r.player_id
         WHERE u.username = 'demo' AND r.position_id = p.position_id AND p.sport_id = f.sport_id
         GROUP BY f.id, f.name, s.slug`,
      );
      expect(rows).toEqual([{ name: 'Demo Dynasty', sport: 'nfl', players: 8, teams: 8 }]);
    } finally {
      await demoDb.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
