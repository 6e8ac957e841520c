/**
 * Renders the route table for the current location, in React Router's declarative mode (`useRoutes`
 * inside a `BrowserRouter`, or a `MemoryRouter` in the tests). The browser entry starts with a boot
 * table that holds only the home page; a location it does not match loads the full table (its own
 * chunk, `routes.tsx`) and shows the loading frame meanwhile, so the table stays out of home's initial
 * JavaScript (issue 4) as React Router's lazy route discovery did with the data router.
 * @module
 */
import { useEffect, useState } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { LoadingFrame } from '../components/LoadingFrame.js';

/** Props of {@link SiteRoutes}. */
export interface SiteRoutesProps {
  /** The table to start with. */
  routes: RouteObject[];
  /** Loads the full table when `routes` does not match the location (omit when `routes` is full). */
  loadRoutes?: () => Promise<RouteObject[]>;
}

/**
 * The site's routes for the current location.
 * @example
 * <BrowserRouter><SiteRoutes routes={bootRoutes} loadRoutes={loadFullTable} /></BrowserRouter>
 */
export function SiteRoutes({ routes, loadRoutes }: SiteRoutesProps) {
  const location = useLocation();
  const [table, setTable] = useState(routes);
  const [failure, setFailure] = useState<unknown>(null);
  // Only the boot table is matched here: matching the full table (112 paths) costs a render about
  // 30 ms on a phone's CPU, and useRoutes below matches it anyway (issue 46).
  const needsFullTable =
    loadRoutes !== undefined && table === routes && matchRoutes(table, location) === null;
  useEffect(() => {
    if (!needsFullTable) return;
    let cancelled = false;
    loadRoutes().then(
      (full) => {
        if (!cancelled) setTable(full);
      },
      // A chunk that cannot load (offline on a page never opened, a deploy that removed it): the
      // error page, not a loading frame forever.
      (error: unknown) => {
        if (!cancelled) setFailure(error ?? new Error('The pages could not be loaded'));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [needsFullTable, loadRoutes]);
  const element = useRoutes(table, location);
  if (failure) throw failure;
  return needsFullTable ? <LoadingFrame /> : element;
}
