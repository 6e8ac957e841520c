/**
 * Account and settings routes of spec 1 §2.1 with their guards (§2.2): guest-only sign-in and join,
 * signed-in-only profile, notifications and settings.
 * @module
 */
import { Navigate, type RouteObject } from 'react-router';
import { GuestOnly } from '../guards/GuestOnly.js';
import { RequireAuth } from '../guards/RequireAuth.js';
import { lazyComponent } from './lazyComponent.js';

const LoginPage = lazyComponent(() => import('../pages/LoginPage.js'), 'LoginPage');
const JoinPage = lazyComponent(() => import('../pages/account/JoinPage.js'), 'JoinPage');
const ForgotPage = lazyComponent(() => import('../pages/account/ForgotPage.js'), 'ForgotPage');
const ResetPage = lazyComponent(() => import('../pages/account/ResetPage.js'), 'ResetPage');
const VerifyPage = lazyComponent(() => import('../pages/account/VerifyPage.js'), 'VerifyPage');
const UndoEmailChangePage = lazyComponent(
  () => import('../pages/account/UndoEmailChangePage.js'),
  'UndoEmailChangePage',
);
const PasswordSettingsPage = lazyComponent(
  () => import('../pages/account/PasswordSettingsPage.js'),
  'PasswordSettingsPage',
);
const AccountSettingsPage = lazyComponent(
  () => import('../pages/settings/AccountSettingsPage.js'),
  'AccountSettingsPage',
);
const NotificationSettingsPage = lazyComponent(
  () => import('../pages/settings/NotificationSettingsPage.js'),
  'NotificationSettingsPage',
);
const AlertSettingsPage = lazyComponent(
  () => import('../pages/settings/AlertSettingsPage.js'),
  'AlertSettingsPage',
);
const SpoilerSettingsPage = lazyComponent(
  () => import('../spoilers/SpoilerSettingsPage.js'),
  'SpoilerSettingsPage',
);
const EmailSettingsPage = lazyComponent(
  () => import('../pages/settings/EmailSettingsPage.js'),
  'EmailSettingsPage',
);
const MyPodcastsPage = lazyComponent(() => import('../pages/MyPodcastsPage.js'), 'MyPodcastsPage');
const SettingsPodcastsPage = lazyComponent(
  () => import('../pages/podcasts/SettingsPodcastsPage.js'),
  'SettingsPodcastsPage',
);
const SettingsSourcesPage = lazyComponent(
  () => import('../pages/sources/SettingsSourcesPage.js'),
  'SettingsSourcesPage',
);
const ApiKeysPage = lazyComponent(() => import('../pages/api-keys/ApiKeysPage.js'), 'ApiKeysPage');
const ProPage = lazyComponent(() => import('../pages/billing/ProPage.js'), 'ProPage');
const BillingPage = lazyComponent(() => import('../pages/billing/BillingPage.js'), 'BillingPage');
const NotificationsPage = lazyComponent(
  () => import('../pages/notifications/NotificationsPage.js'),
  'NotificationsPage',
);
const ProfilePage = lazyComponent(() => import('../pages/profile/ProfilePage.js'), 'ProfilePage');
const SettingsLayout = lazyComponent(() => import('../pages/SettingsLayout.js'), 'SettingsLayout');
const ConfigurePage = lazyComponent(() => import('../pages/configure/ConfigurePage.js'), 'ConfigurePage');
const FollowingPage = lazyComponent(() => import('../pages/configure/FollowingPage.js'), 'FollowingPage');
const FantasyTeamsPage = lazyComponent(
  () => import('../pages/fantasy/FantasyTeamsPage.js'),
  'FantasyTeamsPage',
);
const NewFantasyTeamPage = lazyComponent(
  () => import('../pages/fantasy/NewFantasyTeamPage.js'),
  'NewFantasyTeamPage',
);
const EditFantasyTeamPage = lazyComponent(
  () => import('../pages/fantasy/EditFantasyTeamPage.js'),
  'EditFantasyTeamPage',
);

/** Guest-only screens (sign-in, join). */
export const guestRoutes: RouteObject = {
  element: <GuestOnly />,
  children: [
    { path: 'login', element: <LoginPage /> },
    { path: 'join', element: <JoinPage /> },
    { path: 'join/:id', element: <JoinPage /> },
  ],
};

/** Public account screens. */
export const publicAccountRoutes: RouteObject[] = [
  { path: 'forgot', element: <ForgotPage /> },
  { path: 'reset/:id', element: <ResetPage /> },
  { path: 'verify/:id', element: <VerifyPage /> },
  { path: 'email/change/undo/:id', element: <UndoEmailChangePage /> },
  { path: 'my/podcasts', element: <MyPodcastsPage /> },
];

/** Screens for signed-in members only. */
export const memberRoutes: RouteObject = {
  element: <RequireAuth />,
  children: [
    { path: 'profile', element: <ProfilePage /> },
    { path: 'notifications', element: <NotificationsPage /> },
    {
      path: 'settings',
      element: <SettingsLayout />,
      children: [
        { index: true, element: <Navigate to="/settings/account" replace /> },
        { path: 'account', element: <AccountSettingsPage /> },
        { path: 'password', element: <PasswordSettingsPage /> },
        { path: 'notifications', element: <NotificationSettingsPage /> },
        { path: 'emails', element: <EmailSettingsPage /> },
        { path: 'alerts', element: <AlertSettingsPage /> },
        { path: 'spoilers', element: <SpoilerSettingsPage /> },
        { path: 'following', element: <FollowingPage /> },
        { path: 'configure/:type?/:id?', element: <ConfigurePage /> },
        { path: 'podcasts/:type?', element: <SettingsPodcastsPage /> },
        { path: 'sources/:type?', element: <SettingsSourcesPage /> },
        { path: 'fantasy', element: <FantasyTeamsPage /> },
        { path: 'fantasy/new', element: <NewFantasyTeamPage /> },
        { path: 'fantasy/:id/edit', element: <EditFantasyTeamPage /> },
        { path: 'pro', element: <ProPage /> },
        { path: 'billing', element: <BillingPage /> },
        { path: 'api', element: <ApiKeysPage /> },
      ],
    },
  ],
};
