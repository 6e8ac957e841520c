/**
 * What every article list of the sport and home pages needs besides its items: the platform
 * (mobile under the breakpoint), whether ads show (react's `useAdVisibility`: not while the session
 * loads, not for PRO, trial and comp members, not in the ads-off experiment variant), the member's
 * "links in new window" setting and the page number of `?page=`.
 * @module
 */
import type { AdPlatform } from '@sportspyder/core';
import { type ListAds, useAdVisibility, useSession } from '@sportspyder/react';
import { useDeferredValue } from 'react';
import { useSearchParams } from 'react-router';
import '../../ads/ad-slots.css';

/** The list settings of the current visitor and URL. */
export interface ListSettings {
  /** Mobile or desktop. */
  platform: AdPlatform;
  /**
   * Whether the list shows its ad slots: null while not known (the session is loading; lists wait,
   * so no slot appears between items already on screen), then true or false.
   */
  adsVisible: boolean | null;
  /** The member's setting to open article links in a new window. */
  linksInNewWindow: boolean;
  /** The page of `?page=` (1 when missing or invalid). */
  page: number;
}

/** Reads the page of `?page=` (1 when missing or invalid). */
export function usePageNumber(): number {
  const [params] = useSearchParams();
  const raw = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isFinite(raw) && raw > 0 ? raw : 1;
}

/**
 * The `ads` of a list ({@link ListAds} for `AdList`, `VideoList`, the episode list): given only when
 * its slots show.
 */
export function listAds(
  settings: Pick<ListSettings, 'adsVisible' | 'platform' | 'page'>,
  context: ListAds['context'] = 'default',
): ListAds | null {
  return settings.adsVisible ? { context, platform: settings.platform, page: settings.page } : null;
}

/** Reads the list settings from the session, the ad decision, the viewport and the URL. */
export function useListSettings(): ListSettings {
  const { user } = useSession();
  const { pending, ads, platform } = useAdVisibility();
  // The decision arrives with the session and lets every waiting list render at once: deferred, React
  // renders them in interruptible slices instead of one long task (the session store updates synchronously).
  const adsVisible = useDeferredValue(pending ? null : ads);
  return {
    platform,
    adsVisible,
    linksInNewWindow: user?.linksInNewWindow ?? false,
    page: usePageNumber(),
  };
}
