/**
 * Absolute URLs in answers come from the configured public origin (PUBLIC_ORIGIN), including on a page
 * the page cache recomputed in the background through its own internal request, whose host is not the
 * visitors' (issue "Search": `"rss": "http://localhost:80/rss/sports/nfl.xml"`).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import { listeningOrigin, loadConfig } from '../../config.js';
import { seedContent } from '../../content/articles/__tests__/content-fixtures.js';

const ORIGIN = 'https://fans.sportspyder.example';
const SPORT_NEWS = '/api/v1/sports/nfl/articles';

let testDb: TestDatabase;
let app: SportSpyderApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  await seedContent(testDb.db);
  app = await buildTestApp(
    testDb.db,
    { rateLimitMax: 10_000, responseCacheTtlMs: 60_000, publicOrigin: `${ORIGIN}/` },
    { sharedTtlMs: 0 },
  );
  await app.ready();
}, 60_000);

afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

describe('absolute URLs in answers', () => {
  it('builds meta.rss on the public origin, whatever host the request named', async () => {
    const res = await app.inject({ method: 'GET', url: SPORT_NEWS, headers: { host: 'evil.example:81' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.rss).toBe(`${ORIGIN}/rss/sports/nfl.xml`);
  });

  it('keeps the public origin on a page the cache recomputed in the background', async () => {
    app.responseCache.invalidateAll();
    const first = await app.inject({ method: 'GET', url: SPORT_NEWS, headers: { host: 'www.example' } });
    expect(first.headers['x-cache']).toBe('miss');
    const realNow = Date.now;
    const later = realNow() + 61_000; // past the 60 s time to live: the next read starts a refresh
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      const stale = await app.inject({ method: 'GET', url: SPORT_NEWS, headers: { host: 'www.example' } });
      expect(stale.headers['x-cache']).toBe('stale');
      await vi.waitFor(
        async () => {
          const after = await app.inject({
            method: 'GET',
            url: SPORT_NEWS,
            headers: { host: 'www.example' },
          });
          // A hit under the same moved clock: the page was stored again by the background refresh...
          expect(after.headers['x-cache']).toBe('hit');
          // ...and its RSS link still names the public origin, not the internal request's localhost:80.
          expect(after.json().meta.rss).toBe(`${ORIGIN}/rss/sports/nfl.xml`);
        },
        { timeout: 5_000, interval: 50 },
      );
    } finally {
      clock.mockRestore();
    }
  });

  it('uses the public origin in RSS documents too', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/rss/sports/nfl.xml',
      headers: { host: 'x.example' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<atom:link href="${ORIGIN}/rss/sports/nfl.xml"`);
    expect(res.body).not.toContain('x.example');
  });
});

describe('PUBLIC_ORIGIN', () => {
  it('defaults to the address the server listens on', () => {
    expect(loadConfig({ PORT: '8080' }).publicOrigin).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '3000', HOST: '127.0.0.1' }).publicOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3000', HOST: '10.0.0.5' }).publicOrigin).toBe('http://10.0.0.5:3000');
    expect(listeningOrigin('fd00::1', 80)).toBe('http://[fd00::1]:80');
  });

  it('is normalised to an origin and refuses anything else', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://SportSpyder.com/' }).publicOrigin).toBe(
      'https://sportspyder.com',
    );
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'sportspyder.com' })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://sportspyder.com/news' })).toThrow(/PUBLIC_ORIGIN/);
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'ftp://sportspyder.com' })).toThrow(/PUBLIC_ORIGIN/);
  });
});
