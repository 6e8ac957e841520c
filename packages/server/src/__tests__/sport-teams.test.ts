// GET api/v1/sports/:sportId/teams: a sport's teams in the shape and order of GET api/v1/teams?sport=.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SportSpyderApp } from '../app.js';
import { buildTestApp } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let testDb: TestDatabase;
let app: SportSpyderApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('GET api/v1/sports/:sportId/teams', () => {
  it("lists the NFL's 32 teams like GET api/v1/teams?sport=nfl, by slug or id", async () => {
    const res = await get('/api/v1/sports/nfl/teams');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.teams).toHaveLength(32);
    expect(body.meta.pagination).toEqual({ page: 1, perPage: 100, totalPages: 1, totalCount: 32 });
    expect(new Set(body.teams.map((t: { sportSlug: string }) => t.sportSlug))).toEqual(new Set(['nfl']));
    const legacy = (await get('/api/v1/teams?sport=nfl')).json();
    expect(body.teams).toEqual(legacy.teams);
    const byId = (await get('/api/v1/sports/2/teams')).json();
    expect(byId.teams).toEqual(body.teams);
  });

  it('pages the list; a page beyond the end is empty', async () => {
    const page = (await get('/api/v1/sports/nfl/teams?perPage=10&page=4')).json();
    expect(page.teams).toHaveLength(2);
    expect(page.meta.pagination).toEqual({ page: 4, perPage: 10, totalPages: 4, totalCount: 32 });
    const all = (await get('/api/v1/sports/nfl/teams')).json();
    expect(page.teams.map((t: { slug: string }) => t.slug)).toEqual(
      all.teams.slice(30).map((t: { slug: string }) => t.slug),
    );
    expect((await get('/api/v1/sports/nfl/teams?page=9')).json().teams).toEqual([]);
  });

  it('answers 404 for an unknown sport and 422 for a malformed page', async () => {
    for (const id of ['curling', '999', '99999999999']) {
      const res = await get(`/api/v1/sports/${id}/teams`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: [{ code: 'not_found', title: 'Not found' }] });
    }
    const bad = await get('/api/v1/sports/nfl/teams?perPage=0');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('perPage');
  });
});
