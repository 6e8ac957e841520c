// Live search (spec 1 §4.3) over the network (msw): debounced requests, superseded requests
// aborted, stale answers never replacing newer ones, blank text clearing at once, answers
// remembered for back-spacing, and work only while someone watches.
import type { LiveSearchResult } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, makeClient, server } from '../../__tests__/fixtures.js';
import { createLiveSearch, LIVE_SEARCH_DEBOUNCE_MS, liveSearchFetcher } from '../live-search.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const result = (name: string): LiveSearchResult => ({
  id: `team-${name.length}`,
  name,
  url: `/nfl/${name.toLowerCase().replace(/ /g, '-')}/news`,
  logo: null,
  label: 'NFL',
});

const RESULTS: Record<string, LiveSearchResult[]> = {
  ch: [result('Chicago Bears'), result('Kansas City Chiefs')],
  chi: [result('Chicago Bears'), result('Chicago Bulls')],
  chic: [result('Chicago Bears')],
};

interface Asked {
  q: string;
  aborted: () => boolean;
}

/** Answers from RESULTS; a query listed in `hold` waits until released. */
function liveServer(hold: Record<string, Promise<void>> = {}) {
  const asked: Asked[] = [];
  server.use(
    http.get(api('search/live_results'), async ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      asked.push({ q, aborted: () => request.signal.aborted });
      await hold[q];
      return HttpResponse.json({ liveResults: RESULTS[q] ?? [] });
    }),
  );
  return asked;
}

function deferred() {
  let release = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

function setup() {
  const { client } = makeClient();
  const search = createLiveSearch({ fetchResults: liveSearchFetcher(client) });
  const off = search.subscribe(() => {});
  return { search, off };
}

const names = (results: readonly LiveSearchResult[]) => results.map((r) => r.name);

describe('createLiveSearch', () => {
  it('asks once, after the typing pauses, and shows the answer', async () => {
    const asked = liveServer();
    const { search } = setup();
    search.setQuery('c');
    await vi.advanceTimersByTimeAsync(50);
    search.setQuery('ch');
    await vi.advanceTimersByTimeAsync(50);
    search.setQuery('chi');
    expect(search.getSnapshot().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(LIVE_SEARCH_DEBOUNCE_MS - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(search.getSnapshot().status).toBe('done'));
    expect(asked.map((a) => a.q)).toEqual(['chi']);
    expect(search.getSnapshot()).toMatchObject({ query: 'chi', term: 'chi' });
    expect(names(search.getSnapshot().results)).toEqual(['Chicago Bears', 'Chicago Bulls']);
  });

  it('never lets a slow answer for "ch" replace the answer for "chi", and aborts it', async () => {
    const slow = deferred();
    const asked = liveServer({ ch: slow.promise });
    const { search } = setup();
    search.setQuery('ch');
    await vi.advanceTimersByTimeAsync(LIVE_SEARCH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(asked.map((a) => a.q)).toEqual(['ch']));

    search.setQuery('chi');
    await vi.advanceTimersByTimeAsync(LIVE_SEARCH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(search.getSnapshot().status).toBe('done'));
    expect(asked[0]?.aborted()).toBe(true);

    slow.release();
    await vi.advanceTimersByTimeAsync(10);
    expect(search.getSnapshot().term).toBe('chi');
    expect(names(search.getSnapshot().results)).toEqual(['Chicago Bears', 'Chicago Bulls']);
  });

  it('keeps the last list while the next query loads, then replaces it', async () => {
    liveServer();
    const { search } = setup();
    search.setQuery('chi');
    await vi.advanceTimersByTimeAsync(LIVE_SEARCH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(search.getSnapshot().status).toBe('done'));
    search.setQuery('chic');
    expect(search.getSnapshot()).toMatchObject({ status: 'loading', term: 'chi' });
    expect(search.getSnapshot().results).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(LIVE_SEARCH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(search.getSnapshot().term).toBe('chic'));
    expect(names(search.getSnapshot().results)).toEqual(['Chicago Bears']);
  });

  it('shows a query answered before at once, without asking again (back-spacing)', async () => {
    const asked = liveServer();
    const { search } = setup();
    search.setQuery('chi');
    await vi.advanceTimersByTimeAsync(LIVE_SEARCH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(search.getSnapshot().status).toBe('done'));
    search.setQuery('chic');
    await vi.advanceTimersByTimeAsync(LIVE_SEARCH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(search.getSnapshot().term).toBe('chic'));
    search.setQuery('chi');
    expect(search.getSnapshot()).toMatchObject({ term: 'chi', status: 'done' });
    expect(names(search.getSnapshot().results)).toEqual(['Chicago Bears', 'Chicago Bulls']);
    await vi.advanceTimersByTimeAsync(LIVE_SEARCH_DEBOUNCE_MS * 2);
    expect(asked.map((a) => a.q)).toEqual(['chi', 'chic']);
  });

  it('clears at once for a blank text and drops the request on its way', async () => {
    const slow = deferred();
    const asked = liveServer({ chi: slow.promise });
    const { search } = setup();
    search.setQuery('chi');
    await vi.advanceTimersByTimeAsync(LIVE_SEARCH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    search.setQuery('   ');
    expect(search.getSnapshot()).toEqual({ query: '   ', term: null, results: [], status: 'idle' });
    expect(asked[0]?.aborted()).toBe(true);
    slow.release();
    await vi.advanceTimersByTimeAsync(10);
    expect(search.getSnapshot().results).toEqual([]);
  });

  it('treats extra spaces as the same search', async () => {
    const asked = liveServer();
    const { search } = setup();
    search.setQuery('chi');
    await vi.advanceTimersByTimeAsync(LIVE_SEARCH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(search.getSnapshot().status).toBe('done'));
    search.setQuery('chi ');
    await vi.advanceTimersByTimeAsync(LIVE_SEARCH_DEBOUNCE_MS * 2);
    expect(asked).toHaveLength(1);
    expect(search.getSnapshot()).toMatchObject({ query: 'chi ', term: 'chi', status: 'done' });
  });

  it('reports a failed request without throwing the visitor off the page', async () => {
    server.use(
      http.get(api('search/live_results'), () =>
        HttpResponse.json({ errors: ['Too many requests'] }, { status: 429 }),
      ),
    );
    const { client } = makeClient();
    const rateLimited = vi.fn();
    client.setHandlers({ onRateLimited: rateLimited });
    const search = createLiveSearch({ fetchResults: liveSearchFetcher(client) });
    search.subscribe(() => {});
    search.setQuery('chi');
    await vi.advanceTimersByTimeAsync(LIVE_SEARCH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(search.getSnapshot().status).toBe('error'));
    expect(rateLimited).not.toHaveBeenCalled();
  });

  it('asks nothing without a subscriber and stops when the last one leaves', async () => {
    const slow = deferred();
    const asked = liveServer({ chi: slow.promise });
    const { client } = makeClient();
    const search = createLiveSearch({ fetchResults: liveSearchFetcher(client) });
    search.setQuery('ch');
    await vi.advanceTimersByTimeAsync(LIVE_SEARCH_DEBOUNCE_MS * 2);
    expect(asked).toEqual([]);

    const off = search.subscribe(() => {});
    search.setQuery('chi');
    await vi.advanceTimersByTimeAsync(LIVE_SEARCH_DEBOUNCE_MS);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    off();
    expect(asked[0]?.aborted()).toBe(true);
    slow.release();
    await vi.advanceTimersByTimeAsync(10);
    expect(search.getSnapshot()).toMatchObject({ results: [], status: 'idle' });
  });
});
