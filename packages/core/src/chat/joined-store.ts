/**
 * Two observables seen as one (a live list plus the fields a thread or comments add to it): the
 * snapshot is both snapshots merged, a new object only when either changed, and the lifecycle is
 * shared, so the live list's work and the extra work (`start`) run while anyone watches.
 * @module
 */
import type { Observable } from '../store.js';

/**
 * Joins `base` and `extra` into one observable; `start` runs on the first subscriber and its
 * returned function after the last one left.
 */
export function joinStores<A extends object, B extends object>(
  base: Observable<A>,
  extra: Observable<B>,
  start: () => () => void = () => () => undefined,
): Observable<A & B> {
  let cached: { a: A; b: B; value: A & B } | undefined;
  const listeners = new Set<() => void>();
  let stop: (() => void) | undefined;
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    getSnapshot() {
      const a = base.getSnapshot();
      const b = extra.getSnapshot();
      if (!cached || cached.a !== a || cached.b !== b)
        cached = { a, b, value: Object.freeze({ ...a, ...b }) };
      return cached.value;
    },
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) {
        const offBase = base.subscribe(notify);
        const offExtra = extra.subscribe(notify);
        const offStart = start();
        stop = () => {
          offBase();
          offExtra();
          offStart();
        };
      }
      let done = false;
      return () => {
        if (done) return;
        done = true;
        listeners.delete(listener);
        if (listeners.size === 0) {
          stop?.();
          stop = undefined;
        }
      };
    },
  };
}
