/**
 * Sport routes (/sports/:sportId and below, spec 1 §2.1, spec 2 §2) inside the sport frame.
 * @module
 */
import type { RouteObject } from 'react-router';
import { SportLayout, SportSectionPage } from '../pages/SportLayout.js';

/** The sport pages. */
export const sportRoutes: RouteObject = {
  path: 'sports/:sportId',
  element: <SportLayout />,
  children: [
    {
      index: true,
      element: (
        <SportSectionPage
          title={(s) => `${s.name} News, Podcasts and Players`}
          description={(s) =>
            `The most popular ${s.name} articles, trending players, podcast episodes and videos.`
          }
        />
      ),
    },
    {
      path: 'teams',
      element: (
        <SportSectionPage
          title={(s) => `${s.name} Teams`}
          description={(s) => `Every ${s.name} team by division.`}
        />
      ),
    },
    {
      path: 'news',
      element: (
        <SportSectionPage
          title={(s) => `The Latest ${s.name} News`}
          description={(s) => `The newest ${s.name} articles, with games and trending players.`}
        />
      ),
    },
    {
      path: 'articles/:id',
      element: (
        <SportSectionPage
          title={(s) => `${s.name} Article`}
          description={(s) => `An article of the ${s.name} news.`}
        />
      ),
    },
    {
      path: 'podcasts/discover',
      element: (
        <SportSectionPage
          title={(s) => `Discover ${s.name} Podcasts`}
          description={(s) => `${s.name} podcasts to follow.`}
        />
      ),
    },
    {
      path: 'podcasts/:id',
      element: (
        <SportSectionPage
          title={(s) => `${s.name} Podcast`}
          description={() => 'The podcast and its episodes.'}
        />
      ),
    },
    {
      path: 'podcasts',
      element: (
        <SportSectionPage
          title={(s) => `${s.name} Podcasts`}
          description={(s) => `The latest episodes of the top ${s.name} podcasts.`}
        />
      ),
    },
    {
      path: 'episodes/:id',
      element: (
        <SportSectionPage
          title={(s) => `${s.name} Podcast Episode`}
          description={() => 'A podcast episode.'}
        />
      ),
    },
    {
      path: 'players',
      element: (
        <SportSectionPage
          title={(s) => `Trending ${s.name} Players`}
          description={(s) => `The ${s.name} players in the news, with their latest articles and episodes.`}
        />
      ),
    },
    {
      path: 'chat',
      element: (
        <SportSectionPage
          title={(s) => `${s.name} Chat`}
          description={(s) => `Live chat with ${s.name} fans.`}
        />
      ),
    },
  ],
};
