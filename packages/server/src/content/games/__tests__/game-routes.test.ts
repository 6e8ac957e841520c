import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import {
  buildContentApp,
  type ContentFixture,
  insertContentFixture,
} from '../../podcasts/__tests__/content-fixture.js';

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

describe('GET api/v1/sports/:sportId/games', () => {
  it('lists the games of the last and next 7 days by start time', async () => {
    const res = await get('/api/v1/sports/fx-sport/games');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.games.map((g: { id: number }) => g.id)).toEqual([
      fx.games.finished,
      fx.games.inPlay,
      fx.games.upcoming,
    ]);
    expect(body.meta.pagination).toEqual({ page: 1, perPage: 20, totalPages: 1, totalCount: 3 });
  });

  it('describes both sides: team facts, record, score and result', async () => {
    const { games } = (await get('/api/v1/sports/fx-sport/games')).json();
    const [finished, inPlay, upcoming] = games;
    expect(finished.status).toBe('finished');
    expect(finished.progress).toBeNull();
    expect(finished.home).toEqual({
      location: 'Green Bay',
      name: 'Alphas',
      abbr: 'GB',
      slug: 'fx-alpha',
      logo: '/logos/teams/fx-alpha.svg',
      sportSlug: 'fx-sport',
      pending: false,
      standing: '8-4-1',
      score: 24,
      win: true,
    });
    expect(finished.away).toMatchObject({
      slug: 'fx-beta',
      abbr: 'CHI',
      standing: '3-9',
      score: 17,
      win: false,
    });
    expect(inPlay).toMatchObject({ status: 'in-play', progress: 'Q3 4:12' });
    expect(inPlay.home).toMatchObject({ score: 7, win: null });
    expect(inPlay.away).toMatchObject({ slug: 'fx-gamma', standing: null, score: 10, win: null });
    expect(upcoming.status).toBe('not-started');
    expect(upcoming.home.score).toBeNull();
    expect(upcoming.startsAt).toBe('2026-11-23T12:00:00.000Z');
  });

  it('pages, answers an empty page beyond the end, 404 for an unknown sport, 422 for a bad page', async () => {
    const page2 = (await get('/api/v1/sports/fx-sport/games?perPage=2&page=2')).json();
    expect(page2.games.map((g: { id: number }) => g.id)).toEqual([fx.games.upcoming]);
    expect(page2.meta.pagination.totalPages).toBe(2);
    expect((await get('/api/v1/sports/fx-sport/games?page=3&perPage=2')).json().games).toEqual([]);
    expect((await get('/api/v1/sports/nope/games')).statusCode).toBe(404);
    expect((await get('/api/v1/sports/fx-sport/games?page=-1')).statusCode).toBe(422);
  });
});

describe('GET api/v1/teams/:teamId/games', () => {
  it("lists a team's home and away games in the window", async () => {
    const alpha = (await get('/api/v1/teams/fx-alpha/games')).json();
    expect(alpha.games.map((g: { id: number }) => g.id)).toEqual([fx.games.finished, fx.games.upcoming]);
    const gamma = (await get(`/api/v1/teams/${fx.teams.gamma}/games`)).json();
    expect(gamma.games.map((g: { id: number }) => g.id)).toEqual([fx.games.inPlay, fx.games.upcoming]);
  });

  it('answers 404 for an unknown team', async () => {
    expect((await get('/api/v1/teams/nope/games')).statusCode).toBe(404);
    expect((await get('/api/v1/teams/999999/games')).statusCode).toBe(404);
  });
});
