/**
 * The new-items poller of spec 1 §4.7: a news feed asks every 90 s how many items are newer than
 * the newest one it shows, at most 15 rounds per page; navigation (or a Refresh) resets the rounds
 * and the count. Polling pauses while the tab is hidden and resumes on return, so time spent hidden
 * neither fires nor counts rounds. Work starts with the first subscriber and stops after the last.
 * `newItemsCounter` builds the `fetchCount` of each feed from the contract's `new_count` calls.
 * @module
 */
import type { NewItemsResponse } from '@sportspyder/contract';
import { POLL_INTERVAL_MS, POLL_MAX_ROUNDS } from '../constants.js';
import { globalTimers, type Timers } from '../environment.js';
import { createValueStore, type Observable } from '../store.js';
import { apiPath, type ContentClient, type PathValue } from './resource-path.js';

/** Whether the page is visible, and a way to hear when that changes. */
export interface VisibilityAdapter {
  /** True while the page is hidden (background tab). */
  hidden(): boolean;
  /** Calls `listener` when visibility changes; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
}

interface VisibilityDocument {
  visibilityState?: string;
  addEventListener?(type: string, listener: () => void): void;
  removeEventListener?(type: string, listener: () => void): void;
}

/** The browser's page visibility (`document.visibilityState` and `visibilitychange`); always visible outside a browser. */
export function browserVisibility(): VisibilityAdapter {
  const doc = () => (globalThis as { document?: VisibilityDocument }).document;
  return {
    hidden: () => doc()?.visibilityState === 'hidden',
    subscribe(listener) {
      const d = doc();
      d?.addEventListener?.('visibilitychange', listener);
      return () => d?.removeEventListener?.('visibilitychange', listener);
    },
  };
}

/** What the banner reads. */
export interface NewItemsSnapshot {
  /** Items newer than the newest one shown (0: no banner). */
  readonly count: number;
  /** Poll rounds done since the last reset (at most {@link POLL_MAX_ROUNDS}). */
  readonly rounds: number;
}

/** Options of {@link createNewItemsPoller}. */
export interface NewItemsPollerOptions {
  /** Asks the server how many items are newer than `latestId`. */
  fetchCount: (latestId: number) => Promise<number>;
  /** The newest item id shown now; null until the feed loaded (no polling until {@link NewItemsPoller.reset}). */
  latestId?: number | null;
  /** Timers (default: the global ones). */
  timers?: Timers;
  /** Page visibility (default: the browser's). */
  visibility?: VisibilityAdapter;
  /** The clock, to resume an interrupted interval where it stopped (default `Date.now`). */
  now?: () => number;
  /** Interval between rounds (default {@link POLL_INTERVAL_MS}). */
  intervalMs?: number;
  /** Rounds per page (default {@link POLL_MAX_ROUNDS}). */
  maxRounds?: number;
}

/** The poller: an observable `{ count, rounds }` plus reset on navigation. */
export interface NewItemsPoller extends Observable<NewItemsSnapshot> {
  /** A new page (navigation, Refresh): rounds and count back to 0, polling from `latestId` (null stops). */
  reset(latestId: number | null): void;
  /** Stops polling for good and drops the subscribers' timers (the store keeps its last value). */
  dispose(): void;
}

const INITIAL: NewItemsSnapshot = { count: 0, rounds: 0 };

/**
 * Creates the new-items poller of one feed.
 *
 * @example
 * ```ts
 * const poller = createNewItemsPoller({
 *   fetchCount: newItemsCounter(client, { type: 'team', id: 'dallas-cowboys' }),
 *   latestId: articles[0].id,
 * });
 * const off = poller.subscribe(() => setBanner(poller.getSnapshot().count));
 * // after navigating: poller.reset(newArticles[0].id)
 * ```
 */
export function createNewItemsPoller(options: NewItemsPollerOptions): NewItemsPoller {
  const timers = options.timers ?? globalTimers;
  const visibility = options.visibility ?? browserVisibility();
  const now = options.now ?? (() => Date.now());
  const intervalMs = options.intervalMs ?? POLL_INTERVAL_MS;
  const maxRounds = options.maxRounds ?? POLL_MAX_ROUNDS;
  const store = createValueStore<NewItemsSnapshot>(INITIAL);

  let latestId: number | null = options.latestId ?? null;
  let listeners = 0;
  let disposed = false;
  let timer: unknown;
  // When the running interval started, and how much of it is left when it was paused.
  let intervalStart = 0;
  let remaining = intervalMs;
  // Bumped by reset: an answer for an older page must not land on the new one.
  let generation = 0;
  let stopVisibility: (() => void) | undefined;

  const active = () => listeners > 0 && !disposed && latestId !== null;

  function clear() {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
  }

  function schedule(delay: number) {
    clear();
    if (!active() || visibility.hidden() || store.getSnapshot().rounds >= maxRounds) return;
    intervalStart = now();
    remaining = delay;
    timer = timers.setTimeout(tick, delay);
  }

  async function tick() {
    timer = undefined;
    if (!active() || latestId === null) return;
    const round = store.getSnapshot().rounds + 1;
    store.update({ rounds: round });
    const mine = generation;
    try {
      const count = await options.fetchCount(latestId);
      if (mine === generation && Number.isFinite(count)) store.update({ count: Math.max(0, count) });
    } catch {
      // A failed round still counts; the banner keeps the last known count.
    }
    if (mine === generation && timer === undefined) schedule(intervalMs);
  }

  function onVisibility() {
    if (visibility.hidden()) {
      if (timer !== undefined) {
        remaining = Math.max(0, remaining - (now() - intervalStart));
        clear();
      }
    } else if (timer === undefined) {
      schedule(remaining);
    }
  }

  function start() {
    stopVisibility = visibility.subscribe(onVisibility);
    remaining = intervalMs;
    schedule(intervalMs);
  }

  function stop() {
    clear();
    stopVisibility?.();
    stopVisibility = undefined;
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe(listener) {
      const off = store.subscribe(listener);
      listeners++;
      if (listeners === 1 && !disposed) start();
      let done = false;
      return () => {
        if (done) return;
        done = true;
        off();
        listeners--;
        if (listeners === 0) stop();
      };
    },
    reset(nextLatestId) {
      generation++;
      latestId = nextLatestId;
      store.set(INITIAL);
      remaining = intervalMs;
      if (listeners > 0) schedule(intervalMs);
    },
    dispose() {
      disposed = true;
      stop();
    },
  };
}

/** The feeds with a new-items poll: which page's `new_count` call to ask. */
export type NewItemsFeed =
  | { type: 'sport'; id: PathValue }
  | { type: 'team'; id: PathValue }
  | { type: 'source'; id: number }
  | { type: 'topic'; id: PathValue }
  | { type: 'player'; id: PathValue }
  | { type: 'user'; id: PathValue }
  | { type: 'fantasyTeam'; id: number };

const NEW_COUNT_URLS: Readonly<Record<NewItemsFeed['type'], string>> = {
  sport: '/api/v1/sports/:id/articles/new_count',
  team: '/api/v1/teams/:id/articles/new_count',
  source: '/api/v1/sources/:id/articles/new_count',
  topic: '/api/v1/topics/:id/articles/new_count',
  player: '/api/v1/players/:id/articles/new_count',
  user: '/api/v1/users/:id/articles/new_count',
  fantasyTeam: '/api/v1/fantasy_teams/:id/articles/new_count',
};

/**
 * The `fetchCount` of a feed: `GET .../articles/new_count?since={latestId}` (not cached, and a 404
 * or 429 while polling does not navigate away).
 */
export function newItemsCounter(
  client: Pick<ContentClient, 'api'>,
  feed: NewItemsFeed,
): (latestId: number) => Promise<number> {
  const path = apiPath(NEW_COUNT_URLS[feed.type], { id: feed.id });
  return async (latestId) => {
    const answer = await client.api.get<NewItemsResponse>(path, {
      query: { since: latestId },
      handleNotFound: false,
      handleRateLimit: false,
    });
    return answer.newItems.count;
  };
}
