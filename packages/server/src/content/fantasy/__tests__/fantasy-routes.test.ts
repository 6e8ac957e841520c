// The fantasy team read, its players and articles on a real roster, the session's fantasy teams, and the
// database rules of the fantasy tables.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import { buildContentApp } from '../../podcasts/__tests__/content-fixture.js';
import { type FantasyFixture, insertFantasyFixture } from './fantasy-fixture.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: FantasyFixture;

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await insertFantasyFixture(testDb.db);
  app = await buildContentApp(testDb.db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('GET api/v1/fantasy_teams/:id', () => {
  it('answers the team with its owner, sport, roster and the count of the last day', async () => {
    const res = await get(`/api/v1/fantasy_teams/${fx.teamId}`);
    expect(res.statusCode).toBe(200);
    const { players, sportId } = fx.content;
    const lb = await testDb.db.query<{ id: number }>(
      "SELECT id FROM positions WHERE sport_id = $1 AND abbr = 'LB'",
      [sportId],
    );
    const qbPos = await testDb.db.query<{ id: number }>(
      "SELECT id FROM positions WHERE sport_id = $1 AND abbr = 'QB'",
      [sportId],
    );
    expect(res.json()).toEqual({
      fantasyTeam: {
        id: fx.teamId,
        name: 'Quill Force',
        fullName: 'Quill Force',
        logo: '/logos/sports/fx-sport.svg',
        meta: 'Fixture League fantasy team of demo',
        // The QB's lead articles 6 h and 20 h old; the 8 h one is not a lead, the cluster counts once.
        count: 2,
        sportId,
        sportSlug: 'fx-sport',
        sport: 'Fixture League',
        user: { id: fx.demoUserId, username: 'demo' },
        rosters: [
          {
            id: fx.rosterIds[0],
            playerId: players.qb,
            name: 'Jordan Quill',
            position: 'QB',
            fantasyTeamId: fx.teamId,
            positionId: qbPos.rows[0]?.id,
          },
          {
            id: fx.rosterIds[1],
            playerId: players.wr,
            name: 'Wes Receiver',
            position: 'LB',
            fantasyTeamId: fx.teamId,
            positionId: lb.rows[0]?.id,
          },
          {
            id: fx.rosterIds[2],
            playerId: players.betaQb,
            name: 'Bo Thrower',
            position: 'QB',
            fantasyTeamId: fx.teamId,
            positionId: qbPos.rows[0]?.id,
          },
        ],
      },
    });
  });

  it('answers a team without players with an empty roster and a zero count', async () => {
    const res = await get(`/api/v1/fantasy_teams/${fx.emptyTeamId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().fantasyTeam).toMatchObject({
      name: 'Empty Bench',
      sportSlug: 'nfl',
      sport: 'NFL',
      count: 0,
      rosters: [],
      user: { username: 'profan' },
    });
  });

  it('answers 404 for an unknown team and 422 for a malformed or out-of-range id', async () => {
    const res = await get('/api/v1/fantasy_teams/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ errors: [{ code: 'not_found', title: 'Not found' }] });
    for (const id of ['abc', '99999999999']) {
      const bad = await get(`/api/v1/fantasy_teams/${id}`);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[0].field).toBe('id');
    }
  });
});

describe('a fantasy team news page on a real roster', () => {
  it('lists the rostered players', async () => {
    const res = await get(`/api/v1/fantasy_teams/${fx.teamId}/players`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.players.map((p: { slug: string }) => p.slug).sort()).toEqual([
      'fx-beta-qb',
      'fx-qb',
      'fx-wr',
    ]);
    expect(body.meta.pagination.totalCount).toBe(3);
    const empty = (await get(`/api/v1/fantasy_teams/${fx.emptyTeamId}/players`)).json();
    expect(empty.players).toEqual([]);
    expect((await get('/api/v1/fantasy_teams/999999/players')).statusCode).toBe(404);
    expect((await get('/api/v1/fantasy_teams/99999999999/players')).statusCode).toBe(422);
  });

  it("lists the lead articles about the roster's players, newest first, and counts new ones", async () => {
    const res = await get(`/api/v1/fantasy_teams/${fx.teamId}/articles`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.articles.map((a: { id: number }) => a.id)).toEqual([
      fx.content.articles.c1Lead,
      fx.content.articles.single,
    ]);
    expect(body.meta.pagination.totalCount).toBe(2);
    const count = await get(`/api/v1/fantasy_teams/${fx.teamId}/articles/new_count?since=0`);
    expect(count.statusCode).toBe(200);
    expect(count.json().newItems.count).toBe(2);
    const empty = (await get(`/api/v1/fantasy_teams/${fx.emptyTeamId}/articles`)).json();
    expect(empty.articles).toEqual([]);
    expect((await get('/api/v1/fantasy_teams/999999/articles')).statusCode).toBe(404);
  });
});

describe("the session user's fantasy teams", () => {
  it('lists the signed-in member’s fantasy teams with their sport', async () => {
    const jar = new CookieJar();
    const res = await jar.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
    expect(res.statusCode).toBe(200);
    expect(res.json().session.user.fantasyTeams).toEqual([
      { id: fx.teamId, name: 'Quill Force', sportId: fx.content.sportId, sportSlug: 'fx-sport' },
    ]);
    const again = await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    expect(again.json().session.user.fantasyTeams).toHaveLength(1);
  });
});

describe('the fantasy tables', () => {
  it('roster a player once per team and go away with their member', async () => {
    await expect(
      testDb.db.query('INSERT INTO fantasy_rosters (fantasy_team_id, player_id) VALUES ($1, $2)', [
        fx.teamId,
        fx.content.players.qb,
      ]),
    ).rejects.toThrow();
    const { rows } = await testDb.db.query<{ id: number }>(
      "INSERT INTO users (email, username, password_hash) VALUES ('gone@x.test', 'gone', 'x') RETURNING id",
    );
    const userId = rows[0]?.id;
    const team = await testDb.db.query<{ id: number }>(
      "INSERT INTO fantasy_teams (user_id, name, sport_id) VALUES ($1, 'Gone', 2) RETURNING id",
      [userId],
    );
    await testDb.db.query('INSERT INTO fantasy_rosters (fantasy_team_id, player_id) VALUES ($1, $2)', [
      team.rows[0]?.id,
      fx.content.players.lb,
    ]);
    await testDb.db.query('DELETE FROM users WHERE id = $1', [userId]);
    expect((await get(`/api/v1/fantasy_teams/${team.rows[0]?.id}`)).statusCode).toBe(404);
    const left = await testDb.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM fantasy_rosters WHERE fantasy_team_id = $1',
      [team.rows[0]?.id],
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});
