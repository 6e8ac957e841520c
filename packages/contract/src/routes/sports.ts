/**
 * Routes of the sport pages (spec 2 §7 "Sport"): articles, games, trending players, the combined
 * feed, podcasts, episodes, positions, teams, chat channels and the new-articles poll.
 * @module
 */
import { Type } from '@sinclair/typebox';
import { NewItemsQuery, NewItemsResponse } from '../article.js';
import { FeedResponse } from '../feed.js';
import {
  ArticleList,
  ChannelList,
  GameList,
  PlayerList,
  PodcastEpisodeList,
  PodcastList,
  PositionList,
} from '../lists.js';
import { listEnvelope } from '../pagination.js';
import { errorResponses, pagedQuery, type RouteDef, slugParams } from '../route-def.js';
import { Team } from '../team.js';

const sportParams = slugParams('sportId');
const includes = { includes: Type.Optional(Type.String({ maxLength: 200, description: 'e.g. `teams`.' })) };

/** Routes under `/api/v1/sports/:sportId`. */
export const sportRoutes = {
  listSportArticles: {
    method: 'GET',
    url: '/api/v1/sports/:sportId/articles',
    tag: 'sports',
    summary: 'Lists the latest articles of a sport, newest first (feed page size 13).',
    params: sportParams,
    querystring: pagedQuery(13, includes),
    response: { 200: ArticleList, ...errorResponses(404) },
  },
  countNewSportArticles: {
    method: 'GET',
    url: '/api/v1/sports/:sportId/articles/new_count',
    tag: 'sports',
    summary: 'Counts the sport articles newer than `since` (polled every 90 s for the new-items banner).',
    params: sportParams,
    querystring: NewItemsQuery,
    response: { 200: NewItemsResponse, ...errorResponses(404) },
  },
  listSportGames: {
    method: 'GET',
    url: '/api/v1/sports/:sportId/games',
    tag: 'sports',
    summary: 'Lists recent and upcoming games of a sport (scores and schedule).',
    params: sportParams,
    querystring: pagedQuery(20),
    response: { 200: GameList, ...errorResponses(404) },
  },
  listSportHotPlayers: {
    method: 'GET',
    url: '/api/v1/sports/:sportId/hot_players',
    tag: 'sports',
    summary: 'Lists the trending players of a sport (8 in the sidebar, 10 on the players page).',
    params: sportParams,
    querystring: pagedQuery(8),
    response: { 200: PlayerList, ...errorResponses(404) },
  },
  getSportFeed: {
    method: 'GET',
    url: '/api/v1/sports/:sportId/feeds',
    tag: 'sports',
    summary: 'Reads the combined feed of a sport page: articles, videos, episodes and players.',
    params: sportParams,
    response: { 200: FeedResponse, ...errorResponses(404) },
  },
  listSportPodcasts: {
    method: 'GET',
    url: '/api/v1/sports/:sportId/podcasts',
    tag: 'sports',
    summary: 'Lists the podcasts of a sport; `top=1` with `perPage=10` gives the top podcasts.',
    params: sportParams,
    querystring: pagedQuery(25, { top: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })) }),
    response: { 200: PodcastList, ...errorResponses(404) },
  },
  listSportPodcastEpisodes: {
    method: 'GET',
    url: '/api/v1/sports/:sportId/podcast_episodes',
    tag: 'sports',
    summary: 'Lists the latest episodes of a sport; `grouped=true` nests same-story episodes (25 per page).',
    params: sportParams,
    querystring: pagedQuery(25, { grouped: Type.Optional(Type.Boolean()) }),
    response: { 200: PodcastEpisodeList, ...errorResponses(404) },
  },
  listSportPositions: {
    method: 'GET',
    url: '/api/v1/sports/:sportId/positions',
    tag: 'sports',
    summary: 'Lists the player positions of a sport (fantasy player search filter).',
    params: sportParams,
    response: { 200: PositionList, ...errorResponses(404) },
  },
  listSportTeams: {
    method: 'GET',
    url: '/api/v1/sports/:sportId/teams',
    tag: 'sports',
    summary: 'Lists the teams of a sport.',
    params: sportParams,
    querystring: pagedQuery(100),
    response: { 200: listEnvelope('teams', Team), ...errorResponses(404) },
  },
  listSportChannels: {
    method: 'GET',
    url: '/api/v1/sports/:sportId/channels',
    tag: 'chat',
    summary: 'Lists the chat channels of a sport.',
    params: sportParams,
    response: { 200: ChannelList, ...errorResponses(404) },
  },
} as const satisfies Record<string, RouteDef>;
