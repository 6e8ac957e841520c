import type { Article } from '@sportspyder/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import {
  type ContentFixture,
  insertArticle,
  seedContent,
} from '../../content/articles/__tests__/content-fixtures.js';
import { answersPublicRead, publicReadsOf, warmPublicReads } from '../warm-public-reads.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await seedContent(testDb.db);
  app = await buildTestApp(testDb.db, { rateLimitMax: 10_000, responseCacheTtlMs: 60_000 });
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const preparedCount = async () =>
  Number(
    (await testDb.db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]
      ?.n,
  );

describe('warming the public reads before the server listens', () => {
  it("reads home's, a sport page's and a team page's first screen, each a real route of the API", async () => {
    const reads = publicReadsOf('nfl', 'green-bay-packers');
    expect(reads).toEqual(
      expect.arrayContaining([
        '/api/v1/top_stories',
        '/api/v1/sports/nfl/feeds',
        '/api/v1/teams/green-bay-packers/feeds',
        '/api/v1/teams/green-bay-packers/articles?page=1',
      ]),
    );
    for (const url of reads) expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
  });

  it("keeps the pages' statements prepared and leaves nothing in the page cache for the first visitor", async () => {
    app.responseCache.invalidateAll();
    const before = await preparedCount();
    await warmPublicReads(app);
    expect(app.responseCache.size).toBe(0);
    if (testDb.db.kind === 'pglite') expect(await preparedCount()).toBeGreaterThan(before);
    else expect(await preparedCount()).toBe(before);

    // What is stored after the warm-up (ingestion starts after it) is on the first visitor's page.
    const { rows } = await testDb.db.query<{ id: number; slug: string }>(
      'SELECT id, slug FROM teams ORDER BY id LIMIT 1',
    );
    const team = rows[0]!;
    await insertArticle(testDb.db, {
      sourceId: fx.sources.nation,
      title: 'Stored after the warm-up',
      hoursAgo: 0,
      teams: [team.id],
    });
    const page = await app.inject({ method: 'GET', url: `/api/v1/teams/${team.slug}/articles?page=1` });
    expect(page.statusCode).toBe(200);
    expect((page.json() as { articles: Article[] }).articles.map((a) => a.title)).toContain(
      'Stored after the warm-up',
    );
  });

  it("names the warmed reads' routes, whatever the sport and team, for their serializers to be compiled at start", () => {
    const route = (url: string, method = 'GET', httpStatus = '200') => ({ method, url, httpStatus });
    for (const url of [
      '/api/v1/session',
      '/api/v1/top_stories',
      '/api/v1/sports/:sportId/feeds',
      '/api/v1/teams/:teamId/articles',
      '/api/v1/teams/:teamId/feeds',
    ])
      expect(answersPublicRead(route(url)), url).toBe(true);
    // Not another route, another method or an error answer of a warmed route.
    expect(answersPublicRead(route('/api/v1/search/results'))).toBe(false);
    expect(answersPublicRead(route('/api/v1/teams/:teamId/articles/new_count'))).toBe(false);
    expect(answersPublicRead(route('/api/v1/top_stories', 'POST'))).toBe(false);
    expect(answersPublicRead(route('/api/v1/top_stories', 'GET', '404'))).toBe(false);
  });
});
