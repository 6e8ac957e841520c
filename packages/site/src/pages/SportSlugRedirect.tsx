/**
 * A sport's slug alone (`/nfl`, `/NBA/`), which fans type: a redirect to the sport's page
 * (`/sports/{sport}`), keeping the query and the hash. Any other single segment is not a page.
 * @module
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { LoadingFrame } from '../components/LoadingFrame.js';
import { useDeferredReference } from '../hooks/useDeferredReference.js';

/** Props of {@link SportSlugRedirect}. */
export interface SportSlugRedirectProps {
  /** What an unknown slug shows (the site's 404 page, in place like any unknown path). */
  notFound: ReactNode;
}

/** Sends `/:sportSlug` to `/sports/:sportSlug` for the sports of the reference data. */
export function SportSlugRedirect({ notFound }: SportSlugRedirectProps) {
  const { sportSlug = '' } = useParams();
  const { search, hash } = useLocation();
  const { loading, sports } = useDeferredReference();
  const slug = sportSlug.toLowerCase();
  const sport = sports.find((s) => s.slug === slug);
  if (sport) return <Navigate to={`/sports/${sport.slug}${search}${hash}`} replace />;
  // Until the sports are known (they load with the page), a slug may still be one.
  if (loading) return <LoadingFrame />;
  return notFound;
}
