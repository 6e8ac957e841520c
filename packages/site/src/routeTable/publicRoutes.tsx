/**
 * Public routes of spec 1 §2.1: home, static pages, contact, articles and the e-mail preference pages
 * (reached by hash links, no sign-in).
 * @module
 */
import type { RouteObject } from 'react-router';
import { HomePage } from '../pages/HomePage.js';
import { lazyComponent } from './lazyComponent.js';

const ArticlePage = lazyComponent(() => import('../pages/news/ArticlePage.js'), 'ArticlePage');
const VersionPage = lazyComponent(() => import('../pages/VersionPage.js'), 'VersionPage');
const ContactPage = lazyComponent(() => import('../pages/contact/ContactPage.js'), 'ContactPage');

type StaticPagesModule = typeof import('../pages/about/staticPages.js');
// One chunk for the static pages: each route names its export.
const staticPage = <K extends keyof StaticPagesModule>(name: K) =>
  lazyComponent(() => import('../pages/about/staticPages.js'), name);
const AboutPage = staticPage('AboutPage');
const FeaturesPage = staticPage('FeaturesPage');
const FeatureGuidePage = staticPage('FeatureGuidePage');
const AboutProPage = staticPage('AboutProPage');
const MembersPage = staticPage('MembersPage');
const PublishersPage = staticPage('PublishersPage');
const DevelopersPage = staticPage('DevelopersPage');
const PrivacyPage = staticPage('PrivacyPage');
const PromotedPage = staticPage('PromotedPage');
const FeaturedPage = staticPage('FeaturedPage');

/** The public pages. */
export const publicRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'version', element: <VersionPage /> },
  { path: 'privacy', element: <PrivacyPage /> },
  { path: 'promoted', element: <PromotedPage /> },
  { path: 'featured', element: <FeaturedPage /> },
  { path: 'contact/:id?', element: <ContactPage /> },
  {
    path: 'articles/:id',
    // Comments below the article arrive with the chat issue.
    element: <ArticlePage backHref={() => '/'} />,
  },
  { path: 'about', element: <AboutPage /> },
  { path: 'about/features', element: <FeaturesPage /> },
  { path: 'about/feature/:category/:id', element: <FeatureGuidePage /> },
  { path: 'about/pro', element: <AboutProPage /> },
  { path: 'about/members', element: <MembersPage /> },
  { path: 'about/publishers', element: <PublishersPage /> },
  { path: 'about/developers', element: <DevelopersPage /> },
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
