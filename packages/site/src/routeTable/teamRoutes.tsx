/**
 * Team routes (/:sportId/:teamId and below, spec 1 §2.1, spec 2 §2) inside the team frame, which also
 * applies the team redirects of spec 1 §2.2.
 * @module
 */
import type { Team } from '@sportspyder/contract';
import type { RouteObject } from 'react-router';
import { lazyComponent } from './lazyComponent.js';
import { podcastRoutes } from './podcastRoutes.js';

const ArticlePage = lazyComponent(() => import('../pages/news/ArticlePage.js'), 'ArticlePage');
const TeamLayout = lazyComponent(() => import('../pages/TeamLayout.js'), 'TeamLayout');
const TeamSectionPage = lazyComponent(() => import('../pages/TeamLayout.js'), 'TeamSectionPage');
const TeamNewsPage = lazyComponent(() => import('../pages/team/TeamNewsPage.js'), 'TeamNewsPage');
const TeamPopularPage = lazyComponent(() => import('../pages/team/TeamPopularPage.js'), 'TeamPopularPage');
const TeamPostsPage = lazyComponent(() => import('../pages/team/TeamPostsPage.js'), 'TeamPostsPage');
const TeamRosterPage = lazyComponent(() => import('../pages/team/TeamRosterPage.js'), 'TeamRosterPage');
const TeamVideosPage = lazyComponent(() => import('../pages/team/TeamVideosPage.js'), 'TeamVideosPage');
const TeamWidgetsPage = lazyComponent(() => import('../pages/team/TeamWidgetsPage.js'), 'TeamWidgetsPage');
const TeamDiscoverSourcesPage = lazyComponent(
  () => import('../pages/sources/TeamDiscoverSourcesPage.js'),
  'TeamDiscoverSourcesPage',
);
const TeamSourcePage = lazyComponent(() => import('../pages/sources/TeamSourcePage.js'), 'TeamSourcePage');

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
    { path: 'news/discover', element: <TeamDiscoverSourcesPage kind="news" /> },
    // One article of the team's news, with the more-from-source list and a way back to the feed.
    { path: 'articles/:id', element: <ArticlePage backHref={(p) => `/${p.sportId}/${p.teamId}/news`} /> },
    { path: 'tweets', element: <TeamPostsPage /> },
    { path: 'posts', element: <TeamPostsPage /> },
    ...podcastRoutes('team'),
    { path: 'videos', element: <TeamVideosPage /> },
    { path: 'videos/discover', element: <TeamDiscoverSourcesPage kind="videos" /> },
    teamPage(
      'chat/:channelId?/:messageId?',
      (t) => `${t.fullName} Chat`,
      (t) => `Live chat with ${t.fullName} fans.`,
    ),
    { path: 'players', element: <TeamRosterPage /> },
    { path: 'widgets', element: <TeamWidgetsPage /> },
    { path: 'sources/:id/news', element: <TeamSourcePage kind="news" /> },
    { path: 'sources/:id/videos', element: <TeamSourcePage kind="videos" /> },
  ],
};
