/**
 * The sport page calls of spec 2 §7 "Sport" as typed, cached reads: the sport, its articles,
 * games, trending players, combined feed, podcasts, episodes, positions and teams. Paths come from
 * the contract registry (`sportRoutes`).
 * @module
 */
import type {
  ArticleList,
  FeedResponse,
  GameList,
  PlayerList,
  PodcastEpisodeList,
  PodcastList,
  PositionList,
  Sport,
  Team,
} from '@sportspyder/contract';
import {
  type ContentClient,
  cachedGet,
  type ListOf,
  type PageParams,
  type PathValue,
} from './resource-path.js';

/** Identifies a sport: its slug (or numeric id). */
export interface SportParams {
  /** The sport slug, e.g. `nfl`. */
  sportId: PathValue;
}

/**
 * `GET api/v1/sports/:id` (with `includes=teams` by default): the sport with its divisions or
 * conferences and teams.
 *
 * @example
 * ```ts
 * const { sport } = await getSport(client, { sportId: 'nfl' });
 * ```
 */
export function getSport(
  client: ContentClient,
  params: SportParams & { includes?: string | null },
): Promise<{ sport: Sport }> {
  const includes = params.includes === undefined ? 'teams' : (params.includes ?? undefined);
  return cachedGet(client, '/api/v1/sports/:id', { id: params.sportId }, { includes });
}

/** `GET api/v1/sports/:sportId/articles`: the sport's news feed (13 per page; `includes=teams` adds teams). */
export function listSportArticles(
  client: ContentClient,
  params: SportParams & PageParams & { includes?: string },
): Promise<ArticleList> {
  const { sportId, ...query } = params;
  return cachedGet(client, '/api/v1/sports/:sportId/articles', { sportId }, query);
}

/** `GET api/v1/sports/:sportId/games`: recent and upcoming games. */
export function listSportGames(client: ContentClient, params: SportParams & PageParams): Promise<GameList> {
  const { sportId, ...query } = params;
  return cachedGet(client, '/api/v1/sports/:sportId/games', { sportId }, query);
}

/** `GET api/v1/sports/:sportId/hot_players`: trending players (8 in the sidebar, 10 on the players page). */
export function listSportHotPlayers(
  client: ContentClient,
  params: SportParams & PageParams,
): Promise<PlayerList> {
  const { sportId, ...query } = params;
  return cachedGet(client, '/api/v1/sports/:sportId/hot_players', { sportId }, query);
}

/** `GET api/v1/sports/:sportId/feeds`: the popular page's articles, videos, episodes and players. */
export function getSportFeed(client: ContentClient, params: SportParams): Promise<FeedResponse> {
  return cachedGet(client, '/api/v1/sports/:sportId/feeds', { sportId: params.sportId });
}

/** `GET api/v1/sports/:sportId/podcasts`: the sport's podcasts; `top: 1` with `perPage: 10` gives the top ones. */
export function listSportPodcasts(
  client: ContentClient,
  params: SportParams & PageParams & { top?: 0 | 1 },
): Promise<PodcastList> {
  const { sportId, ...query } = params;
  return cachedGet(client, '/api/v1/sports/:sportId/podcasts', { sportId }, query);
}

/** `GET api/v1/sports/:sportId/podcast_episodes`: latest episodes (`grouped` nests same-story ones). */
export function listSportPodcastEpisodes(
  client: ContentClient,
  params: SportParams & PageParams & { grouped?: boolean },
): Promise<PodcastEpisodeList> {
  const { sportId, ...query } = params;
  return cachedGet(client, '/api/v1/sports/:sportId/podcast_episodes', { sportId }, query);
}

/** `GET api/v1/sports/:sportId/positions`: the sport's player positions. */
export function listSportPositions(client: ContentClient, params: SportParams): Promise<PositionList> {
  return cachedGet(client, '/api/v1/sports/:sportId/positions', { sportId: params.sportId });
}

/** `GET api/v1/sports/:sportId/teams`: the sport's teams. */
export function listSportTeams(
  client: ContentClient,
  params: SportParams & PageParams,
): Promise<ListOf<'teams', Team>> {
  const { sportId, ...query } = params;
  return cachedGet(client, '/api/v1/sports/:sportId/teams', { sportId }, query);
}
