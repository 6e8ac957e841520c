/**
 * Content routes of spec 1 §2.1 outside sports and teams: search, chat message links, user news,
 * fantasy teams, sources, players, topics and podcasts.
 * @module
 */
import type { RouteObject } from 'react-router';
import { ParamsPage } from '../pages/ParamsPage.js';
import { PlaceholderPage } from '../pages/PlaceholderPage.js';
import { TopicPage } from '../pages/TopicPage.js';
import { TopicsPage } from '../pages/TopicsPage.js';

const page = (title: string, description: string) => (
  <PlaceholderPage title={title} description={description} />
);

/** Search pages; their results arrive with the search issue. */
export const searchRoutes: RouteObject[] = [
  {
    path: 'search',
    element: page(
      'Search',
      'Teams, topics, players, articles, podcasts, episodes and sources matching your search.',
    ),
  },
  { path: 'search/teams', element: page('Search Teams', 'Teams matching your search.') },
  { path: 'search/topics', element: page('Search Topics', 'Topics matching your search.') },
  { path: 'search/players', element: page('Search Players', 'Players matching your search.') },
  {
    path: 'search/articles',
    element: page('Search Articles', 'Articles matching your search, newest or most relevant first.'),
  },
  { path: 'search/articles/:id', element: page('Article', 'An article from your search results.') },
  { path: 'search/podcasts', element: page('Search Podcasts', 'Podcasts matching your search.') },
  { path: 'search/episodes', element: page('Search Episodes', 'Podcast episodes matching your search.') },
  { path: 'search/sources', element: page('Search Sources', 'News sources matching your search.') },
];

/** Chat message links, user, fantasy, source, player, topic and podcast pages. */
export const contentRoutes: RouteObject[] = [
  {
    path: 'channels/:channelId/messages/:id',
    element: page('Chat Message', 'A chat message in its channel, with its replies.'),
  },
  {
    path: 'news/:userId',
    element: (
      <ParamsPage
        title={(p) => `${p.userId}'s Teams News`}
        description="News of all the teams this member follows, combined."
      />
    ),
  },
  {
    path: 'news/:userId/articles/:id',
    element: page('Article', 'An article from the news of followed teams.'),
  },
  {
    path: 'users/:userId',
    element: <ParamsPage title={(p) => `${p.userId}`} description="A SportSpyder member." />,
  },
  {
    path: 'fantasy_teams/:fantasyTeamId/news',
    element: page('Fantasy Team News', 'News about the players of this fantasy team.'),
  },
  {
    path: 'fantasy_teams/:fantasyTeamId/articles/:id',
    element: page('Article', 'An article about a player of this fantasy team.'),
  },
  {
    path: 'sources/:sourceId/news',
    element: page('Source News', 'The latest articles of this news source.'),
  },
  { path: 'sources/:sourceId/articles/:id', element: page('Article', 'An article of this news source.') },
  {
    path: 'players/:playerId',
    element: page('Player', 'Popular news and podcast episodes about this player.'),
  },
  { path: 'players/:playerId/news', element: page('Player News', 'The latest news about this player.') },
  {
    path: 'players/:playerId/podcasts',
    element: page('Player Podcasts', 'Podcast episodes about this player.'),
  },
  { path: 'players/:playerId/articles/:id', element: page('Article', 'An article about this player.') },
  { path: 'topics', element: <TopicsPage /> },
  {
    path: 's/:topicId',
    element: (
      <TopicPage
        title={(t) => `${t.name} News`}
        description={(t) => `The latest ${t.name} news from many sources.`}
      />
    ),
  },
  {
    path: 's/:topicId/sources/:id/news',
    element: (
      <TopicPage title={(t) => `${t.name} News`} description={(t) => `${t.name} news from one source.`} />
    ),
  },
  {
    path: 's/:topicId/articles/:id',
    element: (
      <TopicPage
        title={(t) => `${t.name} Article`}
        description={(t) => `An article of the ${t.name} news.`}
      />
    ),
  },
  { path: 'podcasts/:id', element: page('Podcast', 'The podcast and its episodes.') },
  {
    path: 'podcasts/:podcastId/episodes/:id',
    element: page('Episode', 'A podcast episode with its comments.'),
  },
  { path: 'episodes/:id', element: page('Episode', 'A podcast episode.') },
];
