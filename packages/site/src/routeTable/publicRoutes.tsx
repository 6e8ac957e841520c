/**
 * Public routes of spec 1 §2.1: home, static pages, contact, articles and the e-mail preference pages
 * (reached by hash links, no sign-in).
 * @module
 */
import type { RouteObject } from 'react-router';
import { HomePage } from '../pages/HomePage.js';
import { PlaceholderPage } from '../pages/PlaceholderPage.js';
import { lazyComponent } from './lazyComponent.js';

const ArticlePage = lazyComponent(() => import('../pages/news/ArticlePage.js'), 'ArticlePage');
const VersionPage = lazyComponent(() => import('../pages/VersionPage.js'), 'VersionPage');

const page = (title: string, description: string) => (
  <PlaceholderPage title={title} description={description} />
);

/** The public pages. */
export const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'version', element: <VersionPage /> },
  {
    path: 'privacy',
    element: page('Privacy Policy', 'How SportSpyder collects, uses and protects your data.'),
  },
  { path: 'promoted', element: page('Promoted Content', 'Articles and episodes promoted by our partners.') },
  {
    path: 'featured',
    element: page('Featured Content', 'How publishers can have their content featured on SportSpyder.'),
  },
  {
    path: 'contact/:id?',
    element: page(
      'Contact Us',
      'Send us feedback, report a missing article, submit a website or ask about advertising.',
    ),
  },
  {
    path: 'articles/:id',
    // Comments below the article arrive with the chat issue.
    element: <ArticlePage backHref={() => '/'} />,
  },
  {
    path: 'about',
    element: page(
      'About SportSpyder',
      'What SportSpyder is and how it gathers sports news, podcasts and chat.',
    ),
  },
  { path: 'about/features', element: page('Features', 'A guide to the features of SportSpyder.') },
  {
    path: 'about/feature/:category/:id',
    element: page(
      'Feature Guide',
      'A step of the feature guide: news feed, your team, podcasts, videos, posts, chat, players and search.',
    ),
  },
  { path: 'about/pro', element: page('SportSpyder PRO', 'SportSpyder PRO removes ads for members.') },
  { path: 'about/members', element: page('For Members', 'What a free SportSpyder account adds.') },
  {
    path: 'about/publishers',
    element: page('For Publishers', 'How publishers get their content on SportSpyder and embed our widgets.'),
  },
  {
    path: 'about/developers',
    element: page('For Developers', 'The SportSpyder API and how to request access.'),
  },
];

type EmailPageModule = typeof import('../pages/email/EmailPreferencesPage.js');
// One chunk for the eight pages: each route names its export.
const emailPage = <K extends Exclude<keyof EmailPageModule, 'EmailPreferencesPage'>>(name: K) =>
  lazyComponent(() => import('../pages/email/EmailPreferencesPage.js'), name);
const NotificationsUnsubscribePage = emailPage('NotificationsUnsubscribePage');
const NotificationsPreferencesPage = emailPage('NotificationsPreferencesPage');
const NewsletterUnsubscribePage = emailPage('NewsletterUnsubscribePage');
const NewsletterFrequencyPage = emailPage('NewsletterFrequencyPage');
const NewsletterPreferencesPage = emailPage('NewsletterPreferencesPage');
const SubscriberUnsubscribePage = emailPage('SubscriberUnsubscribePage');
const SubscriberFrequencyPage = emailPage('SubscriberFrequencyPage');
const SubscriberPreferencesPage = emailPage('SubscriberPreferencesPage');

/** The e-mail preference pages, by hash id. */
export const emailRoutes: RouteObject[] = [
  { path: 'email/notifications/unsubscribe/:id', element: <NotificationsUnsubscribePage /> },
  { path: 'email/notifications/preferences/:id', element: <NotificationsPreferencesPage /> },
  { path: 'email/newsletter/unsubscribe/:id', element: <NewsletterUnsubscribePage /> },
  { path: 'email/newsletter/frequency/:id', element: <NewsletterFrequencyPage /> },
  { path: 'email/newsletter/preferences/:id', element: <NewsletterPreferencesPage /> },
  { path: 'email/subscriber/unsubscribe/:id', element: <SubscriberUnsubscribePage /> },
  { path: 'email/subscriber/frequency/:id', element: <SubscriberFrequencyPage /> },
  { path: 'email/subscriber/preferences/:id', element: <SubscriberPreferencesPage /> },
];
