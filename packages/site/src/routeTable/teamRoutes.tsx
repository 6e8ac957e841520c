/**
 * Team routes (/:sportId/:teamId and below, spec 1 §2.1, spec 2 §2) inside the team frame, which also
 * applies the team redirects of spec 1 §2.2.
 * @module
 */
import type { RouteObject } from 'react-router';
import { lazyComponent } from './lazyComponent.js';
import { podcastRoutes } from './podcastRoutes.js';

const ArticlePage = lazyComponent(() => import('../pages/news/ArticlePage.js'), 'ArticlePage');
const TeamChatPage = lazyComponent(() => import('../pages/chat/ChatPage.js'), 'TeamChatPage');
const TeamLayout = lazyComponent(() => import('../pages/TeamLayout.js'), 'TeamLayout');
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
    { path: 'chat/:channelId?/:messageId?', element: <TeamChatPage /> },
    { path: 'players', element: <TeamRosterPage /> },
    { path: 'widgets', element: <TeamWidgetsPage /> },
    { path: 'sources/:id/news', element: <TeamSourcePage kind="news" /> },
    { path: 'sources/:id/videos', element: <TeamSourcePage kind="videos" /> },
  ],
};
