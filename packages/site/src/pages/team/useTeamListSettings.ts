/**
 * What every list of the team pages needs besides its items: the platform (mobile under the
 * breakpoint), whether ads show (not for PRO and trial members), the member's "links in new window"
 * setting, whether the visitor is signed in and the page number of `?page=`.
 * @module
 */
import { type AdPlatform, isAdFree } from '@sportspyder/core';
import { useIsMobile, useSession } from '@sportspyder/react';
import { useSearchParams } from 'react-router';

/** The list settings of the current visitor and URL. */
export interface TeamListSettings {
  /** Mobile or desktop. */
  platform: AdPlatform;
  /** False for ad-free members. */
  adsVisible: boolean;
  /** The member's setting to open article links in a new window. */
  linksInNewWindow: boolean;
  /** True for members. */
  loggedIn: boolean;
  /** The page of `?page=` (1 when missing or invalid). */
  page: number;
}

/** Reads the list settings from the session, the viewport and the URL. */
export function useTeamListSettings(): TeamListSettings {
  const { user, loggedIn } = useSession();
  const mobile = useIsMobile();
  const [params] = useSearchParams();
  const raw = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    platform: mobile ? 'mobile' : 'desktop',
    adsVisible: !isAdFree(user),
    linksInNewWindow: user?.linksInNewWindow ?? false,
    loggedIn,
    page: Number.isFinite(raw) && raw > 0 ? raw : 1,
  };
}
