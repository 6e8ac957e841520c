/**
 * The visible toasts as React state.
 * @module
 */
import type { Toast } from '@sportspyder/core';
import { useClient } from './useClient.js';
import { useStore } from './useStore.js';

/**
 * Returns the toasts currently shown (the core removes each after its display time).
 *
 * @example
 * ```tsx
 * const toasts = useToasts();
 * return <ToastList toasts={toasts} />;
 * ```
 */
export function useToasts(): readonly Toast[] {
  return useStore(useClient().toasts);
}
