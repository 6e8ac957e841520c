/**
 * Ad refresh (spec 1 §4.5, §9): ads refresh when the tab comes back after being unfocused for more
 * than 30 s. {@link createAdRefresh} watches the page's visibility and focus through an injected
 * adapter and a clock, and counts the returns that call for a refresh; every ad slot on the page
 * re-announces itself when the count goes up. The rule itself is {@link shouldRefreshAd}.
 *
 * "Unfocused" starts with whichever comes first, the page turning hidden or its window losing focus,
 * and ends when the page is visible and focused again. Focus moving into an iframe of the page (an
 * ad, a video) keeps the page focused: the reader has not left.
 * @module
 */
import { createValueStore, type Observable } from '../store.js';
import { shouldRefreshAd } from './ads.js';

/** The page facilities the ad refresh reads; every member has a browser default. */
export interface PageFocusAdapter {
  /**
   * True while the reader is away: the page is hidden (another tab, a minimised window) or its
   * window does not have focus. Default: `document.visibilityState === 'hidden' || !document.hasFocus()`.
   */
  isAway(): boolean;
  /**
   * Calls `listener` whenever visibility or focus may have changed; returns the remover. Default:
   * `visibilitychange` on the document, `blur` and `focus` on the window (read one task later, once
   * focus has settled, so focus moving into the page's own iframe does not count as leaving).
   */
  onChange(listener: () => void): () => void;
}

interface FocusGlobals {
  document?: { visibilityState?: string; hasFocus?: () => boolean };
  addEventListener?: (type: string, listener: () => void) => void;
  removeEventListener?: (type: string, listener: () => void) => void;
}

/** The browser's visibility and focus (nothing is ever away outside a browser). */
export function browserPageFocus(): PageFocusAdapter {
  const g = globalThis as unknown as FocusGlobals;
  return {
    isAway() {
      const doc = g.document;
      if (!doc) return false;
      if (doc.visibilityState === 'hidden') return true;
      return typeof doc.hasFocus === 'function' ? !doc.hasFocus() : false;
    },
    onChange(listener) {
      const doc = g.document as unknown as FocusGlobals | undefined;
      let timer: ReturnType<typeof setTimeout> | null = null;
      // During a `blur` the focus has not landed yet (an iframe of the page takes it a moment later).
      const settled = () => {
        if (timer !== null) clearTimeout(timer);
        timer = setTimeout(() => {
          timer = null;
          listener();
        }, 0);
      };
      doc?.addEventListener?.('visibilitychange', listener);
      g.addEventListener?.('blur', settled);
      g.addEventListener?.('focus', listener);
      return () => {
        if (timer !== null) clearTimeout(timer);
        doc?.removeEventListener?.('visibilitychange', listener);
        g.removeEventListener?.('blur', settled);
        g.removeEventListener?.('focus', listener);
      };
    },
  };
}

/** Options of {@link createAdRefresh}. */
export interface AdRefreshOptions {
  /** Visibility and focus (default: the browser's, {@link browserPageFocus}). */
  page?: PageFocusAdapter;
  /** The clock in ms (default `Date.now`). */
  now?: () => number;
}

/**
 * The ad refresh counter: an observable number that goes up by one each time the reader comes back
 * after more than 30 s away. It starts at 0; slots compare it with the value they were shown at.
 * Watching starts with the first subscriber and stops after the last leaves.
 */
export type AdRefresh = Observable<number>;

/**
 * Creates the ad refresh counter.
 *
 * @example
 * ```ts
 * const refresh = createAdRefresh();
 * const off = refresh.subscribe(() => reloadAds(refresh.getSnapshot()));
 * ```
 */
export function createAdRefresh(options: AdRefreshOptions = {}): AdRefresh {
  const page = options.page ?? browserPageFocus();
  const now = options.now ?? (() => Date.now());
  const count = createValueStore(0);
  let awaySince: number | null = null;
  let stop: (() => void) | null = null;

  const check = () => {
    if (page.isAway()) {
      if (awaySince === null) awaySince = now();
      return;
    }
    if (awaySince === null) return;
    const unfocusedMs = now() - awaySince;
    awaySince = null;
    if (shouldRefreshAd(unfocusedMs)) count.set(count.getSnapshot() + 1);
  };

  return {
    subscribe(listener) {
      const off = count.subscribe(listener);
      if (!stop) {
        awaySince = page.isAway() ? now() : null;
        stop = page.onChange(check);
      }
      return () => {
        off();
        if (count.listenerCount() === 0 && stop) {
          stop();
          stop = null;
          awaySince = null;
        }
      };
    },
    getSnapshot: count.getSnapshot,
  };
}
