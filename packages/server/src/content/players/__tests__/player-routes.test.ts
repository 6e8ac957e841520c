import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import {
  buildContentApp,
  type ContentFixture,
  insertContentFixture,
} from '../../podcasts/__tests__/content-fixture.js';
import { loadPlayers, loadPlayersOf } from '../load-players.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await insertContentFixture(testDb.db);
  app = await buildContentApp(testDb.db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const get = (url: string) => app.inject({ method: 'GET', url });
const slugs = (list: { slug: string }[]) => list.map((p) => p.slug);

describe('loadPlayers', () => {
  it('answers players in the order asked, skipping unknown ids', async () => {
    const players = await loadPlayers(testDb.db, [fx.players.wr, 999_999, fx.players.qb]);
    expect(slugs(players)).toEqual(['fx-wr', 'fx-qb']);
  });

  it('loads the players a statement chooses, in the order it gives them', async () => {
    const players = await loadPlayersOf(testDb.db, {
      sql: 'SELECT p.id, row_number() OVER (ORDER BY p.slug DESC) AS ord FROM players p WHERE p.slug = ANY($1::text[])',
      params: [['fx-qb', 'fx-wr', 'fx-lb']],
    });
    expect(slugs(players)).toEqual(['fx-wr', 'fx-qb', 'fx-lb']);
    expect(players[1]?.lastArticles.map((a) => a.id)).toEqual([fx.articles.c1Lead, fx.articles.c1b]);
  });

  it('carries position, team, sport, flags and the latest 2 articles and latest episode', async () => {
    const [qb] = await loadPlayers(testDb.db, [fx.players.qb]);
    expect(qb?.position).toEqual({
      id: expect.any(Number),
      name: 'Quarterback',
      abbr: 'QB',
      group: 'Offense',
    });
    expect(qb?.team?.slug).toBe('fx-alpha');
    expect(qb?.team?.logo).toBe('/logos/teams/fx-alpha.svg');
    expect(qb?.sport.slug).toBe('fx-sport');
    expect(qb?.hot).toBe(true);
    expect(qb?.injured).toBe(false);
    expect(qb?.trends).toBe(6);
    expect(qb?.lastArticles.map((a) => a.id)).toEqual([fx.articles.c1Lead, fx.articles.c1b]);
    expect(qb?.lastEpisodes.map((e) => e.id)).toEqual([fx.episodes.p1a]);
  });
});

describe('GET api/v1/players/:id', () => {
  it('finds a player by slug or id', async () => {
    const bySlug = await get('/api/v1/players/fx-lb');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().player.name).toBe('Lenny Linebacker');
    expect(bySlug.json().player.injured).toBe(true);
    const byId = await get(`/api/v1/players/${fx.players.qb}`);
    expect(byId.json().player.slug).toBe('fx-qb');
    expect(byId.json().player.lastArticles).toHaveLength(2);
  });

  it('answers 404 for an unknown player and 422 for a malformed page size', async () => {
    const missing = await get('/api/v1/players/nobody-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: [{ code: 'not_found', title: 'Not found' }] });
    const bad = await get('/api/v1/players/fx-qb/podcast_episodes?perPage=abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('perPage');
  });
});

describe('trending players', () => {
  it('lists the trending players of a sport, highest trend first', async () => {
    const body = (await get('/api/v1/sports/fx-sport/hot_players')).json();
    expect(slugs(body.players)).toEqual(['fx-beta-qb', 'fx-qb', 'fx-wr']);
    expect(body.meta.pagination).toEqual({ page: 1, perPage: 8, totalPages: 1, totalCount: 3 });
    const page2 = (await get('/api/v1/sports/fx-sport/hot_players?perPage=2&page=2')).json();
    expect(slugs(page2.players)).toEqual(['fx-wr']);
    const beyond = (await get('/api/v1/sports/fx-sport/hot_players?page=5')).json();
    expect(beyond.players).toEqual([]);
  });

  it('lists the trending players of a team', async () => {
    const body = (await get('/api/v1/teams/fx-alpha/hot_players')).json();
    expect(slugs(body.players)).toEqual(['fx-qb', 'fx-wr']);
  });

  it('answers 404 for unknown sports and teams and 422 for a malformed page', async () => {
    expect((await get('/api/v1/sports/nope/hot_players')).statusCode).toBe(404);
    expect((await get('/api/v1/teams/nope/hot_players')).statusCode).toBe(404);
    expect((await get('/api/v1/teams/fx-alpha/hot_players?page=0')).statusCode).toBe(422);
  });
});

describe('GET api/v1/teams/:teamId/players', () => {
  it('lists the roster grouped by position group (offense, then defense), then position', async () => {
    const body = (await get('/api/v1/teams/fx-alpha/players')).json();
    expect(slugs(body.players)).toEqual(['fx-qb', 'fx-wr', 'fx-lb']);
    expect(body.players.map((p: { position: { group: string } }) => p.position.group)).toEqual([
      'Offense',
      'Offense',
      'Defense',
    ]);
    expect(body.meta.pagination).toEqual({ page: 1, perPage: 100, totalPages: 1, totalCount: 3 });
  });

  it('leaves out a player the provider no longer lists (inactive), whose page stays', async () => {
    await testDb.db.query(`UPDATE players SET active = false WHERE slug = 'fx-wr'`);
    try {
      const body = (await get('/api/v1/teams/fx-alpha/players')).json();
      expect(slugs(body.players)).toEqual(['fx-qb', 'fx-lb']);
      expect(body.meta.pagination.totalCount).toBe(2);
      expect((await get('/api/v1/players/fx-wr')).statusCode).toBe(200);
    } finally {
      await testDb.db.query(`UPDATE players SET active = true WHERE slug = 'fx-wr'`);
    }
  });

  it('answers an empty roster for a team without players and 404 for an unknown team', async () => {
    expect((await get('/api/v1/teams/fx-gamma/players')).json().players).toEqual([]);
    expect((await get('/api/v1/teams/nope/players')).statusCode).toBe(404);
  });
});

describe('GET api/v1/sports/:sportId/positions', () => {
  it('lists the positions of a sport in definition order', async () => {
    const body = (await get(`/api/v1/sports/${fx.sportId}/positions`)).json();
    expect(body.positions.map((p: { abbr: string }) => p.abbr)).toEqual(['QB', 'WR', 'LB']);
    expect(body.positions[2].group).toBe('Defense');
    expect((await get('/api/v1/sports/nope/positions')).statusCode).toBe(404);
  });
});

describe('GET api/v1/fantasy_teams/:id/players', () => {
  it('answers 404 for an unknown fantasy team, and 422 for a malformed id', async () => {
    expect((await get('/api/v1/fantasy_teams/1/players')).statusCode).toBe(404);
    expect((await get('/api/v1/fantasy_teams/x/players')).statusCode).toBe(422);
  });

  it('lists the roster players of a fantasy team, 404 for an unknown fantasy team', async () => {
    // Fantasy teams (migration 0005) belong to a member and a sport; id 1 is this file's only one.
    await testDb.db.query(
      `INSERT INTO fantasy_teams (id, user_id, name, sport_id)
       SELECT 1, u.id, 'Fixture Fantasy', $1 FROM users u WHERE u.username = 'demo'`,
      [fx.sportId],
    );
    await testDb.db.query(
      'INSERT INTO fantasy_rosters (fantasy_team_id, player_id) VALUES (1, $1), (1, $2)',
      [fx.players.betaQb, fx.players.wr],
    );
    const body = (await get('/api/v1/fantasy_teams/1/players')).json();
    expect(slugs(body.players).sort()).toEqual(['fx-beta-qb', 'fx-wr']);
    expect(body.meta.pagination.totalCount).toBe(2);
    expect((await get('/api/v1/fantasy_teams/2/players')).statusCode).toBe(404);
  });
});
