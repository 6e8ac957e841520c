/**
 * Search routes (spec 1 §7 live search, spec 2 §7 "Search", spec 3 §7 fantasy player search).
 * @module
 */
import { Type } from '@sinclair/typebox';
import { Article } from '../article.js';
import { FantasyPlayerQuery } from '../fantasy.js';
import { PlayerSearchList } from '../lists.js';
import { Player } from '../player.js';
import { Podcast, PodcastEpisode } from '../podcast.js';
import { errorResponses, type RouteDef } from '../route-def.js';
import { LiveSearchResponse, SearchQuery, SearchResults, searchEnvelope } from '../search.js';
import { Source } from '../source.js';
import { Team } from '../team.js';
import { Topic } from '../topic.js';

/** Routes under `/api/v1/search`. Result pages hold 25 items unless `perPage` says otherwise. */
export const searchRoutes = {
  getLiveSearchResults: {
    method: 'GET',
    url: '/api/v1/search/live_results',
    tag: 'search',
    summary: 'Live search dropdown: teams, players, podcasts and sources matching `q`.',
    querystring: Type.Object({
      q: Type.String({ description: 'Search terms; longer than 200 characters is cut.' }),
    }),
    response: { 200: LiveSearchResponse, ...errorResponses(422, 429) },
  },
  searchAll: {
    method: 'GET',
    url: '/api/v1/search/results',
    tag: 'search',
    summary: 'Searches every section at once, with counts per type.',
    querystring: SearchQuery,
    response: { 200: SearchResults, ...errorResponses(422, 429) },
  },
  searchTeams: {
    method: 'GET',
    url: '/api/v1/search/teams',
    tag: 'search',
    summary: 'Searches teams (`type=team` for the team search of the pickers).',
    querystring: SearchQuery,
    response: { 200: searchEnvelope('teams', Team), ...errorResponses(422, 429) },
  },
  searchTopics: {
    method: 'GET',
    url: '/api/v1/search/topics',
    tag: 'search',
    summary: 'Searches topics.',
    querystring: SearchQuery,
    response: { 200: searchEnvelope('topics', Topic), ...errorResponses(422, 429) },
  },
  searchPlayers: {
    method: 'GET',
    url: '/api/v1/search/players',
    tag: 'search',
    summary: 'Searches players.',
    querystring: SearchQuery,
    response: { 200: searchEnvelope('players', Player), ...errorResponses(422, 429) },
  },
  searchArticles: {
    method: 'GET',
    url: '/api/v1/search/articles',
    tag: 'search',
    summary: 'Searches articles (sort newest or relevance; filter by time).',
    querystring: SearchQuery,
    response: { 200: searchEnvelope('articles', Article), ...errorResponses(422, 429) },
  },
  searchPodcasts: {
    method: 'GET',
    url: '/api/v1/search/podcasts',
    tag: 'search',
    summary: 'Searches podcasts.',
    querystring: SearchQuery,
    response: { 200: searchEnvelope('podcasts', Podcast), ...errorResponses(422, 429) },
  },
  searchPodcastEpisodes: {
    method: 'GET',
    url: '/api/v1/search/podcast_episodes',
    tag: 'search',
    summary: 'Searches podcast episodes.',
    querystring: SearchQuery,
    response: { 200: searchEnvelope('podcastEpisodes', PodcastEpisode), ...errorResponses(422, 429) },
  },
  searchSources: {
    method: 'GET',
    url: '/api/v1/search/sources',
    tag: 'search',
    summary: 'Searches sources.',
    querystring: SearchQuery,
    response: { 200: searchEnvelope('sources', Source), ...errorResponses(422, 429) },
  },
  searchFantasyPlayers: {
    method: 'GET',
    url: '/api/v1/search/fantasy_players',
    tag: 'fantasy',
    summary: 'Finds players of a sport to add to a fantasy team, by name, team and position.',
    querystring: FantasyPlayerQuery,
    response: { 200: PlayerSearchList, ...errorResponses(401, 422) },
  },
} as const satisfies Record<string, RouteDef>;
