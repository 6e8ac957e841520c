/**
 * Access to the core client of the nearest provider.
 * @module
 */

import type { SportSpyderClient } from '@sportspyder/core';
import { useContext } from 'react';
import { SportSpyderContext } from '../SportSpyderProvider.js';

/**
 * Returns the core client of the nearest {@link SportSpyderProvider}; throws outside one, because a
 * silent `null` would only fail later and further from the cause.
 *
 * @example
 * ```tsx
 * const client = useClient();
 * await client.session.signOut();
 * ```
 */
export function useClient(): SportSpyderClient {
  const client = useContext(SportSpyderContext);
  if (!client) throw new Error('useClient: no SportSpyderProvider above this component');
  return client;
}
