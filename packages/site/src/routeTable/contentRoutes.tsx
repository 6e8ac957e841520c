/**
 * Content routes of spec 1 §2.1 outside sports and teams: search, chat message links, user news,
 * fantasy teams, sources, players, topics and podcasts.
 * @module
 */
import type { RouteObject } from 'react-router';
import { lazyComponent } from './lazyComponent.js';

const ArticlePage = lazyComponent(() => import('../pages/news/ArticlePage.js'), 'ArticlePage');
const MessageLinkPage = lazyComponent(() => import('../pages/chat/MessageLinkPage.js'), 'MessageLinkPage');
const FantasyNewsPage = lazyComponent(() => import('../pages/news/FantasyNewsPage.js'), 'FantasyNewsPage');
const PlayerPage = lazyComponent(() => import('../pages/news/PlayerPage.js'), 'PlayerPage');
const SourceNewsPage = lazyComponent(() => import('../pages/news/SourceNewsPage.js'), 'SourceNewsPage');
const UserNewsPage = lazyComponent(() => import('../pages/news/UserNewsPage.js'), 'UserNewsPage');
const ParamsPage = lazyComponent(() => import('../pages/ParamsPage.js'), 'ParamsPage');
const TopicPage = lazyComponent(() => import('../pages/TopicPage.js'), 'TopicPage');
const TopicsPage = lazyComponent(() => import('../pages/TopicsPage.js'), 'TopicsPage');
const PodcastPage = lazyComponent(() => import('../pages/podcasts/PodcastPage.js'), 'PodcastPage');
const EpisodePage = lazyComponent(() => import('../pages/podcasts/EpisodePage.js'), 'EpisodePage');
const SearchPage = lazyComponent(() => import('../pages/search/SearchPage.js'), 'SearchPage');
const SITE_SCOPE = { kind: 'site' } as const;

/** Search pages (spec 2 "Search"): everything, one section, and an article opened from the results. */
export const searchRoutes: RouteObject[] = [
  { path: 'search', element: <SearchPage /> },
  { path: 'search/teams', element: <SearchPage section="teams" /> },
  { path: 'search/topics', element: <SearchPage section="topics" /> },
  { path: 'search/players', element: <SearchPage section="players" /> },
  { path: 'search/articles', element: <SearchPage section="articles" /> },
  {
    path: 'search/articles/:id',
    element: <ArticlePage backHref={() => '/search/articles'} backLabel="Search Results" />,
  },
  { path: 'search/podcasts', element: <SearchPage section="podcasts" /> },
  { path: 'search/episodes', element: <SearchPage section="episodes" /> },
  { path: 'search/sources', element: <SearchPage section="sources" /> },
];

/** Chat message links, user, fantasy, source, player, topic and podcast pages. */
export const contentRoutes: RouteObject[] = [
  {
    path: 'channels/:channelId/messages/:id',
    element: <MessageLinkPage />,
  },
  { path: 'news/:userId', element: <UserNewsPage /> },
  {
    path: 'news/:userId/articles/:id',
    element: <ArticlePage backHref={(p) => `/news/${p.userId}`} />,
  },
  {
    path: 'users/:userId',
    element: <ParamsPage title={(p) => `${p.userId}`} description="A SportSpyder member." />,
  },
  { path: 'fantasy_teams/:fantasyTeamId/news', element: <FantasyNewsPage /> },
  {
    path: 'fantasy_teams/:fantasyTeamId/articles/:id',
    element: <ArticlePage backHref={(p) => `/fantasy_teams/${p.fantasyTeamId}/news`} />,
  },
  { path: 'sources/:sourceId/news', element: <SourceNewsPage /> },
  {
    path: 'sources/:sourceId/articles/:id',
    element: <ArticlePage backHref={(p) => `/sources/${p.sourceId}/news`} />,
  },
  { path: 'players/:playerId', element: <PlayerPage tab="popular" /> },
  { path: 'players/:playerId/news', element: <PlayerPage tab="news" /> },
  { path: 'players/:playerId/podcasts', element: <PlayerPage tab="podcasts" /> },
  {
    path: 'players/:playerId/articles/:id',
    element: <ArticlePage backHref={(p) => `/players/${p.playerId}/news`} />,
  },
  { path: 'topics', element: <TopicsPage /> },
  { path: 's/:topicId', element: <TopicPage /> },
  { path: 's/:topicId/sources/:id/news', element: <TopicPage bySource /> },
  { path: 's/:topicId/articles/:id', element: <ArticlePage backHref={(p) => `/s/${p.topicId}`} /> },
  { path: 'podcasts/:id', element: <PodcastPage scope={SITE_SCOPE} /> },
  { path: 'podcasts/:podcastId/episodes/:id', element: <EpisodePage scope={SITE_SCOPE} /> },
  { path: 'episodes/:id', element: <EpisodePage scope={SITE_SCOPE} /> },
];
