// Resource cache: de-duplication, stale-while-revalidate, invalidation by prefix, stable snapshots.
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createResourceCache, resourceKey } from '../cache.js';
import { api, makeClient, server } from './fixtures.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function countingTeams() {
  const counter = { calls: 0 };
  server.use(
    http.get(api('teams'), () => {
      counter.calls++;
      return HttpResponse.json({ teams: [{ slug: `t${counter.calls}` }] });
    }),
  );
  return counter;
}

describe('resourceKey', () => {
  it('sorts params and drops empty ones so equal requests share a key', () => {
    expect(resourceKey('/api/v1/teams', { sport: 'nfl', page: 2 })).toBe('api/v1/teams?page=2&sport=nfl');
    expect(resourceKey('api/v1/teams', { page: 2, sport: 'nfl', q: undefined })).toBe(
      'api/v1/teams?page=2&sport=nfl',
    );
    expect(resourceKey('api/v1/teams')).toBe('api/v1/teams');
  });
});

describe('ResourceCache over the network', () => {
  it('de-duplicates concurrent reads into one request', async () => {
    const counter = countingTeams();
    const { client } = makeClient();
    const [a, b] = await Promise.all([
      client.fetchResource('api/v1/teams', { sport: 'nfl' }),
      client.fetchResource('api/v1/teams', { sport: 'nfl' }),
    ]);
    expect(counter.calls).toBe(1);
    expect(a).toBe(b);
  });

  it('serves cached data at once and revalidates in the background when stale', async () => {
    const counter = countingTeams();
    let now = 1_000;
    const { client } = makeClient({ now: () => now, staleTime: 10_000 });
    const key = resourceKey('api/v1/teams');
    await client.fetchResource('api/v1/teams');
    expect(counter.calls).toBe(1);

    // Fresh: no request at all.
    now += 5_000;
    await expect(client.fetchResource('api/v1/teams')).resolves.toEqual({ teams: [{ slug: 't1' }] });
    expect(counter.calls).toBe(1);

    // Stale: the snapshot keeps the old data while the refetch runs.
    now += 10_000;
    const refetch = client.fetchResource('api/v1/teams');
    const during = client.cache.getSnapshot<{ teams: { slug: string }[] }>(key);
    expect(during.status).toBe('success');
    expect(during.isFetching).toBe(true);
    expect(during.data?.teams[0]?.slug).toBe('t1');
    await refetch;
    const after = client.cache.getSnapshot<{ teams: { slug: string }[] }>(key);
    expect(after.isFetching).toBe(false);
    expect(after.data?.teams[0]?.slug).toBe('t2');
    expect(counter.calls).toBe(2);
  });

  it('invalidation by prefix refetches subscribed keys and drops the others', async () => {
    const counter = countingTeams();
    server.use(http.get(api('topics'), () => HttpResponse.json({ topics: [] })));
    const { client } = makeClient({ staleTime: 60_000 });
    const watched = resourceKey('api/v1/teams', { sport: 'nfl' });
    const unwatched = resourceKey('api/v1/teams', { sport: 'nba' });
    const listener = vi.fn();
    const off = client.cache.subscribe(watched, listener);
    await client.fetchResource('api/v1/teams', { sport: 'nfl' });
    await client.fetchResource('api/v1/teams', { sport: 'nba' });
    await client.fetchResource('api/v1/topics');
    expect(counter.calls).toBe(2);

    await client.cache.invalidate('api/v1/teams');
    expect(counter.calls).toBe(3);
    expect(client.cache.getSnapshot(watched).status).toBe('success');
    expect(client.cache.getSnapshot(unwatched).status).toBe('idle');
    expect(client.cache.getSnapshot(resourceKey('api/v1/topics')).status).toBe('success');
    expect(listener).toHaveBeenCalled();
    off();
  });

  it('keeps the data and records the error when a refetch fails', async () => {
    let fail = false;
    server.use(
      http.get(api('teams'), () =>
        fail
          ? HttpResponse.json({ errors: [{ title: 'Server error', code: 'server_error' }] }, { status: 500 })
          : HttpResponse.json({ teams: [] }),
      ),
    );
    const { client } = makeClient();
    await client.fetchResource('api/v1/teams');
    fail = true;
    await expect(client.fetchResource('api/v1/teams')).rejects.toThrow('Server error');
    const snapshot = client.cache.getSnapshot(resourceKey('api/v1/teams'));
    expect(snapshot.status).toBe('error');
    expect(snapshot.data).toEqual({ teams: [] });
  });
});

describe('ResourceCache snapshots', () => {
  it('keeps the same snapshot reference until the entry changes', async () => {
    const cache = createResourceCache();
    const key = resourceKey('a');
    const idle = cache.getSnapshot(key);
    expect(cache.getSnapshot(key)).toBe(idle);
    await cache.query(key, async () => ({ n: 1 }));
    const loaded = cache.getSnapshot(key);
    expect(loaded).not.toBe(idle);
    expect(cache.getSnapshot(key)).toBe(loaded);
    expect(Object.isFrozen(loaded)).toBe(true);
    cache.set(key, { n: 2 });
    expect(cache.getSnapshot(key)).not.toBe(loaded);
    expect(cache.read<{ n: number }>(key).data).toEqual({ n: 2 });
  });

  it('notifies subscribers of loading and success, and stops after unsubscribe', async () => {
    const cache = createResourceCache();
    const statuses: string[] = [];
    const off = cache.subscribe('a', () => statuses.push(cache.getSnapshot('a').status));
    await cache.query('a', async () => 1);
    expect(statuses).toEqual(['loading', 'success']);
    off();
    cache.set('a', 2);
    expect(statuses).toHaveLength(2);
  });

  it('ignores an older answer that arrives after an invalidation started a newer request', async () => {
    const cache = createResourceCache();
    let resolveOld: (value: string) => void = () => undefined;
    const off = cache.subscribe('k', () => undefined);
    const old = cache.query('k', () => new Promise<string>((resolve) => (resolveOld = resolve)));
    cache.query('k', async () => 'new'); // joins the running request
    const refetch = cache.invalidate('k');
    // invalidate re-runs the last fetcher registered for the key
    await refetch;
    resolveOld('old');
    await old;
    expect(cache.getSnapshot('k').data).toBe('new');
    off();
  });
});
