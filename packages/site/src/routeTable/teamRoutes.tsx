/**
 * Team routes (/:sportId/:teamId and below, spec 1 §2.1, spec 2 §2) inside the team frame, which also
 * applies the team redirects of spec 1 §2.2.
 * @module
 */
import type { Team } from '@sportspyder/contract';
import type { RouteObject } from 'react-router';
import { TeamLayout, TeamSectionPage } from '../pages/TeamLayout.js';

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
    teamPage(
      undefined,
      (t) => t.fullName,
      (t) => `The most popular ${t.fullName} news, podcasts, videos and posts.`,
    ),
    teamPage(
      'news',
      (t) => `${t.fullName} News`,
      (t) => `The latest ${t.fullName} news from many sources.`,
    ),
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
    teamPage(
      'tweets',
      (t) => `${t.fullName} Posts`,
      (t) => `Social posts about the ${t.fullName}.`,
    ),
    teamPage(
      'posts',
      (t) => `${t.fullName} Posts`,
      (t) => `Social posts about the ${t.fullName}.`,
    ),
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
    teamPage(
      'videos',
      (t) => `${t.fullName} Videos`,
      (t) => `The latest ${t.fullName} videos.`,
    ),
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
    teamPage(
      'players',
      (t) => `${t.fullName} Roster`,
      (t) => `The ${t.fullName} roster.`,
    ),
    teamPage(
      'widgets',
      (t) => `${t.fullName} Widgets`,
      (t) => `Headline widgets to embed ${t.fullName} news on your site.`,
    ),
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
