/**
 * Sport routes (/sports/:sportId and below, spec 1 §2.1, spec 2 §2) inside the sport frame. The pages
 * with content load lazily so they stay out of the home route's initial JavaScript.
 * @module
 */
import type { RouteObject } from 'react-router';
import { lazyComponent } from './lazyComponent.js';
import { podcastRoutes } from './podcastRoutes.js';

const SportLayout = lazyComponent(() => import('../pages/SportLayout.js'), 'SportLayout');
const SportPopularPage = lazyComponent(
  () => import('../pages/sport/SportPopularPage.js'),
  'SportPopularPage',
);
const SportTeamsPage = lazyComponent(() => import('../pages/sport/SportTeamsPage.js'), 'SportTeamsPage');
const SportNewsPage = lazyComponent(() => import('../pages/sport/SportNewsPage.js'), 'SportNewsPage');
const SportArticlePage = lazyComponent(
  () => import('../pages/sport/SportArticlePage.js'),
  'SportArticlePage',
);
const SportPlayersPage = lazyComponent(
  () => import('../pages/sport/SportPlayersPage.js'),
  'SportPlayersPage',
);
const SportChatPage = lazyComponent(() => import('../pages/chat/ChatPage.js'), 'SportChatPage');

/** The sport pages. */
export const sportRoutes: RouteObject = {
  path: 'sports/:sportId',
  element: <SportLayout />,
  children: [
    { index: true, element: <SportPopularPage /> },
    { path: 'teams', element: <SportTeamsPage /> },
    { path: 'news', element: <SportNewsPage /> },
    { path: 'articles/:id', element: <SportArticlePage /> },
    ...podcastRoutes('sport'),
    { path: 'players', element: <SportPlayersPage /> },
    // Channel and thread ids in the path, like the team chat (docs/decisions/chat.md).
    { path: 'chat/:channelId?/:messageId?', element: <SportChatPage /> },
  ],
};
