/**
 * Admin routes (issues 44, 48): /admin (the home with the moderation queue) and /admin/sources, behind the sign-in guard. Whether the member is an admin is
 * the page's to decide, so a member sees the 403 page at the address they asked for.
 * @module
 */
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../guards/RequireAuth.js';
import { lazyComponent } from './lazyComponent.js';

const AdminHomePage = lazyComponent(() => import('../pages/admin/AdminHomePage.js'), 'AdminHomePage');
const AdminSourcesPage = lazyComponent(
  () => import('../pages/admin/AdminSourcesPage.js'),
  'AdminSourcesPage',
);

/** The admin screens for signed-in members (admins see them; others get the 403 page). */
export const adminRoutes: RouteObject = {
  element: <RequireAuth />,
  children: [
    { path: 'admin', element: <AdminHomePage /> },
    { path: 'admin/sources', element: <AdminSourcesPage /> },
  ],
};
