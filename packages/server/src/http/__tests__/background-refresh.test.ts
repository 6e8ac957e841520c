// Expired pages are refreshed in the background one at a time (issue 15): a lull after a burst used to
// start every waiting refresh at once, and members' requests queued behind all of them.
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BackgroundRefresher, isPageCacheRefresh } from '../background-refresh.js';
import { cachedResponse, ResponseCache } from '../response-cache.js';

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** An app whose page takes 15 ms to compute, counting how many computations run at once. */
async function slowPages() {
  const app = Fastify();
  apps.push(app);
  const refresher = new BackgroundRefresher(app);
  const seen = { active: 0, most: 0, refreshes: [] as string[], cookies: [] as string[] };
  app.get('/page/:n', async (request) => {
    if (isPageCacheRefresh(request)) {
      seen.refreshes.push(request.url);
      seen.cookies.push(String(request.headers.cookie ?? ''));
    }
    seen.active++;
    seen.most = Math.max(seen.most, seen.active);
    await new Promise((resolve) => setTimeout(resolve, 15));
    seen.active--;
    return { page: (request.params as { n: string }).n };
  });
  await app.ready();
  return { app, refresher, seen };
}

describe('background refresh', () => {
  it('serves expired answers at once and refreshes them one at a time, with the cookies it was given', async () => {
    const { refresher, seen } = await slowPages();
    let now = 0;
    const cache = new ResponseCache({ ttlMs: 1_000, maxBytes: 1_000_000, now: () => now });
    const keys = ['/page/1', '/page/2', '/page/3', '/page/4'];
    for (const key of keys) cache.set(key, cachedResponse(Buffer.from('old'), 'application/json'));
    now = 1_500; // expired, within the stale window
    for (const key of keys) {
      const found = refresher.lookup(cache, key, () => cache.begin(key), {
        url: key,
        headers: { cookie: `session=${key}` },
      });
      expect(found).toMatchObject({ state: 'stale' });
      // A second request for the same page does not schedule a second refresh.
      expect(refresher.lookup(cache, key, () => cache.begin(key), { url: key })).toMatchObject({
        state: 'stale',
      });
    }
    await vi.waitFor(() => expect(seen.refreshes).toHaveLength(4), { timeout: 5_000, interval: 10 });
    expect(seen.refreshes).toEqual(keys);
    expect(seen.cookies).toEqual(keys.map((k) => `session=${k}`));
    expect(seen.most).toBe(1);
    // Refreshes that nothing took (no cache hooks here) are released: the next request computes.
    await vi.waitFor(() => expect(keys.map((k) => cache.inFlight(k))).toEqual(keys.map(() => undefined)));
  });

  it('refreshes answers outdated by new content before expired ones', async () => {
    const { refresher, seen } = await slowPages();
    let now = 0;
    const cache = new ResponseCache({ ttlMs: 1_000, maxBytes: 1_000_000, now: () => now });
    cache.set('/page/1', cachedResponse(Buffer.from('old'), 'application/json'));
    now = 1_500; // '/page/1' expired, within the stale window
    cache.set('/page/2', cachedResponse(Buffer.from('old'), 'application/json'));
    expect(
      refresher.lookup(cache, '/page/1', () => cache.begin('/page/1'), { url: '/page/1' }),
    ).toMatchObject({
      state: 'stale',
    });
    cache.markStale(); // a feed was stored: '/page/2', fresh until now, is outdated
    expect(
      refresher.lookup(cache, '/page/2', () => cache.begin('/page/2'), { url: '/page/2' }),
    ).toMatchObject({
      state: 'stale',
    });
    await vi.waitFor(() => expect(seen.refreshes).toHaveLength(2), { timeout: 5_000, interval: 10 });
    expect(seen.refreshes).toEqual(['/page/2', '/page/1']);
  });

  it('answers a page nobody has yet with the function that stores it, marked as being computed', async () => {
    const { refresher } = await slowPages();
    const cache = new ResponseCache({ ttlMs: 1_000, maxBytes: 1_000_000 });
    const found = refresher.lookup(cache, '/page/9', () => cache.begin('/page/9'), { url: '/page/9' });
    expect('finish' in found).toBe(true);
    const waiting = refresher.lookup(cache, '/page/9', () => cache.begin('/page/9'), { url: '/page/9' });
    expect(waiting).toBeInstanceOf(Promise);
    if ('finish' in found) found.finish(cachedResponse(Buffer.from('new'), 'application/json'));
    const answer = await waiting;
    expect('response' in answer && answer.response.body.toString()).toBe('new');
  });
});
