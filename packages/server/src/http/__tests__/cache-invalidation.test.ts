// The cache-invalidation bus: an invalidation runs here at once and once, reaches the other processes'
// buses (through the in-process broadcaster here, through Redis between two apps), carries a member's id,
// and a broadcaster that cannot publish still invalidates this process.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { redisAvailable, startTestRedis, type TestRedis } from '../../__tests__/helpers/test-redis.js';
import type { SportSpyderApp } from '../../app.js';
import { MemoryBroadcaster } from '../../cable/memory-broadcaster.js';
import {
  CACHE_INVALIDATION_STREAM,
  type CacheInvalidation,
  CacheInvalidationBus,
} from '../cache-invalidation.js';

describe('CacheInvalidationBus', () => {
  it('runs this process at once and once, and every other bus on the broadcaster', async () => {
    const broadcaster = new MemoryBroadcaster();
    const here = new CacheInvalidationBus(broadcaster);
    const there = new CacheInvalidationBus(broadcaster);
    const seenHere: CacheInvalidation[] = [];
    const seenThere: CacheInvalidation[] = [];
    here.subscribe((event) => seenHere.push(event));
    there.subscribe((event) => seenThere.push(event));

    here.invalidate({ scope: 'all' });
    expect(seenHere).toEqual([{ scope: 'all' }]);
    here.invalidate({ scope: 'member', userId: 42 });
    await new Promise((r) => setTimeout(r, 0));
    expect(seenHere).toEqual([{ scope: 'all' }, { scope: 'member', userId: 42 }]);
    expect(seenThere).toEqual([{ scope: 'all' }, { scope: 'member', userId: 42 }]);
  });

  it("carries ingestion's serve-stale mark to the other buses, and nothing else with 'all'", async () => {
    const broadcaster = new MemoryBroadcaster();
    const here = new CacheInvalidationBus(broadcaster);
    const there = new CacheInvalidationBus(broadcaster);
    const seenThere: CacheInvalidation[] = [];
    there.subscribe((event) => seenThere.push(event));
    here.invalidate({ scope: 'all', serveStale: true });
    await broadcaster.publish(CACHE_INVALIDATION_STREAM, { origin: 'x', scope: 'all', serveStale: 'yes' });
    await new Promise((r) => setTimeout(r, 0));
    // A value that is not `true` drops the pages, the safe side.
    expect(seenThere).toEqual([{ scope: 'all', serveStale: true }, { scope: 'all' }]);
  });

  it('ignores what is not an invalidation on its stream, and stops when closed', async () => {
    const broadcaster = new MemoryBroadcaster();
    const bus = new CacheInvalidationBus(broadcaster);
    const seen: CacheInvalidation[] = [];
    const stop = bus.subscribe((event) => seen.push(event));
    await broadcaster.publish(CACHE_INVALIDATION_STREAM, { origin: 'x', scope: 'everything' });
    await broadcaster.publish(CACHE_INVALIDATION_STREAM, { origin: 'x', scope: 'member' });
    expect(seen).toEqual([]);
    stop();
    await broadcaster.publish(CACHE_INVALIDATION_STREAM, { origin: 'x', scope: 'all' });
    expect(seen).toEqual([]);
    bus.close();
    expect(broadcaster.listenerCount(CACHE_INVALIDATION_STREAM)).toBe(0);
  });

  it('still invalidates this process when the broadcaster cannot publish, and says so', async () => {
    const warn = vi.fn();
    const failing = {
      publish: () => Promise.reject(new Error('Redis is down')),
      subscribe: () => () => {},
    };
    const bus = new CacheInvalidationBus(failing, { warn });
    const seen: CacheInvalidation[] = [];
    bus.subscribe((event) => seen.push(event));
    bus.invalidate({ scope: 'all' });
    expect(seen).toEqual([{ scope: 'all' }]);
    await new Promise((r) => setTimeout(r, 0));
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ scope: 'all' }),
      'cache invalidation not shared',
    );
  });
});

describe.skipIf(!redisAvailable)('cache invalidation between two apps on one Redis', () => {
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

  it("a change through one app empties the other's page cache within a second", async () => {
    const config = { redisUrl: redis.url, redisPrefix: redis.prefix, responseCacheTtlMs: 30_000 };
    const [first, second] = [
      await buildTestApp(testDb.db, config),
      await buildTestApp(testDb.db, config),
    ] as [SportSpyderApp, SportSpyderApp];
    apps.push(first, second);
    const url = '/api/v1/sports/nfl/articles';
    await second.inject({ method: 'GET', url });
    expect((await second.inject({ method: 'GET', url })).headers['x-cache']).toBe('hit');
    // Give the subscriber connection a moment to be subscribed.
    await new Promise((r) => setTimeout(r, 200));

    first.cacheInvalidation.invalidate({ scope: 'all' });
    const started = Date.now();
    while (second.responseCache.size > 0) {
      if (Date.now() - started > 1000) throw new Error('not emptied within a second');
      await new Promise((r) => setTimeout(r, 10));
    }
    expect((await second.inject({ method: 'GET', url })).headers['x-cache']).toBe('miss');
  });
});
