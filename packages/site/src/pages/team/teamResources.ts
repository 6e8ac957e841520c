/**
 * The team content reads the team pages use. Core's `content/team-resources.ts` has the same
 * functions but its content index does not export them yet, so these mirror them on core's exported
 * `cachedGet` (same paths, same cache keys); switch to the core exports once they are public.
 * @module
 */
import type {
  ArticleList,
  FeedResponse,
  GameList,
  PlayerList,
  PodcastEpisodeList,
  PostList,
  VideoList,
} from '@sportspyder/contract';
import { type ContentClient, cachedGet, type PageParams } from '@sportspyder/core';

/** The team of a call: its slug or numeric id. */
export interface TeamParams {
  /** Team slug or id. */
  teamId: string | number;
}

/** `GET api/v1/teams/:teamId/articles`: the team's news, newest first. */
export function listTeamArticles(
  client: ContentClient,
  params: TeamParams & PageParams,
): Promise<ArticleList> {
  const { teamId, ...query } = params;
  return cachedGet(client, '/api/v1/teams/:teamId/articles', { teamId }, query);
}

/** `GET api/v1/teams/:teamId/feeds`: the team's popular feed. */
export function getTeamFeed(client: ContentClient, params: TeamParams): Promise<FeedResponse> {
  return cachedGet(client, '/api/v1/teams/:teamId/feeds', { teamId: params.teamId });
}

/** `GET api/v1/teams/:teamId/games`: the team's games. */
export function listTeamGames(client: ContentClient, params: TeamParams & PageParams): Promise<GameList> {
  const { teamId, ...query } = params;
  return cachedGet(client, '/api/v1/teams/:teamId/games', { teamId }, query);
}

/** `GET api/v1/teams/:teamId/hot_players`: the team's trending players. */
export function listTeamHotPlayers(
  client: ContentClient,
  params: TeamParams & PageParams,
): Promise<PlayerList> {
  const { teamId, ...query } = params;
  return cachedGet(client, '/api/v1/teams/:teamId/hot_players', { teamId }, query);
}

/** `GET api/v1/teams/:teamId/players`: the team's roster. */
export function listTeamPlayers(client: ContentClient, params: TeamParams & PageParams): Promise<PlayerList> {
  const { teamId, ...query } = params;
  return cachedGet(client, '/api/v1/teams/:teamId/players', { teamId }, query);
}

/** `GET api/v1/teams/:teamId/videos`: the team's videos. */
export function listTeamVideos(client: ContentClient, params: TeamParams & PageParams): Promise<VideoList> {
  const { teamId, ...query } = params;
  return cachedGet(client, '/api/v1/teams/:teamId/videos', { teamId }, query);
}

/** `GET api/v1/teams/:teamId/tweets`: the team's social posts. */
export function listTeamTweets(client: ContentClient, params: TeamParams & PageParams): Promise<PostList> {
  const { teamId, ...query } = params;
  return cachedGet(client, '/api/v1/teams/:teamId/tweets', { teamId }, query);
}

/** `GET api/v1/teams/:teamId/podcast_episodes`: the team's recent podcast episodes. */
export function listTeamPodcastEpisodes(
  client: ContentClient,
  params: TeamParams & PageParams,
): Promise<PodcastEpisodeList> {
  const { teamId, ...query } = params;
  return cachedGet(client, '/api/v1/teams/:teamId/podcast_episodes', { teamId }, query);
}
