/**
 * Online or offline, and how old the copies on the page are (issue 49), as React state.
 * @module
 */
import type { ConnectivitySnapshot } from '@sportspyder/core';
import { useClient } from './useClient.js';
import { useStore } from './useStore.js';

/**
 * Returns the connectivity store's snapshot: `{ online, cachedAt }`, where `cachedAt` is the time of the
 * oldest answer on the page that the service worker served from its copy (null when all came fresh).
 *
 * @example
 * ```tsx
 * const { online, cachedAt } = useConnectivity();
 * if (!online && cachedAt) return <p>Offline, updated {new Date(cachedAt).toLocaleTimeString()}</p>;
 * ```
 */
export function useConnectivity(): ConnectivitySnapshot {
  return useStore(useClient().connectivity);
}
