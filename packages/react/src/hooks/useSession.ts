/**
 * The session (signed in or out, loading flag, user) as React state.
 * @module
 */
import type { SessionSnapshot } from '@sportspyder/core';
import { useClient } from './useClient.js';
import { useStore } from './useStore.js';

/**
 * Returns the session store's snapshot: `{ loading, loggedIn, session, user }`.
 *
 * @example
 * ```tsx
 * const { loading, loggedIn, user } = useSession();
 * if (!loading && loggedIn) return <span>{user?.username}</span>;
 * ```
 */
export function useSession(): SessionSnapshot {
  return useStore(useClient().session);
}
