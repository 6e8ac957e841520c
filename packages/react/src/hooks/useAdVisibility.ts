/**
 * Ads in React (spec 1 §4.5, §6): who sees which ads on this page load, from the session (loading,
 * PRO/trial/comp member, whether the server runs an ad network), the client's experiment variant and visitor type, the platform (mobile up to
 * 767 px) and, for the sticky ad, the viewport height and whether the page is a chat page; and the ad
 * refresh counter that goes up when the reader returns after more than 30 s away. The rules are
 * core's `adVisibility` and `createAdRefresh`; these hooks only feed them the page's state.
 * @module
 */
import {
  type AdPlatform,
  type AdRefresh,
  type AdVisibility,
  adVisibility,
  createAdRefresh,
  type Observable,
} from '@sportspyder/core';
import { useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import { SportSpyderContext } from '../SportSpyderProvider.js';
import { useClient } from './useClient.js';
import { useIsMobile } from './useMediaQuery.js';
import { useSession } from './useSession.js';
import { useStore } from './useStore.js';

const noHeight = () => 0;
const windowHeight = () => (typeof window === 'undefined' ? 0 : window.innerHeight);

/**
 * The viewport height in px, following resizes (and the mobile address bar). `active: false` reads
 * nothing and subscribes to nothing, so a component that does not need it never re-renders on resize.
 *
 * @example
 * ```tsx
 * const height = useViewportHeight();
 * ```
 */
export function useViewportHeight(active = true): number {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!active || typeof window === 'undefined') return () => undefined;
      window.addEventListener('resize', listener);
      return () => window.removeEventListener('resize', listener);
    },
    [active],
  );
  const read = active ? windowHeight : noHeight;
  return useSyncExternalStore(subscribe, read, noHeight);
}

/** Options of {@link useAdVisibility}. */
export interface UseAdVisibilityOptions {
  /**
   * Also decide the sticky ad: follows the viewport height (default false; list and sidebar slots
   * leave it off so resizing the window does not re-render every list).
   */
  sticky?: boolean;
  /** The page is a chat page (no sticky ad there); the site reads it from the route. */
  chatPage?: boolean;
}

/** The ad decision for this page and the platform it was made for. */
export interface AdState extends AdVisibility {
  /** Mobile (up to 767 px wide) or desktop: which slot table and sizes apply. */
  readonly platform: AdPlatform;
}

/**
 * Which ads show now: `pending` while the session loads (nothing shows yet), then `ads` (list and
 * sidebar slots), `adVideo`, and with `{ sticky: true }` the `sticky` ad.
 *
 * @example
 * ```tsx
 * const { ads, pending, platform } = useAdVisibility();
 * const { sticky } = useAdVisibility({ sticky: true, chatPage: isChatPath(pathname) });
 * ```
 */
export function useAdVisibility(options: UseAdVisibilityOptions = {}): AdState {
  const { sticky = false, chatPage = false } = options;
  const client = useClient();
  const { loading, user, session } = useSession();
  const platform: AdPlatform = useIsMobile() ? 'mobile' : 'desktop';
  const viewportHeight = useViewportHeight(sticky);
  // The variant is the session's experiment and this page load's bucket: it changes with the session.
  const variant = client.variant();
  const experiment = session?.exp;
  // Slots exist only when the server runs an ad network (its ADS setting, named in the session).
  const adNetwork = session?.ads === true;
  return useMemo(
    () =>
      Object.freeze({
        ...adVisibility({
          user,
          loading,
          variant,
          experiment,
          userType: client.visitorType,
          platform,
          viewportHeight,
          isChatPage: chatPage,
          stickyAd: sticky,
          adNetwork,
        }),
        platform,
      }),
    [
      user,
      loading,
      variant,
      experiment,
      adNetwork,
      client.visitorType,
      platform,
      viewportHeight,
      chatPage,
      sticky,
    ],
  );
}

// One counter per page: every slot shares its listeners (as the scroll watcher does).
let pageRefresh: AdRefresh | undefined;
const noRefresh: Observable<number> = { subscribe: () => () => undefined, getSnapshot: () => 0 };

/**
 * How many times the ads of this page should have refreshed: goes up by one when the reader comes back
 * after more than 30 s away (hidden tab or unfocused window). Outside a provider (a component
 * rendered alone) it stays 0.
 *
 * @example
 * ```tsx
 * const refresh = useAdRefresh();
 * useEffect(() => { if (refresh > 0) reloadMyAd(); }, [refresh]);
 * ```
 */
export function useAdRefresh(): number {
  const inProvider = useContext(SportSpyderContext) !== null;
  if (inProvider) pageRefresh ??= createAdRefresh();
  return useStore(inProvider && pageRefresh ? pageRefresh : noRefresh);
}
