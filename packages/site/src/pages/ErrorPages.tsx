/**
 * The routed error pages (/page-not-found, /too-many-tries, /server-error), the error element that
 * catches render errors, and the hidden route that throws to show it.
 * @module
 */
import type { Sport, Team } from '@sportspyder/contract';
import { collegeTeamName } from '@sportspyder/core';
import { NotFoundPage, ServerErrorPage, TooManyTriesPage, useReference } from '@sportspyder/react';
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

/** The HTTP status a thrown error carries (the client's API errors carry one), if any. */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** What a route's error boundary shows: a thrown 404 shows the 404 page, a 429 the too-many-tries page, anything else the 500 page. */
export function RouteErrorPage({ error }: { error: unknown }) {
  if (statusOf(error) === 404) return <NotFoundRoute />;
  if (statusOf(error) === 429) return <TooManyTriesRoute />;
  // Logged so the cause is visible in the console; the visitor sees the spec's page.
  console.error(error);
  return <ServerErrorRoute />;
}

/** What the root route's boundary shows: the layout itself failed, so it draws its own frame. */
export function RootErrorPage({ error }: { error: unknown }) {
  return (
    <SiteFrame>
      <RouteErrorPage error={error} />
    </SiteFrame>
  );
}

/** The hidden test error route (/test-error): throws while rendering to show the 500 page. */
export function TestErrorRoute(): never {
  throw new Error('Test error: this route throws on purpose to show the 500 page.');
}
