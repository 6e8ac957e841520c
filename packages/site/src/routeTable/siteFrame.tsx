/**
 * The frame every route sits in (spec 1 §2.1): the root layout inside an error boundary showing the 500
 * page with its own frame, and a pathless route whose boundary catches render errors inside the layout so
 * the error page keeps the header and footer. Shared by the full route table (`routes.tsx`) and the
 * browser entry's boot table, which holds only the home page and loads the rest on the first location
 * elsewhere (`SiteRoutes.tsx`; issue 4 performance: the route table stays out of home's initial JavaScript).
 * @module
 */
import { lazy, Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { RootLayout } from '../components/RootLayout.js';
import { RouteErrorBoundary } from '../components/RouteErrorBoundary.js';

// The error pages load on demand: a visitor who never hits an error never downloads them.
const errorPages = () => import('../pages/ErrorPages.js');
const RootErrorPage = lazy(() => errorPages().then((m) => ({ default: m.RootErrorPage })));
const RouteErrorPage = lazy(() => errorPages().then((m) => ({ default: m.RouteErrorPage })));

/** The 500 page with its own frame, for an error no route's boundary caught. */
export function rootErrorFallback(error: unknown) {
  return (
    <Suspense fallback={null}>
      <RootErrorPage error={error} />
    </Suspense>
  );
}

/**
 * The root route tree with `children` as the site's pages.
 * @example
 * const routes = siteFrame([{ index: true, element: <HomePage /> }]);
 */
export function siteFrame(children: RouteObject[]): RouteObject[] {
  return [
    {
      path: '/',
      element: (
        <RouteErrorBoundary fallback={rootErrorFallback}>
          <RootLayout />
        </RouteErrorBoundary>
      ),
      children: [
        {
          element: (
            <RouteErrorBoundary
              fallback={(error) => (
                <Suspense fallback={null}>
                  <RouteErrorPage error={error} />
                </Suspense>
              )}
            >
              <Outlet />
            </RouteErrorBoundary>
          ),
          children,
        },
      ],
    },
  ];
}
