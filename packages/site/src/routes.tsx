/**
 * The site's route table (spec 1 §2.1), shared by the browser entry (createBrowserRouter) and the tests
 * (createMemoryRouter). Every page sits in the layout; a pathless route catches render errors inside it
 * so the 500 page keeps the header and footer.
 * @module
 */
import type { RouteObject } from 'react-router';
import { RootLayout } from './components/RootLayout.js';
import {
  NotFoundRoute,
  RootErrorPage,
  RouteErrorPage,
  ServerErrorRoute,
  TestErrorRoute,
  TooManyTriesRoute,
} from './pages/ErrorPages.js';
import { guestRoutes, memberRoutes, publicAccountRoutes } from './routeTable/accountRoutes.js';
import { contentRoutes, searchRoutes } from './routeTable/contentRoutes.js';
import { emailRoutes, publicRoutes } from './routeTable/publicRoutes.js';
import { sportRoutes } from './routeTable/sportRoutes.js';
import { teamRoutes } from './routeTable/teamRoutes.js';

/** The error pages, the hidden test error route and the catch-all. */
export const errorRoutes: RouteObject[] = [
  { path: 'page-not-found', element: <NotFoundRoute /> },
  { path: 'too-many-tries', element: <TooManyTriesRoute /> },
  { path: 'server-error', element: <ServerErrorRoute /> },
  { path: 'test-error', element: <TestErrorRoute /> },
  { path: '*', element: <NotFoundRoute /> },
];

/** Every route of the site. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          ...publicRoutes,
          ...emailRoutes,
          guestRoutes,
          ...publicAccountRoutes,
          memberRoutes,
          ...searchRoutes,
          ...contentRoutes,
          sportRoutes,
          teamRoutes,
          ...errorRoutes,
        ],
      },
    ],
  },
];
