/**
 * The other content calls of spec 2 §7 as typed, cached reads: top stories, single articles and
 * "more from this source", sources, topics, domains, players, user news and fantasy team news.
 * Paths come from the contract registry (`contentRoutes`, `fantasyRoutes`).
 * @module
 */
import type {
  ArticleList,
  ArticleResponse,
  DomainList,
  FantasyTeamResponse,
  FeedResponse,
  PlayerList,
  PlayerResponse,
  PodcastEpisodeList,
  SourceList,
  SourceResponse,
  TopStoriesResponse,
} from '@sportspyder/contract';
import { type ContentClient, cachedGet, type PageParams, type PathValue } from './resource-path.js';

/** `GET api/v1/top_stories`: the home page's top stories. */
export function getTopStories(client: ContentClient): Promise<TopStoriesResponse> {
  return cachedGet(client, '/api/v1/top_stories');
}

/** `GET api/v1/articles/:id`: one article (single-article pages). */
export function getArticle(client: ContentClient, params: { id: number }): Promise<ArticleResponse> {
  return cachedGet(client, '/api/v1/articles/:id', { id: params.id });
}

/** `GET api/v1/articles/:articleId/articles`: more articles from the same source (8 per page). */
export function listRelatedArticles(
  client: ContentClient,
  params: { articleId: number } & PageParams,
): Promise<ArticleList> {
  const { articleId, ...query } = params;
  return cachedGet(client, '/api/v1/articles/:articleId/articles', { articleId }, query);
}

/** `GET api/v1/sources`: sources, optionally of one team or domain. */
export function listSources(
  client: ContentClient,
  params: PageParams & { teamId?: number; domainId?: number } = {},
): Promise<SourceList> {
  return cachedGet(client, '/api/v1/sources', {}, params);
}

/** `GET api/v1/sources/:id`: one source (source news page header). */
export function getSource(client: ContentClient, params: { id: number }): Promise<SourceResponse> {
  return cachedGet(client, '/api/v1/sources/:id', { id: params.id });
}

/** `GET api/v1/sources/:sourceId/articles`: a source's news (13 per page). */
export function listSourceArticles(
  client: ContentClient,
  params: { sourceId: number } & PageParams,
): Promise<ArticleList> {
  const { sourceId, ...query } = params;
  return cachedGet(client, '/api/v1/sources/:sourceId/articles', { sourceId }, query);
}

/** `GET api/v1/topics/:topicId/articles`: a topic's news (13 per page; `domainId` filters by site). */
export function listTopicArticles(
  client: ContentClient,
  params: { topicId: PathValue; domainId?: number } & PageParams,
): Promise<ArticleList> {
  const { topicId, ...query } = params;
  return cachedGet(client, '/api/v1/topics/:topicId/articles', { topicId }, query);
}

/** `GET api/v1/topics/:topicId/domains`: the sites publishing on a topic. */
export function listTopicDomains(
  client: ContentClient,
  params: { topicId: PathValue } & PageParams,
): Promise<DomainList> {
  const { topicId, ...query } = params;
  return cachedGet(client, '/api/v1/topics/:topicId/domains', { topicId }, query);
}

/** `GET api/v1/domains`: sites. */
export function listDomains(client: ContentClient, params: PageParams = {}): Promise<DomainList> {
  return cachedGet(client, '/api/v1/domains', {}, params);
}

/** `GET api/v1/domains/:id/articles`: a site's news (13 per page). */
export function listDomainArticles(
  client: ContentClient,
  params: { id: number } & PageParams,
): Promise<ArticleList> {
  const { id, ...query } = params;
  return cachedGet(client, '/api/v1/domains/:id/articles', { id }, query);
}

/** `GET api/v1/players/:id`: one player by slug. */
export function getPlayer(client: ContentClient, params: { playerId: PathValue }): Promise<PlayerResponse> {
  return cachedGet(client, '/api/v1/players/:id', { id: params.playerId });
}

/** `GET api/v1/players/:playerId/feeds`: the player popular page's combined feed. */
export function getPlayerFeed(client: ContentClient, params: { playerId: PathValue }): Promise<FeedResponse> {
  return cachedGet(client, '/api/v1/players/:playerId/feeds', { playerId: params.playerId });
}

/** `GET api/v1/players/:playerId/articles`: news about a player (13 per page). */
export function listPlayerArticles(
  client: ContentClient,
  params: { playerId: PathValue } & PageParams,
): Promise<ArticleList> {
  const { playerId, ...query } = params;
  return cachedGet(client, '/api/v1/players/:playerId/articles', { playerId }, query);
}

/** `GET api/v1/players/:playerId/podcast_episodes`: episodes about a player (6 on the player page). */
export function listPlayerPodcastEpisodes(
  client: ContentClient,
  params: { playerId: PathValue } & PageParams,
): Promise<PodcastEpisodeList> {
  const { playerId, ...query } = params;
  return cachedGet(client, '/api/v1/players/:playerId/podcast_episodes', { playerId }, query);
}

/** `GET api/v1/users/:id/articles`: a member's combined news of every followed team (by username). */
export function listUserArticles(
  client: ContentClient,
  params: { userId: PathValue } & PageParams,
): Promise<ArticleList> {
  const { userId, ...query } = params;
  return cachedGet(client, '/api/v1/users/:id/articles', { id: userId }, query);
}

/** `GET api/v1/users/:userId/feeds`: a member's combined feed (by username). */
export function getUserFeed(client: ContentClient, params: { userId: PathValue }): Promise<FeedResponse> {
  return cachedGet(client, '/api/v1/users/:userId/feeds', { userId: params.userId });
}

/** `GET api/v1/fantasy_teams/:id`: a fantasy team (its news page header). */
export function getFantasyTeam(
  client: ContentClient,
  params: { fantasyTeamId: number },
): Promise<FantasyTeamResponse> {
  return cachedGet(client, '/api/v1/fantasy_teams/:id', { id: params.fantasyTeamId });
}

/** `GET api/v1/fantasy_teams/:id/players`: a fantasy team's players with their latest items. */
export function listFantasyTeamPlayers(
  client: ContentClient,
  params: { fantasyTeamId: number } & PageParams,
): Promise<PlayerList> {
  const { fantasyTeamId, ...query } = params;
  return cachedGet(client, '/api/v1/fantasy_teams/:id/players', { id: fantasyTeamId }, query);
}

/** `GET api/v1/fantasy_teams/:id/articles`: news about a fantasy team's players (13 per page). */
export function listFantasyTeamArticles(
  client: ContentClient,
  params: { fantasyTeamId: number } & PageParams,
): Promise<ArticleList> {
  const { fantasyTeamId, ...query } = params;
  return cachedGet(client, '/api/v1/fantasy_teams/:id/articles', { id: fantasyTeamId }, query);
}
