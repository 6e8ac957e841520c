import type { Domain, Source } from '@sportspyder/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import {
  buildContentApp,
  type ContentFixture,
  seedContent,
} from '../../articles/__tests__/content-fixtures.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await seedContent(testDb.db);
  app = await buildContentApp(testDb.db);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function get(url: string, jar?: CookieJar) {
  const res = jar ? await jar.request(app, { method: 'GET', url }) : await app.inject({ method: 'GET', url });
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are checked field by field.
  return { status: res.statusCode, body: res.json() as any };
}
const sourceIds = (body: { sources: Source[] }) => body.sources.map((s) => s.id);

describe('sources', () => {
  it('lists news sources by domain name, with their figures', async () => {
    const { status, body } = await get('/api/v1/sources');
    expect(status).toBe(200);
    expect(sourceIds(body)).toEqual([
      fx.sources.golfDigest,
      fx.sources.nation,
      fx.sources.tube,
      fx.sources.ledger,
    ]);
    expect(body.meta.pagination).toEqual({ page: 1, perPage: 25, totalPages: 1, totalCount: 4 });
    const nation = body.sources[1] as Source;
    expect(nation).toMatchObject({
      id: fx.sources.nation,
      articlesCount: 21,
      dailyVolume: 3,
      following: false,
      egg: { id: fx.sources.nation },
      domain: { id: fx.domains.nation, name: 'Packers Nation', label: 'Packers Nation', isYoutube: false },
      lastArticle: { id: fx.lead, title: 'Quill signs extension' },
    });
    expect(nation.teams.map((t) => t.slug)).toEqual(['green-bay-packers']);
  });

  it('filters by team or domain and pages', async () => {
    expect(sourceIds((await get(`/api/v1/sources?teamId=${fx.packers}`)).body)).toEqual([
      fx.sources.nation,
      fx.sources.tube,
    ]);
    expect(sourceIds((await get(`/api/v1/sources?domainId=${fx.domains.ledger}`)).body)).toEqual([
      fx.sources.ledger,
    ]);
    const page2 = await get('/api/v1/sources?perPage=3&page=2');
    expect(sourceIds(page2.body)).toEqual([fx.sources.ledger]);
    expect(page2.body.meta.pagination).toEqual({ page: 2, perPage: 3, totalPages: 2, totalCount: 4 });
    expect((await get('/api/v1/sources?page=5')).body.sources).toEqual([]);
    expect((await get('/api/v1/sources?perPage=0')).status).toBe(422);
  });

  it('reads one source, following for the member who follows it', async () => {
    const visitor = await get(`/api/v1/sources/${fx.sources.ledger}`);
    expect(visitor.status).toBe(200);
    expect(visitor.body.source).toMatchObject({ id: fx.sources.ledger, following: false, articlesCount: 2 });
    await testDb.db.query('INSERT INTO source_follows (user_id, source_id) VALUES ($1, $2)', [
      fx.demoUserId,
      fx.sources.ledger,
    ]);
    const demo = new CookieJar();
    await demo.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
    expect((await get(`/api/v1/sources/${fx.sources.ledger}`, demo)).body.source.following).toBe(true);
    expect((await get(`/api/v1/sources/${fx.sources.ledger}`)).body.source.following).toBe(false);
    expect((await get('/api/v1/sources/999999')).status).toBe(404);
    expect((await get('/api/v1/sources/x')).status).toBe(422);
  });
});

describe('team sources', () => {
  it('lists the news sources covering a team, busiest first; video lists the channels', async () => {
    const { status, body } = await get('/api/v1/teams/green-bay-packers/sources');
    expect(status).toBe(200);
    expect(sourceIds(body)).toEqual([fx.sources.nation, fx.sources.ledger]);
    const video = await get('/api/v1/teams/green-bay-packers/sources?video=true');
    expect(sourceIds(video.body)).toEqual([fx.sources.tube]);
    expect((await get('/api/v1/teams/nope/sources')).status).toBe(404);
  });

  it("leaves out the member's hidden sources unless full", async () => {
    await testDb.db.query('INSERT INTO hidden_sources (user_id, source_id, team_id) VALUES ($1, $2, $3)', [
      fx.demoUserId,
      fx.sources.ledger,
      fx.packers,
    ]);
    const demo = new CookieJar();
    await demo.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
    expect(sourceIds((await get('/api/v1/teams/green-bay-packers/sources', demo)).body)).toEqual([
      fx.sources.nation,
    ]);
    expect(sourceIds((await get('/api/v1/teams/green-bay-packers/sources?full=true', demo)).body)).toEqual([
      fx.sources.nation,
      fx.sources.ledger,
    ]);
    expect(sourceIds((await get('/api/v1/teams/green-bay-packers/sources')).body)).toHaveLength(2);
  });
});

describe('domains', () => {
  it('lists domains by name and pages', async () => {
    const { body } = await get('/api/v1/domains?perPage=2');
    expect((body.domains as Domain[]).map((d) => d.name)).toEqual(['Golf Digest', 'Packers Nation']);
    expect(body.meta.pagination).toEqual({ page: 1, perPage: 2, totalPages: 2, totalCount: 4 });
    expect((body.domains as Domain[])[0]).toMatchObject({
      favicon: 'https://golfdigest.example/favicon.ico',
    });
    expect((await get('/api/v1/domains?page=3&perPage=2')).body.domains).toEqual([]);
  });

  it('lists the domains of a topic', async () => {
    const { status, body } = await get('/api/v1/topics/golf/domains');
    expect(status).toBe(200);
    expect((body.domains as Domain[]).map((d) => d.name)).toEqual(['Golf Digest']);
    expect((await get('/api/v1/topics/nope/domains')).status).toBe(404);
  });
});
