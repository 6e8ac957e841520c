/**
 * Team routes (/:sportId/:teamId and below, spec 1 §2.1, spec 2 §2) inside the team frame, which also
 * applies the team redirects of spec 1 §2.2.
 * @module
 */
import type { Team } from '@sportspyder/contract';
import type { RouteObject } from 'react-router';
import { TeamLayout, TeamSectionPage } from '../pages/TeamLayout.js';
import { TeamNewsPage } from '../pages/team/TeamNewsPage.js';
import { TeamPopularPage } from '../pages/team/TeamPopularPage.js';
import { TeamPostsPage } from '../pages/team/TeamPostsPage.js';
import { TeamRosterPage } from '../pages/team/TeamRosterPage.js';
import { TeamVideosPage } from '../pages/team/TeamVideosPage.js';
import { TeamWidgetsPage } from '../pages/team/TeamWidgetsPage.js';

const teamPage = (
  path: string | undefined,
  title: (t: Team) => string,
  description: (t: Team) => string,
): RouteObject => {
  const element = <TeamSectionPage title={title} description={description} />;
  return path === undefined ? { index: true, element } : { path, element };
};

/** The team pages. */
export const teamRoutes: RouteObject = {
  path: ':sportId/:teamId',
  element: <TeamLayout />,
  children: [
    { index: true, element: <TeamPopularPage /> },
    { path: 'news', element: <TeamNewsPage /> },
    teamPage(
      'news/discover',
      (t) => `Discover ${t.fullName} News Sources`,
      (t) => `News sources covering the ${t.fullName}.`,
    ),
    teamPage(
      'articles/:id',
      (t) => `${t.fullName} Article`,
      (t) => `An article of the ${t.fullName} news.`,
    ),
    { path: 'tweets', element: <TeamPostsPage /> },
    { path: 'posts', element: <TeamPostsPage /> },
    teamPage(
      'podcasts/discover',
      (t) => `Discover ${t.fullName} Podcasts`,
      (t) => `Podcasts covering the ${t.fullName}.`,
    ),
    teamPage(
      'podcasts/:id',
      (t) => `${t.fullName} Podcast`,
      () => 'The podcast and its episodes.',
    ),
    teamPage(
      'podcasts',
      (t) => `${t.fullName} Podcasts`,
      (t) => `The latest ${t.fullName} podcast episodes.`,
    ),
    teamPage(
      'episodes/:id',
      (t) => `${t.fullName} Podcast Episode`,
      () => 'A podcast episode.',
    ),
    { path: 'videos', element: <TeamVideosPage /> },
    teamPage(
      'videos/discover',
      (t) => `Discover ${t.fullName} Video Channels`,
      (t) => `Video channels covering the ${t.fullName}.`,
    ),
    teamPage(
      'chat/:channelId?/:messageId?',
      (t) => `${t.fullName} Chat`,
      (t) => `Live chat with ${t.fullName} fans.`,
    ),
    { path: 'players', element: <TeamRosterPage /> },
    { path: 'widgets', element: <TeamWidgetsPage /> },
    teamPage(
      'sources/:id/news',
      (t) => `${t.fullName} News`,
      (t) => `${t.fullName} news from one source.`,
    ),
    teamPage(
      'sources/:id/videos',
      (t) => `${t.fullName} Videos`,
      (t) => `${t.fullName} videos from one channel.`,
    ),
  ],
};
