/**
 * The routed error pages (/page-not-found, /too-many-tries, /server-error), the error element that
 * catches render errors, and the hidden route that throws to show it.
 * @module
 */
import type { Sport, Team } from '@sportspyder/contract';
import { collegeTeamName } from '@sportspyder/core';
import { NotFoundPage, ServerErrorPage, TooManyTriesPage, useReference } from '@sportspyder/react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { SiteFrame } from '../components/RootLayout.js';
import { useDocumentTitle } from '../hooks/useDocumentTitle.js';

/** The busiest team of each sport: the 404 page's ways back in. */
export function popularTeams(sports: readonly Sport[]): Team[] {
  const picks: Team[] = [];
  for (const sport of sports) {
    const teams = [...(sport.divisions ?? []), ...(sport.conferences ?? [])].flatMap(
      (group) => group.teams ?? [],
    );
    const best = teams.reduce<Team | undefined>(
      (top, team) => (!top || team.count > top.count ? team : top),
      undefined,
    );
    if (best) picks.push(sport.isCollege ? { ...best, fullName: collegeTeamName(best.fullName) } : best);
  }
  return picks;
}

/** The 404 page with links to popular teams. */
export function NotFoundRoute() {
  useDocumentTitle('Page Not Found');
  const { sports } = useReference();
  return <NotFoundPage teams={popularTeams(sports)} />;
}

/** The too-many-tries page. */
export function TooManyTriesRoute() {
  useDocumentTitle('Too Many Tries');
  return <TooManyTriesPage />;
}

/** The 500 page. */
export function ServerErrorRoute() {
  useDocumentTitle('Something Went Wrong');
  return <ServerErrorPage />;
}

/** Error element inside the layout: a thrown 404 response shows the 404 page, anything else the 500 page. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  if (isRouteErrorResponse(error) && error.status === 429) return <TooManyTriesRoute />;
  // Logged so the cause is visible in the console; the visitor sees the spec's page.
  console.error(error);
  return <ServerErrorRoute />;
}

/** Error element of the root route: used when the layout itself failed, so it draws its own frame. */
export function RootErrorPage() {
  return (
    <SiteFrame>
      <RouteErrorPage />
    </SiteFrame>
  );
}

/** The hidden test error route (/test-error): throws while rendering to show the 500 page. */
export function TestErrorRoute(): never {
  throw new Error('Test error: this route throws on purpose to show the 500 page.');
}
