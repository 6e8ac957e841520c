/**
 * The site's route table (spec 1 §2.1) used by the tests (a memory router, `__tests__/testRouter.tsx`). The browser entry starts
 * with the home page only and loads this module (its own chunk) on the first navigation elsewhere,
 * patching {@link siteRoutes} into the frame. Every page sits in the layout; a pathless route catches
 * render errors inside it so the 500 page keeps the header and footer.
 * @module
 */
import type { RouteObject } from 'react-router';
import { SportSlugRedirect } from './pages/SportSlugRedirect.js';
import { guestRoutes, memberRoutes, publicAccountRoutes } from './routeTable/accountRoutes.js';
import { adminRoutes } from './routeTable/adminRoutes.js';
import { contentRoutes, searchRoutes } from './routeTable/contentRoutes.js';
import { lazyComponent } from './routeTable/lazyComponent.js';
import { emailRoutes, publicRoutes } from './routeTable/publicRoutes.js';
import { siteFrame } from './routeTable/siteFrame.js';
import { sportRoutes } from './routeTable/sportRoutes.js';
import { teamRoutes } from './routeTable/teamRoutes.js';

// The error pages load on demand too: a visitor who never hits an error never downloads them.
const errorPages = () => import('./pages/ErrorPages.js');
const NotFoundRoute = lazyComponent(errorPages, 'NotFoundRoute');
const ServerErrorRoute = lazyComponent(errorPages, 'ServerErrorRoute');
const TestErrorRoute = lazyComponent(errorPages, 'TestErrorRoute');
const TooManyTriesRoute = lazyComponent(errorPages, 'TooManyTriesRoute');

/** The error pages, the hidden test error route, the sport slug redirect and the catch-all. */
export const errorRoutes: RouteObject[] = [
  { path: 'page-not-found', element: <NotFoundRoute /> },
  { path: 'too-many-tries', element: <TooManyTriesRoute /> },
  { path: 'server-error', element: <ServerErrorRoute /> },
  { path: 'test-error', element: <TestErrorRoute /> },
  // A sport's slug alone (/nfl), which fans type, goes to the sport's page; other single segments
  // are not pages. Every named route of one segment (/login, /topics...) outranks this one.
  { path: ':sportSlug', element: <SportSlugRedirect notFound={<NotFoundRoute />} /> },
  { path: '*', element: <NotFoundRoute /> },
];

/** The site's pages (the children of the frame's pathless route). */
export const siteRoutes: RouteObject[] = [
  ...publicRoutes,
  ...emailRoutes,
  guestRoutes,
  ...publicAccountRoutes,
  memberRoutes,
  adminRoutes,
  ...searchRoutes,
  ...contentRoutes,
  sportRoutes,
  teamRoutes,
  ...errorRoutes,
];

/** Every route of the site, in its frame (see `routeTable/siteFrame.tsx`). */
export const routes: RouteObject[] = siteFrame(siteRoutes);
