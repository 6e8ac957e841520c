// Rate limits counted in Redis (REDIS_URL): one client over two processes gets one limit; the API keys'
// per-key counter is shared too; and Redis being unreachable lets requests through instead of failing them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import {
  freePort,
  redisAvailable,
  startTestRedis,
  type TestRedis,
} from '../../__tests__/helpers/test-redis.js';
import type { SportSpyderApp } from '../../app.js';
import {
  closeRateLimitRedis,
  createRateLimitRedis,
  rateLimitRedisReady,
  sharedWindowCounter,
} from '../rate-limit-redis.js';

describe.skipIf(!redisAvailable)('rate limits in Redis', () => {
  let redis: TestRedis;
  let testDb: TestDatabase;
  const apps: SportSpyderApp[] = [];

  beforeAll(async () => {
    redis = await startTestRedis();
    testDb = await createTestDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await testDb?.dispose();
    await redis?.stop();
  });

  async function app(overrides: Parameters<typeof buildTestApp>[1]): Promise<SportSpyderApp> {
    const built = await buildTestApp(testDb.db, overrides);
    apps.push(built);
    return built;
  }

  it('hold a client spreading its requests over two processes to one limit, with Retry-After', async () => {
    const config = { redisUrl: redis.url, redisPrefix: redis.prefix, rateLimitMax: 4, trustProxy: true };
    const processes = [await app(config), await app(config)];
    const headers = { 'x-forwarded-for': '198.51.100.7' };
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 6; i++) {
      const res = await (processes[i % 2] as SportSpyderApp).inject({
        method: 'GET',
        url: '/api/v1/session',
        headers,
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) retryAfter ??= String(res.headers['retry-after']);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Another address has its own allowance.
    const other = await (processes[1] as SportSpyderApp).inject({
      method: 'GET',
      url: '/api/v1/session',
      headers: { 'x-forwarded-for': '198.51.100.8' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('count an API key once across processes (the per-key window counter)', async () => {
    const [a, b] = [
      createRateLimitRedis(redis.url, redis.prefix),
      createRateLimitRedis(redis.url, redis.prefix),
    ];
    try {
      expect(await rateLimitRedisReady(a)).toBe(true);
      expect(await rateLimitRedisReady(b)).toBe(true);
      const key = `key-${Date.now()}`;
      const first = await sharedWindowCounter(a, 'api-key').hit(key, 60_000, 60);
      const second = await sharedWindowCounter(b, 'api-key').hit(key, 60_000, 60);
      expect([first.current, second.current]).toEqual([1, 2]);
      expect(second.ttl).toBeGreaterThan(0);
      expect(second.ttl).toBeLessThanOrEqual(60_000);
    } finally {
      await Promise.all([closeRateLimitRedis(a), closeRateLimitRedis(b)]);
    }
  });

  it('let requests through when Redis cannot be reached, never answering an error', async () => {
    const nobody = await freePort();
    const offline = await app({
      redisUrl: `redis://127.0.0.1:${nobody}`,
      redisPrefix: redis.prefix,
      rateLimitMax: 2,
    });
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await offline.inject({ method: 'GET', url: '/api/v1/session' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200]);
  });
});
