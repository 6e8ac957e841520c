/**
 * Fantasy team routes (spec 2 §7, spec 3 §7 "Fantasy"): the public news pages of a fantasy team
 * and the member's own teams and rosters under `/api/v1/profile`.
 * @module
 */
import { NewItemsQuery, NewItemsResponse } from '../article.js';
import {
  FantasyTeamCreateBody,
  FantasyTeamCreateResponse,
  FantasyTeamUpdateBody,
  RosterCreateBody,
} from '../fantasy.js';
import { ArticleList, FantasyTeamList, PlayerList } from '../lists.js';
import { FantasyTeamResponse, RosterEntryResponse } from '../responses.js';
import { errorResponses, idParams, pagedQuery, type RouteDef } from '../route-def.js';

/** Routes of fantasy teams and rosters. */
export const fantasyRoutes = {
  getFantasyTeam: {
    method: 'GET',
    url: '/api/v1/fantasy_teams/:id',
    tag: 'fantasy',
    summary: 'Reads a fantasy team (its news page header).',
    params: idParams('id'),
    response: { 200: FantasyTeamResponse, ...errorResponses(404) },
  },
  listFantasyTeamPlayers: {
    method: 'GET',
    url: '/api/v1/fantasy_teams/:id/players',
    tag: 'fantasy',
    summary: 'Lists the players of a fantasy team with their latest items.',
    params: idParams('id'),
    querystring: pagedQuery(100),
    response: { 200: PlayerList, ...errorResponses(404) },
  },
  listFantasyTeamArticles: {
    method: 'GET',
    url: '/api/v1/fantasy_teams/:id/articles',
    tag: 'fantasy',
    summary: "Lists the latest articles about a fantasy team's players (feed page size 13).",
    params: idParams('id'),
    querystring: pagedQuery(13),
    response: { 200: ArticleList, ...errorResponses(404) },
  },
  countNewFantasyTeamArticles: {
    method: 'GET',
    url: '/api/v1/fantasy_teams/:id/articles/new_count',
    tag: 'fantasy',
    summary: 'Counts the fantasy team articles newer than `since` (new-items banner poll).',
    params: idParams('id'),
    querystring: NewItemsQuery,
    response: { 200: NewItemsResponse, ...errorResponses(404) },
  },
  listProfileFantasyTeams: {
    method: 'GET',
    url: '/api/v1/profile/fantasy_teams',
    tag: 'fantasy',
    summary: "Lists the member's fantasy teams with their rosters.",
    response: { 200: FantasyTeamList, ...errorResponses(401) },
  },
  createFantasyTeam: {
    method: 'POST',
    url: '/api/v1/profile/fantasy_teams',
    tag: 'fantasy',
    summary:
      'Creates a fantasy team (name required; sport 1 MLB, 2 NFL, 3 NBA, 4 NHL); `fantasyTeams[0]` is it.',
    body: FantasyTeamCreateBody,
    response: { 201: FantasyTeamCreateResponse, ...errorResponses(401, 403, 422) },
  },
  getProfileFantasyTeam: {
    method: 'GET',
    url: '/api/v1/profile/fantasy_teams/:id',
    tag: 'fantasy',
    summary: "Reads one of the member's fantasy teams with its roster (the edit page).",
    params: idParams('id'),
    response: { 200: FantasyTeamResponse, ...errorResponses(401, 404) },
  },
  updateFantasyTeam: {
    method: 'PUT',
    url: '/api/v1/profile/fantasy_teams/:id',
    tag: 'fantasy',
    summary: 'Renames a fantasy team.',
    params: idParams('id'),
    body: FantasyTeamUpdateBody,
    response: { 200: FantasyTeamResponse, ...errorResponses(401, 403, 404, 422) },
  },
  deleteFantasyTeam: {
    method: 'DELETE',
    url: '/api/v1/profile/fantasy_teams/:id',
    tag: 'fantasy',
    summary: 'Deletes a fantasy team and its roster.',
    params: idParams('id'),
    response: { 200: FantasyTeamResponse, ...errorResponses(401, 403, 404) },
  },
  createRosterEntry: {
    method: 'POST',
    url: '/api/v1/profile/fantasy_teams/:fantasyTeamId/rosters',
    tag: 'fantasy',
    summary: 'Adds a player to a fantasy team (players of the team sport only, once each).',
    params: idParams('fantasyTeamId'),
    body: RosterCreateBody,
    response: { 201: RosterEntryResponse, ...errorResponses(401, 403, 404, 422) },
  },
  deleteRosterEntry: {
    method: 'DELETE',
    url: '/api/v1/profile/fantasy_teams/:fantasyTeamId/rosters/:id',
    tag: 'fantasy',
    summary: 'Removes a player from a fantasy team.',
    params: idParams('fantasyTeamId', 'id'),
    response: { 200: RosterEntryResponse, ...errorResponses(401, 403, 404) },
  },
} as const satisfies Record<string, RouteDef>;
