/**
 * The sport pages' frame (/sports/:sportId/…, spec 2 §2): the sport's logo and name and the tabs Teams,
 * Popular, News, Podcasts, Players and Chat. An unknown sport goes to the 404 page once the sports are
 * known.
 * @module
 */
import type { Sport } from '@sportspyder/contract';
import type { ReactNode } from 'react';
import { Navigate, NavLink, Outlet, useOutletContext, useParams } from 'react-router';
import { LoadingFrame } from '../components/LoadingFrame.js';
import { useDeferredReference } from '../hooks/useDeferredReference.js';
import { PlaceholderPage } from './PlaceholderPage.js';

/** What the sport frame hands to its pages. */
export interface SportOutletContext {
  /** The sport of the URL. */
  sport: Sport;
}

/** The tabs of a sport page. */
function sportTabs(slug: string): { label: string; to: string; end?: boolean }[] {
  return [
    { label: 'Teams', to: `/sports/${slug}/teams` },
    { label: 'Popular', to: `/sports/${slug}`, end: true },
    { label: 'News', to: `/sports/${slug}/news` },
    { label: 'Podcasts', to: `/sports/${slug}/podcasts` },
    { label: 'Players', to: `/sports/${slug}/players` },
    { label: 'Chat', to: `/sports/${slug}/chat` },
  ];
}

/** The sport frame. */
export function SportLayout() {
  const { sportId } = useParams();
  // Deferred: when the reference arrives after load, the whole sport page renders from it, in slices.
  const { loading, sports } = useDeferredReference();
  const sport = sports.find((s) => s.slug === sportId || String(s.id) === sportId);
  if (!sport) {
    if (loading || sports.length === 0) return <LoadingFrame />;
    return <Navigate to="/page-not-found" replace />;
  }
  if (sport.slug !== sportId) return <Navigate to={`/sports/${sport.slug}`} replace />;
  return (
    <div className="ss-section">
      <header className="ss-hero ss-hero--sport">
        <img className="ss-hero__logo" src={sport.logo} alt="" width={56} height={56} />
        <p className="ss-hero__name">{sport.name}</p>
      </header>
      <nav className="ss-tabs" aria-label={`${sport.name} sections`}>
        {sportTabs(sport.slug).map((tab) => (
          <NavLink key={tab.label} to={tab.to} end={tab.end ?? false} className="ss-tabs__tab">
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet context={{ sport } satisfies SportOutletContext} />
    </div>
  );
}

/** Props of {@link SportSectionPage}. */
export interface SportSectionPageProps {
  /** The page title from the sport's name. */
  title: (sport: Sport) => string;
  /** What the page will show. */
  description: (sport: Sport) => ReactNode;
}

/** A page inside the sport frame. */
export function SportSectionPage({ title, description }: SportSectionPageProps) {
  const { sport } = useOutletContext<SportOutletContext>();
  return <PlaceholderPage title={title(sport)} description={description(sport)} />;
}
