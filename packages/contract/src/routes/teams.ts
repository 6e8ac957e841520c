/**
 * Routes of the team pages (spec 2 §7 "Team"): trending players, episodes, articles, games,
 * summaries, posts, sources, videos, podcasts, roster, the combined feed, chat channels and the
 * new-articles poll.
 * @module
 */
import { Type } from '@sinclair/typebox';
import { NewItemsQuery, NewItemsResponse } from '../article.js';
import { Id } from '../common.js';
import { FeedResponse } from '../feed.js';
import {
  ArticleList,
  ChannelList,
  GameList,
  PlayerList,
  PodcastEpisodeList,
  PodcastList,
  PostList,
  SourceList,
  SummarySectionList,
  VideoList,
} from '../lists.js';
import { errorResponses, pagedQuery, type RouteDef, slugParams } from '../route-def.js';

const teamParams = slugParams('teamId');
const grouped = { grouped: Type.Optional(Type.Boolean()) };

/** Routes under `/api/v1/teams/:teamId`. */
export const teamRoutes = {
  listTeamHotPlayers: {
    method: 'GET',
    url: '/api/v1/teams/:teamId/hot_players',
    tag: 'teams',
    summary: 'Lists the trending players of a team.',
    params: teamParams,
    querystring: pagedQuery(8),
    response: { 200: PlayerList, ...errorResponses(404) },
  },
  listTeamPodcastEpisodes: {
    method: 'GET',
    url: '/api/v1/teams/:teamId/podcast_episodes',
    tag: 'teams',
    summary: 'Lists the latest episodes about a team (team page size 4, `grouped=true`).',
    params: teamParams,
    querystring: pagedQuery(4, grouped),
    response: { 200: PodcastEpisodeList, ...errorResponses(404) },
  },
  listTeamArticles: {
    method: 'GET',
    url: '/api/v1/teams/:teamId/articles',
    tag: 'teams',
    summary: 'Lists the latest articles of a team without the hidden sources (feed page size 13).',
    params: teamParams,
    querystring: pagedQuery(13, { sourceId: Type.Optional(Id) }),
    response: { 200: ArticleList, ...errorResponses(404) },
  },
  countNewTeamArticles: {
    method: 'GET',
    url: '/api/v1/teams/:teamId/articles/new_count',
    tag: 'teams',
    summary: 'Counts the team articles newer than `since` (new-items banner poll).',
    params: teamParams,
    querystring: NewItemsQuery,
    response: { 200: NewItemsResponse, ...errorResponses(404) },
  },
  listTeamGames: {
    method: 'GET',
    url: '/api/v1/teams/:teamId/games',
    tag: 'teams',
    summary: 'Lists recent and upcoming games of a team.',
    params: teamParams,
    querystring: pagedQuery(20),
    response: { 200: GameList, ...errorResponses(404) },
  },
  listTeamSummarySections: {
    method: 'GET',
    url: '/api/v1/teams/:teamId/summary_sections',
    tag: 'teams',
    summary: 'Lists the AI summary sections (pills) of a team.',
    params: teamParams,
    response: { 200: SummarySectionList, ...errorResponses(404) },
  },
  listTeamTweets: {
    method: 'GET',
    url: '/api/v1/teams/:teamId/tweets',
    tag: 'teams',
    summary: 'Lists the social posts of a team feed (13 per page).',
    params: teamParams,
    querystring: pagedQuery(13),
    response: { 200: PostList, ...errorResponses(404) },
  },
  listTeamSources: {
    method: 'GET',
    url: '/api/v1/teams/:teamId/sources',
    tag: 'teams',
    summary: 'Lists the sources of a team; `full` adds hidden ones (discover), `video` only video channels.',
    params: teamParams,
    querystring: pagedQuery(25, {
      full: Type.Optional(Type.Boolean()),
      video: Type.Optional(Type.Boolean()),
    }),
    response: { 200: SourceList, ...errorResponses(404) },
  },
  listTeamVideos: {
    method: 'GET',
    url: '/api/v1/teams/:teamId/videos',
    tag: 'teams',
    summary: 'Lists the videos of a team (13 per page, `grouped` nests same-story videos).',
    params: teamParams,
    querystring: pagedQuery(13, { ...grouped, sourceId: Type.Optional(Id) }),
    response: { 200: VideoList, ...errorResponses(404) },
  },
  listTeamPodcasts: {
    method: 'GET',
    url: '/api/v1/teams/:teamId/podcasts',
    tag: 'teams',
    summary: 'Lists the podcasts of a team; `top=1` gives the top podcasts (10), the picker asks 100.',
    params: teamParams,
    querystring: pagedQuery(25, { top: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })) }),
    response: { 200: PodcastList, ...errorResponses(404) },
  },
  listTeamPlayers: {
    method: 'GET',
    url: '/api/v1/teams/:teamId/players',
    tag: 'teams',
    summary: 'Lists the roster of a team.',
    params: teamParams,
    querystring: pagedQuery(100),
    response: { 200: PlayerList, ...errorResponses(404) },
  },
  getTeamFeed: {
    method: 'GET',
    url: '/api/v1/teams/:teamId/feeds',
    tag: 'teams',
    summary: 'Reads the combined feed of a team page: articles, videos, episodes and players.',
    params: teamParams,
    response: { 200: FeedResponse, ...errorResponses(404) },
  },
  listTeamChannels: {
    method: 'GET',
    url: '/api/v1/teams/:teamId/channels',
    tag: 'chat',
    summary: 'Lists the chat channels of a team.',
    params: teamParams,
    response: { 200: ChannelList, ...errorResponses(404) },
  },
} as const satisfies Record<string, RouteDef>;
