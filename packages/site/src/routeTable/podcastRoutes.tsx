/**
 * The podcast pages inside a sport or team frame (spec 2 §2: `podcasts`, `podcasts/discover`,
 * `podcasts/:id`, `episodes/:id`), shared by the sport and team route tables. They load lazily.
 * @module
 */
import type { RouteObject } from 'react-router';
import { lazyComponent } from './lazyComponent.js';

const PodcastsTabPage = lazyComponent(
  () => import('../pages/podcasts/PodcastsTabPage.js'),
  'PodcastsTabPage',
);
const FramePodcastPage = lazyComponent(
  () => import('../pages/podcasts/PodcastsTabPage.js'),
  'FramePodcastPage',
);
const FrameEpisodePage = lazyComponent(
  () => import('../pages/podcasts/PodcastsTabPage.js'),
  'FrameEpisodePage',
);
const DiscoverPodcastsPage = lazyComponent(
  () => import('../pages/podcasts/DiscoverPodcastsPage.js'),
  'DiscoverPodcastsPage',
);

/** The podcast child routes of a sport or team frame. */
export function podcastRoutes(kind: 'sport' | 'team'): RouteObject[] {
  return [
    { path: 'podcasts/discover', element: <DiscoverPodcastsPage kind={kind} /> },
    { path: 'podcasts/:id', element: <FramePodcastPage kind={kind} /> },
    { path: 'podcasts', element: <PodcastsTabPage kind={kind} /> },
    { path: 'episodes/:id', element: <FrameEpisodePage kind={kind} /> },
  ];
}
