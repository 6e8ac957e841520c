/**
 * Sport routes (/sports/:sportId and below, spec 1 §2.1, spec 2 §2) inside the sport frame. The pages
 * with content load lazily so they stay out of the home route's initial JavaScript.
 * @module
 */
import type { RouteObject } from 'react-router';
import { LoadingFrame } from '../components/LoadingFrame.js';
import { lazyComponent } from './lazyComponent.js';
import { podcastRoutes } from './podcastRoutes.js';

const SportLayout = lazyComponent(() => import('../pages/SportLayout.js'), 'SportLayout');

/** A lazily loaded page, with the loading frame shown while its chunk loads on first render. */
function lazyPage(
  lazy: NonNullable<RouteObject['lazy']>,
): Pick<RouteObject, 'lazy' | 'hydrateFallbackElement'> {
  return { lazy, hydrateFallbackElement: <LoadingFrame /> };
}

/** The sport pages. */
export const sportRoutes: RouteObject = {
  path: 'sports/:sportId',
  element: <SportLayout />,
  children: [
    {
      index: true,
      ...lazyPage(() =>
        import('../pages/sport/SportPopularPage.js').then((m) => ({ Component: m.SportPopularPage })),
      ),
    },
    {
      path: 'teams',
      ...lazyPage(() =>
        import('../pages/sport/SportTeamsPage.js').then((m) => ({ Component: m.SportTeamsPage })),
      ),
    },
    {
      path: 'news',
      ...lazyPage(() =>
        import('../pages/sport/SportNewsPage.js').then((m) => ({ Component: m.SportNewsPage })),
      ),
    },
    {
      path: 'articles/:id',
      ...lazyPage(() =>
        import('../pages/sport/SportArticlePage.js').then((m) => ({ Component: m.SportArticlePage })),
      ),
    },
    ...podcastRoutes('sport'),
    {
      path: 'players',
      ...lazyPage(() =>
        import('../pages/sport/SportPlayersPage.js').then((m) => ({ Component: m.SportPlayersPage })),
      ),
    },
    {
      // Channel and thread ids in the path, like the team chat (docs/decisions/chat.md).
      path: 'chat/:channelId?/:messageId?',
      ...lazyPage(() => import('../pages/chat/ChatPage.js').then((m) => ({ Component: m.SportChatPage }))),
    },
  ],
};
