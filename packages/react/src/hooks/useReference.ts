/**
 * The precached reference data (sports with teams, teams by slug, topics) as React state.
 * @module
 */
import type { ReferenceSnapshot } from '@sportspyder/core';
import { useClient } from './useClient.js';
import { useStore } from './useStore.js';

/**
 * Returns the reference store's snapshot: `{ loading, sports, teamsBySlug, topics }`.
 *
 * @example
 * ```tsx
 * const { sports, topics } = useReference();
 * return <SportNav sports={sports} topics={topics} />;
 * ```
 */
export function useReference(): ReferenceSnapshot {
  return useStore(useClient().reference);
}
