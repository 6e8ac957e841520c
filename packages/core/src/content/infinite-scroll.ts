/**
 * The infinite-scroll controller of spec 2 §9: scrolling near the end of a feed loads the next
 * page, at most 5 pages in all (then the site shows the pager), with scroll events handled at most
 * once per 50 ms (the last event of a burst is still handled). One page loads at a time.
 * @module
 */
import { INFINITE_SCROLL_MAX_PAGES, INFINITE_SCROLL_THROTTLE_MS } from '../constants.js';
import { globalTimers, type Timers } from '../environment.js';
import { createValueStore, type Observable } from '../store.js';

/** What the feed renders. */
export interface InfiniteScrollSnapshot {
  /** Pages shown so far (the first page counts). */
  readonly pages: number;
  /** True while the next page loads. */
  readonly loading: boolean;
  /** False once the server said there is nothing after the last page. */
  readonly hasMore: boolean;
  /** True once {@link INFINITE_SCROLL_MAX_PAGES} pages are shown and more exist: show the pager. */
  readonly maxReached: boolean;
  /** The error of the last failed load (scrolling again retries), or null. */
  readonly error: unknown;
}

/** Where the reader is: distances in px. */
export interface ScrollPosition {
  /** Pixels scrolled from the top. */
  scrollTop: number;
  /** Height of the visible area. */
  viewportHeight: number;
  /** Height of the whole feed. */
  contentHeight: number;
}

/** Options of {@link createInfiniteScroll}. */
export interface InfiniteScrollOptions {
  /** Loads page `page` (from 2) and resolves true when more pages exist after it. */
  loadPage: (page: number) => Promise<boolean>;
  /** Pages already shown (default 1) and whether more exist (default true). */
  initial?: { pages?: number; hasMore?: boolean };
  /** A load starts when the end of the feed is closer than this (px, default 600). */
  thresholdPx?: number;
  /** Most pages (default {@link INFINITE_SCROLL_MAX_PAGES}). */
  maxPages?: number;
  /** Throttle of scroll handling in ms (default {@link INFINITE_SCROLL_THROTTLE_MS}). */
  throttleMs?: number;
  /** Timers (default: the global ones). */
  timers?: Timers;
  /** The clock (default `Date.now`). */
  now?: () => number;
}

/** The controller. */
export interface InfiniteScroll extends Observable<InfiniteScrollSnapshot> {
  /** Feed a scroll event; loads the next page when near the end (throttled). */
  onScroll(position: ScrollPosition): void;
  /** Loads the next page now (a "Load more" button); resolves when done. */
  loadMore(): Promise<void>;
  /** Back to the first page (navigation). */
  reset(initial?: { pages?: number; hasMore?: boolean }): void;
  /** Cancels a pending throttled event. */
  dispose(): void;
}

/**
 * Creates an infinite-scroll controller.
 *
 * @example
 * ```ts
 * const scroll = createInfiniteScroll({
 *   loadPage: async (page) => {
 *     const { meta } = await listTeamArticles(client, { teamId, page });
 *     return page < meta.pagination.totalPages;
 *   },
 * });
 * addEventListener('scroll', () => scroll.onScroll({ scrollTop: scrollY, viewportHeight: innerHeight,
 *   contentHeight: document.body.scrollHeight }));
 * ```
 */
export function createInfiniteScroll(options: InfiniteScrollOptions): InfiniteScroll {
  const timers = options.timers ?? globalTimers;
  const now = options.now ?? (() => Date.now());
  const maxPages = options.maxPages ?? INFINITE_SCROLL_MAX_PAGES;
  const throttleMs = options.throttleMs ?? INFINITE_SCROLL_THROTTLE_MS;
  const threshold = options.thresholdPx ?? 600;

  const initialSnapshot = (init: InfiniteScrollOptions['initial'] = {}): InfiniteScrollSnapshot => {
    const pages = init.pages ?? 1;
    const hasMore = init.hasMore ?? true;
    return { pages, loading: false, hasMore, maxReached: hasMore && pages >= maxPages, error: null };
  };
  const store = createValueStore<InfiniteScrollSnapshot>(initialSnapshot(options.initial));
  let lastHandled = Number.NEGATIVE_INFINITY;
  let pending: ScrollPosition | null = null;
  let timer: unknown;
  let generation = 0;

  async function loadMore(): Promise<void> {
    const state = store.getSnapshot();
    if (state.loading || !state.hasMore || state.pages >= maxPages) return;
    const mine = generation;
    const page = state.pages + 1;
    store.update({ loading: true, error: null });
    try {
      const hasMore = await options.loadPage(page);
      if (mine !== generation) return;
      store.update({ pages: page, loading: false, hasMore, maxReached: hasMore && page >= maxPages });
    } catch (error) {
      if (mine !== generation) return;
      store.update({ loading: false, error });
    }
  }

  function handle(position: ScrollPosition) {
    lastHandled = now();
    const distance = position.contentHeight - (position.scrollTop + position.viewportHeight);
    if (distance <= threshold) void loadMore();
  }

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    onScroll(position) {
      const wait = lastHandled + throttleMs - now();
      if (wait <= 0 && timer === undefined) {
        handle(position);
        return;
      }
      pending = position;
      if (timer === undefined) {
        timer = timers.setTimeout(
          () => {
            timer = undefined;
            const last = pending;
            pending = null;
            if (last) handle(last);
          },
          Math.max(0, wait),
        );
      }
    },
    loadMore,
    reset(initial) {
      generation++;
      store.set(initialSnapshot(initial));
    },
    dispose() {
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      pending = null;
    },
  };
}
