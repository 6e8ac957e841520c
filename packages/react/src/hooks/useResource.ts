/**
 * A cached server resource as React state, loaded through the core client's resource cache.
 * @module
 */

import type { Fetcher, ResourceKey, ResourceSnapshot } from '@sportspyder/core';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useClient } from './useClient.js';

/** Options of {@link useResource}. */
export interface UseResourceOptions {
  /** When false nothing is requested (e.g. a per-user list while signed out). Defaults to true. */
  enabled?: boolean;
}

/**
 * Subscribes to `key` in the client's cache and asks the cache to load it with `fetcher`. The cache
 * de-duplicates requests in flight and keeps stale data while it revalidates; errors stay in the
 * snapshot (`status: 'error'`) rather than being thrown into rendering.
 *
 * @example
 * ```tsx
 * function SportTitle({ slug }: { slug: string }) {
 *   const client = useClient();
 *   const sport = useResource(`api/v1/sports/${slug}`, () => client.api.get<{ sport: Sport }>(`api/v1/sports/${slug}`));
 *   return sport.status === 'success' ? <h1>{sport.data?.sport.name}</h1> : null;
 * }
 * ```
 */
export function useResource<T>(
  key: ResourceKey,
  fetcher: Fetcher<T>,
  options: UseResourceOptions = {},
): ResourceSnapshot<T> {
  const { cache } = useClient();
  const enabled = options.enabled ?? true;
  // Keys are usually fresh arrays each render: compare them by value.
  const keyId = JSON.stringify(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyId stands for key
  const stableKey = useCallback(() => key, [keyId]);
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;

  const subscribe = useCallback(
    (listener: () => void) => cache.subscribe(stableKey(), listener),
    [cache, stableKey],
  );
  const getSnapshot = useCallback(() => cache.getSnapshot<T>(stableKey()), [cache, stableKey]);
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

  useEffect(() => {
    if (!enabled) return;
    // The cache records failures in the snapshot; the rejected promise itself needs no handler here.
    cache.query(stableKey(), () => fetcherRef.current()).catch(() => undefined);
  }, [cache, stableKey, enabled]);

  return snapshot;
}
