/**
 * Reads a core store (`getSnapshot` + `subscribe`) in a Preact component and renders again on change;
 * the embed's frame runs on Preact without the compat layer, which is where useSyncExternalStore is.
 * @module
 */
import { useEffect, useState } from 'preact/hooks';

/** A store of the core. */
export interface SnapshotStore<T> {
  getSnapshot(): T;
  subscribe(listener: () => void): () => void;
}

/**
 * The current snapshot of `store`.
 *
 * @example
 * ```ts
 * const { user } = useSnapshot(client.session);
 * ```
 */
export function useSnapshot<T>(store: SnapshotStore<T>): T {
  const [, setTick] = useState(0);
  useEffect(() => store.subscribe(() => setTick((n) => n + 1)), [store]);
  return store.getSnapshot();
}
