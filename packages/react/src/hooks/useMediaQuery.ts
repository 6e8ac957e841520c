/**
 * Media-query state for layout switches (the mobile header below 768 px).
 * @module
 */
import { MOBILE_MAX_WIDTH } from '@sportspyder/core';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Returns whether `query` matches, following changes (resize, rotation). Without `matchMedia`
 * (server rendering, old test environments) it reports `false`.
 *
 * @example
 * ```tsx
 * const wide = useMediaQuery('(min-width: 1081px)');
 * ```
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      // Some environments only report width changes through resize, not the list's change event.
      window.addEventListener('resize', listener);
      return () => {
        list.removeEventListener('change', listener);
        window.removeEventListener('resize', listener);
      };
    },
    [query],
  );
  const getSnapshot = useCallback(
    () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches,
    [query],
  );
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}

/** The media query of the mobile layout (spec 1 §9: mobile up to {@link MOBILE_MAX_WIDTH} px). */
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;

/**
 * Returns true at mobile widths (up to 767 px), where the site shows the mobile header and panels.
 *
 * @example
 * ```tsx
 * return useIsMobile() ? <MobileHeader /> : <Header />;
 * ```
 */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY);
}
