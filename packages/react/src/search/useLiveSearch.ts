/**
 * The live search of the nearest client's header box (spec 1 §4.3) as React state: one core live
 * search store per component, watched through `useSyncExternalStore` (its requests stop when the
 * component unmounts).
 * @module
 */
import { createLiveSearch, type LiveSearchSnapshot, liveSearchFetcher } from '@sportspyder/core';
import { useMemo } from 'react';
import { useClient } from '../hooks/useClient.js';
import { useStore } from '../hooks/useStore.js';

/** What {@link useLiveSearch} returns: the snapshot plus the setter of the typed text. */
export interface LiveSearchState extends LiveSearchSnapshot {
  /** The text of the box changed. */
  setQuery(text: string): void;
}

/**
 * A live search over the provider's client.
 *
 * @example
 * ```tsx
 * const search = useLiveSearch();
 * <input value={search.query} onChange={(e) => search.setQuery(e.target.value)} />
 * ```
 */
export function useLiveSearch(options: { debounceMs?: number } = {}): LiveSearchState {
  const client = useClient();
  const { debounceMs } = options;
  // Not disposed on unmount: the store stops its work when its last subscriber leaves, which
  // also survives StrictMode's mount-unmount-mount.
  const search = useMemo(
    () => createLiveSearch({ fetchResults: liveSearchFetcher(client), debounceMs }),
    [client, debounceMs],
  );
  const snapshot = useStore(search);
  return useMemo(() => ({ ...snapshot, setQuery: search.setQuery }), [snapshot, search]);
}
