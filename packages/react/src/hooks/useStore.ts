/**
 * The one adapter from a core store (subscribe + getSnapshot) to React state.
 * @module
 */

import type { Observable } from '@sportspyder/core';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Reads a core store through `useSyncExternalStore`, re-rendering when it changes. The store's
 * snapshot must be immutable (a new object on change), which is the core's contract.
 *
 * @example
 * ```tsx
 * const toasts = useStore(client.toasts);
 * ```
 */
export function useStore<T>(store: Observable<T>): T {
  // Stable wrappers: core methods may be unbound, and a new subscribe each render would resubscribe.
  const subscribe = useCallback((listener: () => void) => store.subscribe(listener), [store]);
  const getSnapshot = useCallback(() => store.getSnapshot(), [store]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
