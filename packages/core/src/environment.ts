/**
 * The browser facilities core reads (page URL, cookies, reload, viewport, visibility, timers),
 * as injectable functions with browser defaults. Each default looks the facility up when called,
 * not when created, so fake timers and test globals installed later still apply.
 * @module
 */
import { MOBILE_MAX_WIDTH } from './constants.js';
import { createUnsentInputTracker } from './reload-gate.js';

/** The timer functions core uses (toasts, retries); defaults to the global ones. */
export interface Timers {
  /** Schedules `callback` after `ms` milliseconds; returns a handle for {@link Timers.clearTimeout}. */
  setTimeout(callback: () => void, ms: number): unknown;
  /** Cancels a scheduled callback. */
  clearTimeout(handle: unknown): void;
}

/** The browser facilities core depends on; every member has a browser default. */
export interface Environment {
  /** The page URL (absolute). Default: `location.href`, or `http://localhost/` outside a browser. */
  location: () => string;
  /** The `document.cookie` string. Default: `document.cookie`, or '' outside a browser. */
  cookies: () => string;
  /** Reloads the page. Default: `location.reload()`, a no-op outside a browser. */
  reload: () => void;
  /** The viewport width in px. Default: `innerWidth`, or 1024 (desktop) outside a browser. */
  viewportWidth: () => number;
  /** True while the page is hidden (background tab). Default: `document.visibilityState === 'hidden'`. */
  documentHidden: () => boolean;
  /** Timers. Default: the global `setTimeout`/`clearTimeout`. */
  timers: Timers;
  /** Waits `ms` milliseconds (retry backoff). Default: a promise over {@link Timers.setTimeout}. */
  sleep: (ms: number) => Promise<void>;
  /** The clock, in ms since the epoch. Default: `Date.now`. */
  now: () => number;
  /** A random number in [0, 1). Default: `Math.random`. */
  random: () => number;
  /**
   * True while the page holds input the reader typed and has not sent; a reload for a new version
   * waits for it. Default: {@link createUnsentInputTracker} on `document` (false outside a browser).
   */
  hasUnsentInput: () => boolean;
  /**
   * Calls `listener.hidden` when the page is left (`pagehide`) and `listener.shown(true)` when it comes
   * back from the back/forward cache (`pageshow` with `persisted`); answers the function that stops.
   * Default: the window's events (nothing outside a browser).
   */
  onPageLifecycle: (listener: PageLifecycleListener) => () => void;
}

/** What {@link Environment.onPageLifecycle} reports. */
export interface PageLifecycleListener {
  /** The page is being left: it may be kept in the back/forward cache. */
  hidden(): void;
  /** The page is shown again; `restored` when it came back from the back/forward cache. */
  shown(restored: boolean): void;
}

interface BrowserGlobals {
  location?: { href: string; reload(): void };
  document?: { cookie?: string; visibilityState?: string; addEventListener?: unknown };
  innerWidth?: number;
  window?: {
    addEventListener(type: string, listener: (event: { persisted?: boolean }) => void): void;
    removeEventListener(type: string, listener: (event: { persisted?: boolean }) => void): void;
  };
}

const g = globalThis as unknown as BrowserGlobals;

/** The default timers: the globals, looked up at call time. */
export const globalTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Fills the missing members of `overrides` with the browser defaults. */
export function createEnvironment(overrides: Partial<Environment> = {}): Environment {
  const timers = overrides.timers ?? globalTimers;
  return {
    location: overrides.location ?? (() => g.location?.href ?? 'http://localhost/'),
    cookies: overrides.cookies ?? (() => g.document?.cookie ?? ''),
    reload: overrides.reload ?? (() => g.location?.reload()),
    viewportWidth: overrides.viewportWidth ?? (() => g.innerWidth ?? 1024),
    documentHidden: overrides.documentHidden ?? (() => g.document?.visibilityState === 'hidden'),
    timers,
    sleep: overrides.sleep ?? ((ms) => new Promise<void>((resolve) => timers.setTimeout(resolve, ms))),
    now: overrides.now ?? (() => Date.now()),
    random: overrides.random ?? (() => Math.random()),
    hasUnsentInput: overrides.hasUnsentInput ?? documentUnsentInput(),
    onPageLifecycle: overrides.onPageLifecycle ?? windowPageLifecycle,
  };
}

/** The default page lifecycle: the window's `pagehide` and `pageshow`, or nothing outside a browser. */
function windowPageLifecycle(listener: PageLifecycleListener): () => void {
  const win = g.window;
  if (!win || typeof win.addEventListener !== 'function') return () => undefined;
  const hide = () => listener.hidden();
  const show = (event: { persisted?: boolean }) => listener.shown(Boolean(event.persisted));
  win.addEventListener('pagehide', hide);
  win.addEventListener('pageshow', show);
  return () => {
    win.removeEventListener('pagehide', hide);
    win.removeEventListener('pageshow', show);
  };
}

/** The default unsent-input check: a tracker on the page's document, or never outside a browser. */
function documentUnsentInput(): () => boolean {
  const doc = g.document;
  if (!doc || typeof doc.addEventListener !== 'function') return () => false;
  const tracker = createUnsentInputTracker(doc as unknown as Parameters<typeof createUnsentInputTracker>[0]);
  return () => tracker.hasUnsentInput();
}

/**
 * The value of query flag `name` in the page URL: the value ('' for a bare `?out`), or null when
 * the flag is absent.
 *
 * @example
 * ```ts
 * urlFlag('https://sportspyder.com/login?out', 'out'); // ''
 * urlFlag('https://sportspyder.com/?skiplimit=abc', 'skiplimit'); // 'abc'
 * ```
 */
export function urlFlag(href: string, name: string): string | null {
  try {
    return new URL(href, 'http://localhost/').searchParams.get(name);
  } catch {
    return null;
  }
}

/** The value of cookie `name` in a `document.cookie` string, or null when absent. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const part of cookieString.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    const value = part.slice(index + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/**
 * The platform flag the tracking calls send (`platform`, `p`): 1 on mobile (a viewport up to 767 px
 * wide), 0 otherwise (spec 1 §7, §9).
 *
 * @example
 * ```ts
 * platformFlag(390); // 1
 * ```
 */
export function platformFlag(width: number): 0 | 1 {
  return width <= MOBILE_MAX_WIDTH ? 1 : 0;
}
