// Online or offline and the time of the service worker's copies (issue 49): what the page's
// "Offline, updated {time}" line reads, driven through the client's transport with msw.
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createConnectivityStore, type OnlineAdapter } from '../offline/connectivity-store.js';
import { OFFLINE_COPY_HEADER, OFFLINE_COPY_REASON_HEADER } from '../offline/offline-rules.js';
import { api, makeClient, server } from './fixtures.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** An online adapter the test switches. */
function switchable(initial = true) {
  let online = initial;
  const listeners = new Set<() => void>();
  const adapter: OnlineAdapter = {
    isOnline: () => online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    adapter,
    listeners,
    set(next: boolean) {
      online = next;
      for (const listener of listeners) listener();
    },
  };
}

const COPY_TIME = Date.UTC(2026, 11, 3, 14, 5);

describe('the time of the copies on the page', () => {
  it('is the oldest copy the service worker served, until the network answers those reads again', async () => {
    let copy = true;
    server.use(
      http.get(api('teams/packers/articles'), () =>
        HttpResponse.json(
          { articles: [] },
          { headers: copy ? { [OFFLINE_COPY_HEADER]: String(COPY_TIME) } : {} },
        ),
      ),
      http.get(api('sports'), () =>
        HttpResponse.json(
          { sports: [] },
          { headers: copy ? { [OFFLINE_COPY_HEADER]: String(COPY_TIME + 60_000) } : {} },
        ),
      ),
    );
    const { client } = makeClient();
    const seen: (number | null)[] = [];
    const stop = client.connectivity.subscribe(() => seen.push(client.connectivity.getSnapshot().cachedAt));
    expect(client.connectivity.getSnapshot().cachedAt).toBeNull();

    await client.api.get('api/v1/sports');
    await client.api.get('api/v1/teams/packers/articles', { query: { page: 1 } });
    expect(client.connectivity.getSnapshot().cachedAt).toBe(COPY_TIME);

    copy = false;
    await client.api.get('api/v1/teams/packers/articles', { query: { page: 1 } });
    expect(client.connectivity.getSnapshot().cachedAt).toBe(COPY_TIME + 60_000);
    await client.api.get('api/v1/sports');
    expect(client.connectivity.getSnapshot().cachedAt).toBeNull();
    expect(seen).toEqual([COPY_TIME + 60_000, COPY_TIME, COPY_TIME + 60_000, null]);
    stop();
  });

  it('ignores answers that are not copies and state-changing calls', async () => {
    server.use(
      http.post(api('x'), () => HttpResponse.json({}, { headers: { [OFFLINE_COPY_HEADER]: '123' } })),
    );
    server.use(
      http.get(api('y'), () => HttpResponse.json({}, { headers: { [OFFLINE_COPY_HEADER]: 'soon' } })),
    );
    const { client } = makeClient();
    await client.api.post('api/v1/x');
    await client.api.get('api/v1/y');
    expect(client.connectivity.getSnapshot()).toEqual({ online: true, cachedAt: null });
  });
});

describe('online or offline', () => {
  it('follows the browser while it has subscribers, and stops listening after the last leaves', () => {
    const network = switchable(true);
    const store = createConnectivityStore(network.adapter);
    expect(network.listeners.size).toBe(0);
    const stop = store.subscribe(() => undefined);
    expect(network.listeners.size).toBe(1);
    network.set(false);
    expect(store.getSnapshot().online).toBe(false);
    network.set(true);
    expect(store.getSnapshot().online).toBe(true);
    stop();
    expect(network.listeners.size).toBe(0);
  });

  it('reads the state again when the first subscriber comes, after a change nobody watched', () => {
    const network = switchable(true);
    const store = createConnectivityStore(network.adapter);
    network.set(false);
    store.subscribe(() => undefined);
    expect(store.getSnapshot().online).toBe(false);
  });

  // Chromium's navigator.onLine says true on a page loaded while offline, as it does on a network
  // that reaches nothing: what the requests met decides too.
  it('is offline from a request that met no network until the network answers, whatever the browser says', async () => {
    let reachable = false;
    server.use(
      http.get(api('teams/packers/articles'), () =>
        reachable ? HttpResponse.json({ articles: [] }) : HttpResponse.error(),
      ),
    );
    const { client } = makeClient({ online: switchable(true).adapter });
    const stop = client.connectivity.subscribe(() => undefined);
    await expect(client.api.get('api/v1/teams/packers/articles')).rejects.toThrow('Network request failed');
    expect(client.connectivity.getSnapshot().online).toBe(false);
    reachable = true;
    await client.api.get('api/v1/teams/packers/articles');
    expect(client.connectivity.getSnapshot().online).toBe(true);
    stop();
  });

  it('is offline on a copy the service worker served because the network failed, not on one it served because it was slow', async () => {
    let reason = 'timeout';
    server.use(
      http.get(api('sports'), () =>
        HttpResponse.json(
          { sports: [] },
          { headers: { [OFFLINE_COPY_HEADER]: String(COPY_TIME), [OFFLINE_COPY_REASON_HEADER]: reason } },
        ),
      ),
    );
    const { client } = makeClient({ online: switchable(true).adapter });
    const stop = client.connectivity.subscribe(() => undefined);
    await client.api.get('api/v1/sports');
    expect(client.connectivity.getSnapshot()).toEqual({ online: true, cachedAt: COPY_TIME });
    reason = 'network-error';
    await client.api.get('api/v1/sports');
    expect(client.connectivity.getSnapshot()).toEqual({ online: false, cachedAt: COPY_TIME });
    stop();
  });

  it('counts as online again when the browser says it is back', () => {
    const network = switchable(true);
    const store = createConnectivityStore(network.adapter);
    store.subscribe(() => undefined);
    store.noteNetworkFailure();
    expect(store.getSnapshot().online).toBe(false);
    network.set(false);
    network.set(true);
    expect(store.getSnapshot().online).toBe(true);
  });
});
