/**
 * What every list of the team pages needs besides its items: the platform (mobile under the
 * breakpoint), whether ads show (react's `useAdVisibility`: not while the session loads, not for PRO,
 * trial and comp members, not in the ads-off experiment variant), the ad context (a team the session
 * promotes has its own slot row), the member's "links in new window" setting, whether the visitor is
 * signed in and the page number of `?page=`.
 * @module
 */
import type { Team } from '@sportspyder/contract';
import type { AdPlatform } from '@sportspyder/core';
import { useAdVisibility, useSession } from '@sportspyder/react';
import { useDeferredValue } from 'react';
import { usePageNumber } from '../sport/useListSettings.js';

/** The list settings of the current visitor and URL. */
export interface TeamListSettings {
  /** Mobile or desktop. */
  platform: AdPlatform;
  /**
   * Whether the lists show their ad slots: null while not known (the session is loading; lists
   * wait, so no slot appears between items already on screen), then true or false.
   */
  adsVisible: boolean | null;
  /** The team's ad context: `promoTeam` for a team of the session's `promoTeams`, else `team`. */
  adContext: 'team' | 'promoTeam';
  /** The member's setting to open article links in a new window. */
  linksInNewWindow: boolean;
  /** True for members. */
  loggedIn: boolean;
  /** The page of `?page=` (1 when missing or invalid). */
  page: number;
}

/** Reads the list settings from the session, the ad decision, the viewport and the URL. */
export function useTeamListSettings(team?: Pick<Team, 'id'>): TeamListSettings {
  const { user, loggedIn, session } = useSession();
  const { pending, ads, platform } = useAdVisibility();
  // The decision arrives with the session and lets every waiting list render at once: deferred, React
  // renders them in interruptible slices instead of one long task (the session store updates synchronously).
  const adsVisible = useDeferredValue(pending ? null : ads);
  const promoted = team !== undefined && (session?.promoTeams ?? []).includes(team.id);
  return {
    platform,
    adsVisible,
    adContext: promoted ? 'promoTeam' : 'team',
    linksInNewWindow: user?.linksInNewWindow ?? false,
    loggedIn,
    page: usePageNumber(),
  };
}
