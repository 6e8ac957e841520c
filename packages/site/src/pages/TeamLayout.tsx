/**
 * The team pages' frame (/:sportId/:teamId/…) and its redirects (spec 1 §2.2):
 * - sport segment "teams" → the same page under the team's own sport;
 * - a sport segment that is not the team's sport → /{sportSlug}/{teamSlug}/news;
 * - a slug missing from the precache → ask the server (`GET api/v1/teams/:slug`, which follows legacy
 *   renames such as oakland-raiders → las-vegas-raiders) and go to the team it names; unknown → 404.
 * @module
 */
import type { Team } from '@sportspyder/contract';
import { isApiError } from '@sportspyder/core';
import { teamNewsPath, useClient } from '@sportspyder/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useOutletContext, useParams } from 'react-router';
import { LoadingFrame } from '../components/LoadingFrame.js';
import { useActiveTabInView } from '../hooks/useActiveTabInView.js';
import { useDeferredReference } from '../hooks/useDeferredReference.js';
import { OfflineStatus } from '../offline/OfflineStatus.js';
import { PlaceholderPage } from './PlaceholderPage.js';
import { TeamFollowButton } from './team/TeamFollowButton.js';
import './team/team.css';

/** What the team frame hands to its pages. */
export interface TeamOutletContext {
  /** The team of the URL. */
  team: Team;
}

/** The server's answer to `GET api/v1/teams/:slug`. */
interface TeamLookupResponse {
  team: Team;
  redirectedFrom?: string;
}

/** Where a team URL must go instead, or `null` when it is right as it is. */
export function teamRedirect(
  team: Pick<Team, 'slug' | 'sportSlug'>,
  sportParam: string,
  teamParam: string,
  rest: string,
): string | null {
  if (teamParam !== team.slug) return teamNewsPath(team);
  if (sportParam === 'teams') return `/${team.sportSlug}/${team.slug}${rest}`;
  if (sportParam !== team.sportSlug) return teamNewsPath(team);
  return null;
}

type Lookup =
  | { slug: string; state: 'loading' }
  | { slug: string; state: 'found'; team: Team }
  | { slug: string; state: 'missing' };

/** Asks the server about a slug the precache does not know (legacy renames, or a stale precache). */
function useTeamLookup(slug: string, enabled: boolean): Lookup | null {
  const client = useClient();
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setLookup({ slug, state: 'loading' });
    client.api
      .get<TeamLookupResponse>(`api/v1/teams/${encodeURIComponent(slug)}`)
      .then((answer) => live && setLookup({ slug, state: 'found', team: answer.team }))
      .catch((reason: unknown) => {
        if (!live) return;
        if (isApiError(reason, 404)) setLookup({ slug, state: 'missing' });
        // 429 is routed by the client's handler; anything else goes to the error page (spec 1 §2.2).
        else if (!isApiError(reason, 429)) setError(reason);
      });
    return () => {
      live = false;
    };
  }, [client, slug, enabled]);
  if (error) throw error;
  return lookup && lookup.slug === slug ? lookup : null;
}

/** The tabs of a team page (spec 2 §2). */
function teamTabs(team: Team): { label: string; to: string; end?: boolean }[] {
  const base = `/${team.sportSlug}/${team.slug}`;
  return [
    { label: 'Popular', to: base, end: true },
    { label: 'News', to: `${base}/news` },
    { label: 'Videos', to: `${base}/videos` },
    { label: 'Podcasts', to: `${base}/podcasts` },
    { label: 'Posts', to: `${base}/posts` },
    { label: 'Chat', to: `${base}/chat` },
    { label: 'Roster', to: `${base}/players` },
    { label: 'Widgets', to: `${base}/widgets` },
  ];
}

/** The team frame with its redirects. */
export function TeamLayout() {
  const { sportId = '', teamId = '' } = useParams();
  const location = useLocation();
  // Deferred: when the reference arrives after load, the whole team page renders from it, in slices.
  const { loading, teamsBySlug } = useDeferredReference();
  const cached = teamsBySlug[teamId];
  const lookup = useTeamLookup(teamId, !loading && !cached);
  const team = cached ?? (lookup?.state === 'found' ? lookup.team : undefined);
  const tabs = useRef<HTMLElement>(null);
  // Again once the team (and so the bar) is there.
  useActiveTabInView(tabs, `${location.pathname}|${team?.slug ?? ''}`);

  if (!team) {
    if (lookup?.state === 'missing') return <Navigate to="/page-not-found" replace />;
    return <LoadingFrame />;
  }
  const prefix = `/${sportId}/${teamId}`;
  const rest = location.pathname.startsWith(prefix) ? location.pathname.slice(prefix.length) : '';
  const target = teamRedirect(team, sportId, teamId, rest);
  if (target) return <Navigate to={`${target}${location.search}`} replace />;

  return (
    <div className="ss-section">
      <header className="ss-hero ss-hero--team ss-team-header" style={{ borderLeftColor: team.iconColor }}>
        {/* Offline, a team never visited has no stored logo: its box stays, empty, not a broken image. */}
        <img
          className="ss-hero__logo"
          src={team.logo}
          alt=""
          width={56}
          height={56}
          onError={(event) => {
            event.currentTarget.style.visibility = 'hidden';
          }}
        />
        <div className="ss-team-header__main">
          <p className="ss-hero__name">{team.fullName}</p>
          <p className="ss-hero__meta">{team.meta}</p>
        </div>
        <TeamFollowButton team={team} />
      </header>
      <nav ref={tabs} className="ss-tabs" aria-label={`${team.fullName} sections`}>
        {teamTabs(team).map((tab) => (
          <NavLink key={tab.label} to={tab.to} end={tab.end ?? false} className="ss-tabs__tab">
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <OfflineStatus />
      <Outlet context={{ team } satisfies TeamOutletContext} />
    </div>
  );
}

/** Props of {@link TeamSectionPage}. */
export interface TeamSectionPageProps {
  /** The page title from the team. */
  title: (team: Team) => string;
  /** What the page will show. */
  description: (team: Team) => ReactNode;
}

/** A page inside the team frame. */
export function TeamSectionPage({ title, description }: TeamSectionPageProps) {
  const { team } = useOutletContext<TeamOutletContext>();
  return <PlaceholderPage title={title(team)} description={description(team)} />;
}
