// My Sources' lists through the real app: the latest articles of the followed sources (newest first,
// 13 a page, only followed sources), the followed sources (most recently followed first, marked
// following), both empty for a member who follows nothing, 401 for a visitor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CookieJar } from '../../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import { parseFeed } from '../../../ingest/feeds/parse-feed.js';
import { addSource, NOW, rssFeed } from '../../../ingest/pipeline/__tests__/pipeline-fixtures.js';
import { ingestFeed } from '../../../ingest/pipeline/ingest-feed.js';
import { loadTagIndex } from '../../../ingest/pipeline/load-tag-index.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let demoId: number;
const sourceIds: number[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.db);
  const tagIndex = await loadTagIndex(testDb.db);
  // Three sources of 10 articles each, an hour apart, interleaved between the sources.
  for (const [n, host] of ['one.example', 'two.example', 'three.example'].entries()) {
    const source = await addSource(testDb.db, { host, feedUrl: `https://${host}/feed`, title: host });
    sourceIds.push(source.id);
    const items = Array.from({ length: 10 }, (_, i) => ({
      title: `${host} story ${i}`,
      link: `https://${host}/${i}`,
      date: new Date(NOW.getTime() - (i * 3 + n) * 3_600_000),
    }));
    const parsed = parseFeed(rssFeed(host, items), { now: NOW });
    if (parsed.kind !== 'ok') throw new Error('feed did not parse');
    await ingestFeed(testDb.db, source, parsed.feed, { tagIndex, now: NOW });
  }
  const { rows } = await testDb.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'demo'");
  demoId = Number(rows[0]!.id);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function demo(): Promise<CookieJar> {
  const jar = new CookieJar();
  expect((await jar.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo')).statusCode).toBe(200);
  return jar;
}
const get = async (jar: CookieJar, url: string) => jar.request(app, { method: 'GET', url });

describe('My Sources lists', () => {
  it('answer a visitor 401', async () => {
    const visitor = new CookieJar();
    for (const url of ['/api/v1/profile/source_articles', '/api/v1/profile/sources']) {
      expect((await get(visitor, url)).statusCode).toBe(401);
    }
  });

  it('are empty for a member who follows no source', async () => {
    const jar = await demo();
    const latest = (await get(jar, '/api/v1/profile/source_articles')).json();
    expect(latest.articles).toEqual([]);
    expect(latest.meta.pagination.totalCount).toBe(0);
    expect((await get(jar, '/api/v1/profile/sources')).json().sources).toEqual([]);
  });

  it('list the newest articles of the followed sources only, 13 a page, and the sources', async () => {
    const jar = await demo();
    // Follows the first and the third source, through the API as the site does.
    for (const id of [sourceIds[0], sourceIds[2]]) {
      const res = await jar.request(app, {
        method: 'POST',
        url: '/api/v1/profile/source_follows',
        payload: { sourceFollow: { sourceId: id } },
      });
      expect(res.statusCode).toBe(201);
    }
    const first = (await get(jar, '/api/v1/profile/source_articles')).json();
    expect(first.articles).toHaveLength(13);
    expect(first.meta.pagination).toMatchObject({ page: 1, perPage: 13, totalCount: 20, totalPages: 2 });
    const titles: string[] = first.articles.map((a: { title: string }) => a.title);
    expect(titles.slice(0, 3)).toEqual([
      'one.example story 0',
      'three.example story 0',
      'one.example story 1',
    ]);
    expect(titles.some((t) => t.startsWith('two.example'))).toBe(false);
    const dates = first.articles.map((a: { postedDate: string }) => a.postedDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const second = (await get(jar, '/api/v1/profile/source_articles?page=2')).json();
    expect(second.articles).toHaveLength(7);

    const sources = (await get(jar, '/api/v1/profile/sources')).json();
    expect(sources.sources.map((s: { id: number }) => s.id)).toEqual([sourceIds[2], sourceIds[0]]);
    expect(sources.sources.every((s: { following: boolean }) => s.following)).toBe(true);
    expect(sources.meta.pagination.totalCount).toBe(2);

    // Another member sees nothing of the demo member's follows.
    const { rows } = await testDb.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM source_follows WHERE user_id = $1',
      [demoId],
    );
    expect(Number(rows[0]!.n)).toBe(2);
    const other = new CookieJar();
    expect((await other.signIn(app, 'admin@sportspyder.test', 'sportspyder-admin')).statusCode).toBe(200);
    expect((await get(other, '/api/v1/profile/sources')).json().sources).toEqual([]);
  });
});
