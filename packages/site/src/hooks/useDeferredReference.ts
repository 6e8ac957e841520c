/**
 * The reference data (sports, teams, topics) for the page frame and the home page, deferred: when
 * the precache answers, the core store updates synchronously and `useSyncExternalStore` would
 * render everything that uses it in one task; with `useDeferredValue` React renders the new data in
 * an interruptible transition instead (issue 4 performance: no long task after the load event).
 * @module
 */
import type { ReferenceSnapshot } from '@sportspyder/core';
import { useReference } from '@sportspyder/react';
import { useDeferredValue } from 'react';

/** {@link useReference}, rendered in a deferred (interruptible) update when the data changes. */
export function useDeferredReference(): ReferenceSnapshot {
  return useDeferredValue(useReference());
}
