/**
 * The live search of the header dropdown (spec 1 §4.3) as a framework-free store: the text typed,
 * the results shown and whether an answer is on its way. Requests are debounced, a superseded request
 * is aborted, and an answer only lands if it is for the latest query asked, so a slow answer for "ch"
 * never replaces the answer for "chi". Answers are remembered for the last few queries, so deleting a
 * letter shows the earlier results at once. Work (timers, requests) lives only while subscribed.
 * @module
 */
import type { LiveSearchResponse, LiveSearchResult } from '@sportspyder/contract';
import type { ContentClient } from '../content/resource-path.js';
import { normalizeSearchQuery } from '../content/search-resources.js';
import { globalTimers, type Timers } from '../environment.js';
import { createValueStore, type Observable } from '../store.js';

/**
 * Quiet time after the last keystroke before the live search asks the server: long enough to skip
 * the intermediate words of a fast typist, short enough to feel instant.
 */
export const LIVE_SEARCH_DEBOUNCE_MS = 150;

/** Answers remembered per live search (the last queries asked), for instant back-spacing. */
export const LIVE_SEARCH_MEMORY = 20;

/** Fetches the live results for a non-blank query; must reject when `signal` aborts. */
export type LiveSearchFetcher = (q: string, signal: AbortSignal) => Promise<readonly LiveSearchResult[]>;

/** What the dropdown reads. */
export interface LiveSearchSnapshot {
  /** The text in the box, as typed. */
  readonly query: string;
  /** The normalized query the `results` answer (null: none yet, or the box is blank). */
  readonly term: string | null;
  /** Results of `term`, best first; kept while the next query loads so the list does not flicker. */
  readonly results: readonly LiveSearchResult[];
  /** idle: nothing to ask; loading: waiting (debounce or request); done: `results` answer `query`; error: the last request failed. */
  readonly status: 'idle' | 'loading' | 'done' | 'error';
}

/** The live search store. */
export interface LiveSearch extends Observable<LiveSearchSnapshot> {
  /** The text of the box changed: schedules a request (a blank text clears the results at once). */
  setQuery(text: string): void;
  /** Stops for good: aborts the request in flight and drops the timers. */
  dispose(): void;
}

/** Options of {@link createLiveSearch}. */
export interface LiveSearchOptions {
  /** Asks for the results of a query (see {@link liveSearchFetcher}). */
  fetchResults: LiveSearchFetcher;
  /** Timers (default: the global ones). */
  timers?: Timers | undefined;
  /** Debounce delay (default {@link LIVE_SEARCH_DEBOUNCE_MS}). */
  debounceMs?: number | undefined;
}

const INITIAL: LiveSearchSnapshot = { query: '', term: null, results: [], status: 'idle' };

/**
 * The fetcher over the client's transport: `GET api/v1/search/live_results?q=`. It bypasses the
 * shared resource cache (each keystroke would leave an entry behind; the live search keeps its own
 * small memory) and keeps 404 and 429 answers to itself: a busy server must not throw the visitor off
 * the page they are typing on.
 */
export function liveSearchFetcher(client: Pick<ContentClient, 'api'>): LiveSearchFetcher {
  return async (q, signal) => {
    const answer = await client.api.get<LiveSearchResponse>('api/v1/search/live_results', {
      query: { q },
      signal,
      handleNotFound: false,
      handleRateLimit: false,
    });
    return answer.liveResults;
  };
}

/**
 * Creates a live search.
 *
 * @example
 * ```ts
 * const search = createLiveSearch({ fetchResults: liveSearchFetcher(client) });
 * const off = search.subscribe(() => render(search.getSnapshot()));
 * search.setQuery('chi'); // 150 ms later: GET api/v1/search/live_results?q=chi
 * ```
 */
export function createLiveSearch(options: LiveSearchOptions): LiveSearch {
  const timers = options.timers ?? globalTimers;
  const debounceMs = options.debounceMs ?? LIVE_SEARCH_DEBOUNCE_MS;
  const store = createValueStore<LiveSearchSnapshot>(INITIAL);
  const memory = new Map<string, readonly LiveSearchResult[]>();

  let listeners = 0;
  let disposed = false;
  let timer: unknown;
  let inFlight: AbortController | undefined;
  // Bumped for every query asked: only the answer carrying the latest number may land.
  let asked = 0;
  // The term being debounced or fetched, so the same words typed again do not restart the wait.
  let pending: string | null = null;

  function clearTimer() {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  }

  function abort() {
    inFlight?.abort();
    inFlight = undefined;
    pending = null;
  }

  function remember(term: string, results: readonly LiveSearchResult[]) {
    memory.delete(term);
    memory.set(term, results);
    if (memory.size > LIVE_SEARCH_MEMORY) memory.delete(memory.keys().next().value as string);
  }

  async function ask(term: string) {
    timer = undefined;
    inFlight?.abort();
    const mine = ++asked;
    const controller = new AbortController();
    inFlight = controller;
    try {
      const results = await options.fetchResults(term, controller.signal);
      remember(term, results);
      if (mine !== asked || disposed) return;
      store.update({ term, results, status: 'done' });
    } catch {
      // Aborted or superseded answers change nothing; a failure of the latest keeps the last list.
      if (mine !== asked || disposed || controller.signal.aborted) return;
      store.update({ status: 'error' });
    } finally {
      if (inFlight === controller) inFlight = undefined;
      if (pending === term) pending = null;
    }
  }

  function schedule() {
    const term = normalizeSearchQuery(store.getSnapshot().query);
    if (term !== null && term === pending) return;
    // New words supersede whatever was on its way for the old ones.
    clearTimer();
    asked++;
    abort();
    if (term === null || listeners === 0 || disposed) return;
    const known = memory.get(term);
    if (known) {
      // Answered before: show it now.
      store.update({ term, results: known, status: 'done' });
      return;
    }
    store.update({ status: 'loading' });
    pending = term;
    timer = timers.setTimeout(() => void ask(term), debounceMs);
  }

  function stop() {
    clearTimer();
    asked++;
    abort();
    if (store.getSnapshot().status === 'loading') store.update({ status: 'idle' });
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe(listener) {
      const off = store.subscribe(listener);
      listeners++;
      if (listeners === 1 && !disposed) schedule();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        off();
        listeners--;
        if (listeners === 0) stop();
      };
    },
    setQuery(text) {
      const previous = store.getSnapshot();
      if (text === previous.query) return;
      const term = normalizeSearchQuery(text);
      if (term === null) {
        clearTimer();
        asked++;
        abort();
        store.set({ ...INITIAL, query: text });
        return;
      }
      store.update({ query: text });
      // Only a change of the words asks again ("chi" and "chi " are the same search).
      if (term === previous.term && previous.status !== 'error') {
        clearTimer();
        asked++;
        abort();
        store.update({ status: 'done' });
        return;
      }
      schedule();
    },
    dispose() {
      disposed = true;
      stop();
    },
  };
}
