import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SportSpyderApp } from '../app.js';
import type { ServerConfig } from '../config.js';
import { buildTestApp, CookieJar } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

let testDb: TestDatabase;
const apps: SportSpyderApp[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await testDb?.dispose();
});

async function appWith(overrides: Partial<ServerConfig>): Promise<SportSpyderApp> {
  const app = await buildTestApp(testDb.db, overrides);
  apps.push(app);
  return app;
}

async function hit(app: SportSpyderApp, times: number, headers: Record<string, string> = {}) {
  const statuses: number[] = [];
  let last = await app.inject({ method: 'GET', url: '/api/v1/topics', headers });
  statuses.push(last.statusCode);
  for (let i = 1; i < times; i += 1) {
    last = await app.inject({ method: 'GET', url: '/api/v1/topics', headers });
    statuses.push(last.statusCode);
  }
  return { statuses, last };
}

describe('rate limiting', () => {
  it('answers 429 with Retry-After and the rate_limited error once the limit is used up', async () => {
    const app = await appWith({ rateLimitMax: 3 });
    const { statuses, last } = await hit(app, 4);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json()).toEqual({
      errors: [{ code: 'rate_limited', title: 'Too many requests. Please try again later.' }],
    });
  });

  it('limits sign-in attempts more strictly than the rest of the API', async () => {
    const app = await appWith({ rateLimitMax: 100, signInRateLimitMax: 2 });
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await jar.request(app, {
        method: 'POST',
        url: '/api/v1/session',
        payload: { username: 'demo@sportspyder.test', password: 'wrong' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([422, 422, 429]);
    // Reading is still allowed.
    expect((await jar.request(app, { method: 'GET', url: '/api/v1/session' })).statusCode).toBe(200);
  });

  it('honours X-Skip-Limit outside production whatever its value', async () => {
    const app = await appWith({ rateLimitMax: 2 });
    const { statuses } = await hit(app, 4, { 'x-skip-limit': '1' });
    expect(statuses).toEqual([200, 200, 200, 200]);
  });

  it('honours X-Skip-Limit in production only with the configured secret', async () => {
    const app = await appWith({ rateLimitMax: 2, production: true, rateLimitSkipSecret: 's3cret' });
    const withSecret = await hit(app, 4, { 'x-skip-limit': 's3cret' });
    expect(withSecret.statuses).toEqual([200, 200, 200, 200]);
    const wrong = await hit(app, 3, { 'x-skip-limit': 'guess' });
    expect(wrong.statuses).toEqual([200, 200, 429]);
  });

  it('ignores X-Skip-Limit in production when no secret is configured', async () => {
    const app = await appWith({ rateLimitMax: 1, production: true });
    const { statuses } = await hit(app, 2, { 'x-skip-limit': '' });
    expect(statuses).toEqual([200, 429]);
  });
});
