/**
 * Online or offline, and how old the copies on screen are (issue 49): whether the browser says it is
 * online and the server answered the last try, and the time of the oldest API answer the page holds that the service worker served from its
 * cache instead of the network (the `x-sportspyder-cached-at` header, {@link OFFLINE_COPY_HEADER}). Pages
 * show "Offline, updated {time}" from it, and "needs a connection" when a read failed while offline.
 * @module
 */
import { createValueStore, type Observable } from '../store.js';
import { OFFLINE_COPY_HEADER, OFFLINE_COPY_REASON_HEADER } from './offline-rules.js';

/** What {@link ConnectivityStore} holds. */
export interface ConnectivitySnapshot {
  /**
   * False while the browser reports no network, or since a request failed for want of one (a network
   * error, or a copy the service worker served because the network failed) until the network answers
   * again. `navigator.onLine` alone is not enough: it says true on a network that reaches nothing.
   */
  online: boolean;
  /**
   * The time (ms since the epoch) of the oldest answer on the page that came from the service worker's
   * copy, or null when every answer came from the network.
   */
  cachedAt: number | null;
}

/** The browser's online state as an injectable adapter. */
export interface OnlineAdapter {
  /** True while the browser reports a network (`navigator.onLine`). */
  isOnline(): boolean;
  /** Calls `listener` on every change (`online`/`offline` events); answers the function that stops. */
  subscribe(listener: () => void): () => void;
}

/** The store of {@link createConnectivityStore}. */
export interface ConnectivityStore extends Observable<ConnectivitySnapshot> {
  /**
   * Notes an API answer of `path` (without its query): a copy from the worker's cache counts with its
   * time until the same path is answered by the network again.
   */
  noteAnswer(path: string, headers: { get(name: string): string | null }): void;
  /** Notes a request that failed for want of a network: the page counts as offline until an answer comes. */
  noteNetworkFailure(): void;
}

interface BrowserGlobals {
  navigator?: { onLine?: boolean };
  addEventListener?: (type: string, listener: () => void) => void;
  removeEventListener?: (type: string, listener: () => void) => void;
}

/** The browser's `navigator.onLine` and window events; always online outside a browser. */
export function browserOnline(): OnlineAdapter {
  const g = globalThis as unknown as BrowserGlobals;
  return {
    isOnline: () => g.navigator?.onLine !== false,
    subscribe(listener) {
      if (typeof g.addEventListener !== 'function') return () => undefined;
      g.addEventListener('online', listener);
      g.addEventListener('offline', listener);
      return () => {
        g.removeEventListener?.('online', listener);
        g.removeEventListener?.('offline', listener);
      };
    },
  };
}

/**
 * Creates the connectivity store. It listens to the online adapter only while it has subscribers.
 *
 * @example
 * ```ts
 * const connectivity = createConnectivityStore();
 * connectivity.subscribe(() => {
 *   const { online, cachedAt } = connectivity.getSnapshot();
 *   if (!online && cachedAt) console.log(`Offline, updated ${new Date(cachedAt).toLocaleTimeString()}`);
 * });
 * ```
 */
export function createConnectivityStore(adapter: OnlineAdapter = browserOnline()): ConnectivityStore {
  const store = createValueStore<ConnectivitySnapshot>({ online: adapter.isOnline(), cachedAt: null });
  // The copy time of each path whose last answer was a copy.
  const copies = new Map<string, number>();
  // Set by a request that failed for want of a network; cleared by an answer from the network, or when
  // the browser says it is online again (the next failure sets it again).
  let unreachable = false;
  let stopAdapter: (() => void) | null = null;
  const refresh = () => {
    const times = [...copies.values()];
    store.update({
      online: adapter.isOnline() && !unreachable,
      cachedAt: times.length > 0 ? Math.min(...times) : null,
    });
  };
  const onAdapterChange = () => {
    if (adapter.isOnline()) unreachable = false;
    refresh();
  };
  return {
    subscribe(listener) {
      const stop = store.subscribe(listener);
      if (!stopAdapter) {
        stopAdapter = adapter.subscribe(onAdapterChange);
        refresh();
      }
      return () => {
        stop();
        if (store.listenerCount() === 0 && stopAdapter) {
          stopAdapter();
          stopAdapter = null;
        }
      };
    },
    getSnapshot: () => store.getSnapshot(),
    noteAnswer(path, headers) {
      const stamp = Number(headers.get(OFFLINE_COPY_HEADER));
      const key = path.replace(/^\/+/, '').split('?')[0] ?? '';
      const wasUnreachable = unreachable;
      if (Number.isFinite(stamp) && stamp > 0) {
        copies.set(key, stamp);
        if (headers.get(OFFLINE_COPY_REASON_HEADER) === 'network-error') unreachable = true;
      } else {
        unreachable = false;
        if (!copies.delete(key) && !wasUnreachable) return;
      }
      refresh();
    },
    noteNetworkFailure() {
      if (unreachable) return;
      unreachable = true;
      refresh();
    },
  };
}
