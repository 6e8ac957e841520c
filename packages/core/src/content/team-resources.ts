/**
 * The team page calls of spec 2 §7 "Team" as typed, cached reads: the team list, trending players,
 * episodes, articles, games, summary sections, posts, sources, videos, podcasts, roster and the
 * combined feed. Paths come from the contract registry (`teamRoutes`, `listTeams`).
 * @module
 */
import type {
  ArticleList,
  FeedResponse,
  GameList,
  PlayerList,
  PodcastEpisodeList,
  PodcastList,
  PostList,
  SourceList,
  SummarySectionList,
  Team,
  VideoList,
} from '@sportspyder/contract';
import {
  type ContentClient,
  cachedGet,
  type ListOf,
  type PageParams,
  type PathValue,
} from './resource-path.js';

/** Identifies a team: its slug (or numeric id). */
export interface TeamParams {
  /** The team slug, e.g. `dallas-cowboys`. */
  teamId: PathValue;
}

/** `GET api/v1/teams`: every team (optionally of one sport); key them by slug with {@link teamsBySlug}. */
export function listTeams(
  client: ContentClient,
  params: { sport?: string } = {},
): Promise<ListOf<'teams', Team>> {
  return cachedGet(client, '/api/v1/teams', {}, params);
}

/** Keys a team list by slug (spec 2 §3: "Teams are keyed by slug"). */
export function teamsBySlug<T extends { slug: string }>(teams: readonly T[]): Record<string, T> {
  const out: Record<string, T> = {};
  for (const team of teams) out[team.slug] = team;
  return out;
}

/** `GET api/v1/teams/:teamId/hot_players`: the team's trending players. */
export function listTeamHotPlayers(
  client: ContentClient,
  params: TeamParams & PageParams,
): Promise<PlayerList> {
  const { teamId, ...query } = params;
  return cachedGet(client, '/api/v1/teams/:teamId/hot_players', { teamId }, query);
}

/** `GET api/v1/teams/:teamId/podcast_episodes`: latest episodes (the team page asks `perPage: 4, grouped: true`). */
export function listTeamPodcastEpisodes(
  client: ContentClient,
  params: TeamParams & PageParams & { grouped?: boolean },
): Promise<PodcastEpisodeList> {
  const { teamId, ...query } = params;
  return cachedGet(client, '/api/v1/teams/:teamId/podcast_episodes', { teamId }, query);
}

/** `GET api/v1/teams/:teamId/articles`: the team's news (13 per page; `sourceId` filters by source). */
export function listTeamArticles(
  client: ContentClient,
  params: TeamParams & PageParams & { sourceId?: number },
): Promise<ArticleList> {
  const { teamId, ...query } = params;
  return cachedGet(client, '/api/v1/teams/:teamId/articles', { teamId }, query);
}

/** `GET api/v1/teams/:teamId/games`: the team's recent and upcoming games. */
export function listTeamGames(client: ContentClient, params: TeamParams & PageParams): Promise<GameList> {
  const { teamId, ...query } = params;
  return cachedGet(client, '/api/v1/teams/:teamId/games', { teamId }, query);
}

/** `GET api/v1/teams/:teamId/summary_sections`: the summary pills of the team page. */
export function listTeamSummarySections(
  client: ContentClient,
  params: TeamParams,
): Promise<SummarySectionList> {
  return cachedGet(client, '/api/v1/teams/:teamId/summary_sections', { teamId: params.teamId });
}

/** `GET api/v1/teams/:teamId/tweets`: the team's posts (13 per page). */
export function listTeamTweets(client: ContentClient, params: TeamParams & PageParams): Promise<PostList> {
  const { teamId, ...query } = params;
  return cachedGet(client, '/api/v1/teams/:teamId/tweets', { teamId }, query);
}

/** `GET api/v1/teams/:teamId/sources`: the team's sources (`full` adds hidden ones, `video` only channels). */
export function listTeamSources(
  client: ContentClient,
  params: TeamParams & PageParams & { full?: boolean; video?: boolean },
): Promise<SourceList> {
  const { teamId, ...query } = params;
  return cachedGet(client, '/api/v1/teams/:teamId/sources', { teamId }, query);
}

/** `GET api/v1/teams/:teamId/videos`: the team's videos (13 per page, `grouped`, `sourceId`). */
export function listTeamVideos(
  client: ContentClient,
  params: TeamParams & PageParams & { grouped?: boolean; sourceId?: number },
): Promise<VideoList> {
  const { teamId, ...query } = params;
  return cachedGet(client, '/api/v1/teams/:teamId/videos', { teamId }, query);
}

/** `GET api/v1/teams/:teamId/podcasts`: the team's podcasts (`top: 1` for the top 10, `perPage: 100` for the picker). */
export function listTeamPodcasts(
  client: ContentClient,
  params: TeamParams & PageParams & { top?: 0 | 1 },
): Promise<PodcastList> {
  const { teamId, ...query } = params;
  return cachedGet(client, '/api/v1/teams/:teamId/podcasts', { teamId }, query);
}

/** `GET api/v1/teams/:teamId/players`: the roster. */
export function listTeamPlayers(client: ContentClient, params: TeamParams & PageParams): Promise<PlayerList> {
  const { teamId, ...query } = params;
  return cachedGet(client, '/api/v1/teams/:teamId/players', { teamId }, query);
}

/** `GET api/v1/teams/:teamId/feeds`: the team popular page's articles, videos, episodes and players. */
export function getTeamFeed(client: ContentClient, params: TeamParams): Promise<FeedResponse> {
  return cachedGet(client, '/api/v1/teams/:teamId/feeds', { teamId: params.teamId });
}
