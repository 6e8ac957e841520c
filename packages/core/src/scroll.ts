/**
 * Scroll behaviour of the shell (spec 1 §4.6): the navigation hides while the reader scrolls down past
 * 150 px and comes back on the first scroll up; an open video pins (floats in a corner) once the page
 * has scrolled past it by the threshold of its layout (436, 411 or 447 px).
 *
 * The rules are pure functions; {@link createScrollWatcher} applies them to a page. It listens to
 * scroll events passively and reads the position at most once per animation frame, so a scroll costs
 * one read and, only when the navigation's state flips, one notification.
 * @module
 */
import { NAV_HIDE_SCROLL_PX, PIN_SCROLL_THRESHOLDS_PX } from './constants.js';
import { createValueStore, type Observable } from './store.js';

/**
 * Whether the navigation is hidden after the page moved from `previousY` to `y` (px from the top).
 * Scrolling down hides it once the page is past 150 px; any scroll up, or coming back within 150 px,
 * shows it; no movement keeps `wasHidden`.
 *
 * @example
 * ```ts
 * navHiddenAfterScroll({ previousY: 140, y: 160, wasHidden: false }); // true
 * navHiddenAfterScroll({ previousY: 900, y: 880, wasHidden: true }); // false (scrolled up)
 * ```
 */
export function navHiddenAfterScroll(input: { previousY: number; y: number; wasHidden: boolean }): boolean {
  const { previousY, y, wasHidden } = input;
  if (y <= NAV_HIDE_SCROLL_PX) return false;
  if (y > previousY) return true;
  if (y < previousY) return false;
  return wasHidden;
}

/**
 * Where a video plays; each layout has its own pin threshold (spec 1 §4.6 gives the three numbers, not
 * their places; they are the heights of a 16:9 video in each layout: 776 px wide in a desktop team
 * column, 731 px on a phone's full width, 795 px in a desktop sport column).
 */
export type VideoLayout = 'teamDesktop' | 'mobile' | 'sportDesktop';

const PIN_THRESHOLDS: Readonly<Record<VideoLayout, number>> = Object.freeze({
  teamDesktop: PIN_SCROLL_THRESHOLDS_PX[0] as number,
  mobile: PIN_SCROLL_THRESHOLDS_PX[1] as number,
  sportDesktop: PIN_SCROLL_THRESHOLDS_PX[2] as number,
});

/**
 * The scroll distance (px) past a video's top at which it pins, for its layout.
 *
 * @example
 * ```ts
 * videoPinThreshold('teamDesktop'); // 436
 * ```
 */
export function videoPinThreshold(layout: VideoLayout): number {
  return PIN_THRESHOLDS[layout];
}

/**
 * Whether an open video is pinned: the page has scrolled more than its layout's threshold past the
 * video's top (`videoTop`, in page coordinates). Scrolling back unpins it.
 *
 * @example
 * ```ts
 * isVideoPinned({ y: 1000, videoTop: 500, layout: 'teamDesktop' }); // true (500 > 436)
 * ```
 */
export function isVideoPinned(input: { y: number; videoTop: number; layout: VideoLayout }): boolean {
  return input.y - input.videoTop > videoPinThreshold(input.layout);
}

/** The scroll state a page shows. */
export interface ScrollState {
  /** The vertical scroll position (px), as of the last animation frame. */
  readonly y: number;
  /** True while the navigation is hidden. */
  readonly navHidden: boolean;
}

/** The page facilities a {@link createScrollWatcher} reads; every member has a browser default. */
export interface ScrollAdapter {
  /** The vertical scroll position. Default: `scrollY`. */
  scrollY(): number;
  /** Calls `listener` on every scroll; returns the remover. Default: a passive `scroll` listener on window. */
  onScroll(listener: () => void): () => void;
  /** Runs `callback` before the next paint. Default: `requestAnimationFrame` (a 16 ms timer outside a browser). */
  requestFrame(callback: () => void): unknown;
  /** Cancels a requested frame. */
  cancelFrame(handle: unknown): void;
}

interface ScrollGlobals {
  scrollY?: number;
  addEventListener?: (type: string, listener: () => void, options?: AddEventListenerOptions) => void;
  removeEventListener?: (type: string, listener: () => void) => void;
  requestAnimationFrame?: (callback: () => void) => number;
  cancelAnimationFrame?: (handle: number) => void;
}

function browserScrollAdapter(): ScrollAdapter {
  const g = globalThis as unknown as ScrollGlobals;
  return {
    scrollY: () => g.scrollY ?? 0,
    onScroll(listener) {
      g.addEventListener?.('scroll', listener, { passive: true });
      return () => g.removeEventListener?.('scroll', listener);
    },
    requestFrame: (callback) =>
      g.requestAnimationFrame ? g.requestAnimationFrame(callback) : setTimeout(callback, 16),
    cancelFrame: (handle) =>
      g.cancelAnimationFrame ? g.cancelAnimationFrame(handle as number) : clearTimeout(handle as number),
  };
}

/**
 * Calls `callback` with the scroll position at most once per animation frame while the page
 * scrolls (scroll events come many times per frame; one read per frame is enough for what is
 * shown). Returns the function that stops it.
 */
export function onScrollFrames(page: ScrollAdapter, callback: (y: number) => void): () => void {
  let frame: unknown = null;
  const measure = () => {
    frame = null;
    callback(page.scrollY());
  };
  const stop = page.onScroll(() => {
    if (frame === null) frame = page.requestFrame(measure);
  });
  return () => {
    stop();
    if (frame !== null) page.cancelFrame(frame);
    frame = null;
  };
}

/** An observable that watches the scroll only while someone subscribes. */
function watchedStore<T>(initial: () => T, start: (set: (value: T) => void) => () => void): Observable<T> {
  const store = createValueStore<T>(initial());
  let stop: (() => void) | null = null;
  return {
    subscribe(listener) {
      const off = store.subscribe(listener);
      if (!stop) {
        store.set(initial());
        stop = start((value) => store.set(value));
      }
      return () => {
        off();
        if (store.listenerCount() === 0 && stop) {
          stop();
          stop = null;
        }
      };
    },
    getSnapshot: store.getSnapshot,
  };
}

/** A watched scroll position: an observable {@link ScrollState}. */
export type ScrollWatcher = Observable<ScrollState>;

/**
 * Watches the page's scroll position for the navigation. Work starts with the first subscriber and
 * stops after the last leaves. The snapshot changes only when the navigation's state flips, so the
 * header re-renders twice per reversal, not on every frame; `y` is the position at that moment.
 *
 * @example
 * ```ts
 * const scroll = createScrollWatcher();
 * const off = scroll.subscribe(() => header.classList.toggle('is-hidden', scroll.getSnapshot().navHidden));
 * ```
 */
export function createScrollWatcher(adapter: Partial<ScrollAdapter> = {}): ScrollWatcher {
  const page = { ...browserScrollAdapter(), ...adapter };
  let current: ScrollState = { y: page.scrollY(), navHidden: false };
  return watchedStore<ScrollState>(
    () => {
      current = { y: page.scrollY(), navHidden: false };
      return current;
    },
    (set) =>
      onScrollFrames(page, (y) => {
        const navHidden = navHiddenAfterScroll({ previousY: current.y, y, wasHidden: current.navHidden });
        const flipped = navHidden !== current.navHidden;
        current = { y, navHidden };
        if (flipped) set(current);
      }),
  );
}

/**
 * Watches whether an open video is pinned ({@link isVideoPinned}); `videoTop` reads the video's top
 * in page coordinates (it is read on every frame, so it may move with the content above it).
 *
 * @example
 * ```ts
 * const pinned = createVideoPinWatcher({ layout: 'mobile', videoTop: () => box.offsetTop });
 * pinned.subscribe(() => box.classList.toggle('is-pinned', pinned.getSnapshot()));
 * ```
 */
export function createVideoPinWatcher(
  options: { layout: VideoLayout; videoTop: () => number },
  adapter: Partial<ScrollAdapter> = {},
): Observable<boolean> {
  const page = { ...browserScrollAdapter(), ...adapter };
  const pinnedAt = (y: number) => isVideoPinned({ y, videoTop: options.videoTop(), layout: options.layout });
  return watchedStore<boolean>(
    () => pinnedAt(page.scrollY()),
    (set) => onScrollFrames(page, (y) => set(pinnedAt(y))),
  );
}
