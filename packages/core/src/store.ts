/**
 * The one observable contract of core: `subscribe(listener) → unsubscribe` plus `getSnapshot()`
 * returning a frozen value that keeps its reference until it changes (what React's
 * `useSyncExternalStore` expects). Stores build on this small holder.
 * @module
 */
import { EventEmitter } from 'eventemitter3';

/** Something that can be watched: the shape every core store shares. */
export interface Observable<T> {
  /** Calls `listener` after every change; returns the function that stops it. */
  subscribe(listener: () => void): () => void;
  /** The current value; the same reference until it changes. */
  getSnapshot(): T;
}

/** A value holder that notifies its subscribers when {@link ValueStore.set} changes it. */
export interface ValueStore<T> extends Observable<T> {
  /** Replaces the value (frozen) and notifies, unless it is the same reference. */
  set(next: T): void;
  /** Shallow-merges `patch` into an object value and notifies when a field changed. */
  update(patch: Partial<T>): void;
  /** Number of current subscribers. */
  listenerCount(): number;
}

/**
 * Creates a {@link ValueStore} holding `initial`.
 *
 * @example
 * ```ts
 * const count = createValueStore({ n: 0 });
 * const off = count.subscribe(() => console.log(count.getSnapshot().n));
 * count.update({ n: 1 }); // logs 1
 * ```
 */
export function createValueStore<T>(initial: T): ValueStore<T> {
  const emitter = new EventEmitter();
  let value = freeze(initial);
  return {
    subscribe(listener) {
      emitter.on('change', listener);
      return () => {
        emitter.off('change', listener);
      };
    },
    getSnapshot: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = freeze(next);
      emitter.emit('change');
    },
    update(patch) {
      const current = value as Record<string, unknown>;
      const changed = Object.entries(patch).some(([key, field]) => !Object.is(current[key], field));
      if (!changed) return;
      value = freeze({ ...value, ...patch } as T);
      emitter.emit('change');
    },
    listenerCount: () => emitter.listenerCount('change'),
  };
}

function freeze<T>(value: T): T {
  return typeof value === 'object' && value !== null ? Object.freeze(value) : value;
}
