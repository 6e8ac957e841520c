/**
 * The frame every route sits in (spec 1 §2.1): the root layout with the 500 page as its error element,
 * and a pathless route (id {@link SITE_ROUTE_ID}) that catches render errors inside the layout so the
 * error page keeps the header and footer. Shared by the full route table (`routes.tsx`) and the
 * browser entry's boot table, which holds only the home page and patches the rest in on first
 * navigation elsewhere (issue 4 performance: the route table stays out of home's initial JavaScript).
 * @module
 */
import type { RouteObject } from 'react-router';
import { LoadingFrame } from '../components/LoadingFrame.js';
import { RootLayout } from '../components/RootLayout.js';
import { lazyComponent } from './lazyComponent.js';

/** The id of the pathless route whose children are the site's pages (the patch target). */
export const SITE_ROUTE_ID = 'site';

// The error pages load on demand: a visitor who never hits an error never downloads them.
const errorPages = () => import('../pages/ErrorPages.js');
const RootErrorPage = lazyComponent(errorPages, 'RootErrorPage');
const RouteErrorPage = lazyComponent(errorPages, 'RouteErrorPage');

/**
 * The root route tree with `children` as the site's pages.
 * @example
 * const routes = siteFrame([{ index: true, element: <HomePage /> }]);
 */
export function siteFrame(children: RouteObject[]): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      errorElement: <RootErrorPage />,
      // A URL outside the boot table waits for the full table's chunk before its first render; without
      // a fallback React Router renders nothing and warns on every such load.
      hydrateFallbackElement: <LoadingFrame />,
      children: [{ id: SITE_ROUTE_ID, errorElement: <RouteErrorPage />, children }],
    },
  ];
}
