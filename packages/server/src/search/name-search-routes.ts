/**
 * The name search routes (issue "Search"): `search/live_results` (the header's dropdown),
 * `search/teams` (also `type=team`, the team pickers), `search/topics`, `search/players` and the
 * fantasy editor's `search/fantasy_players` (members only, spec 3 §7). Every `q` is cleaned by
 * `cleanSearchText` (too long is cut, never refused).
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import { requireMember } from '../content/members/require-member.js';
import { pageMeta, pageOf } from '../content/players/paging.js';
import type { ContentRouteOptions } from '../content/players/route-options.js';
import { cleanSearchText } from './clean-search-text.js';
import { liveSearch } from './live-search.js';
import { searchFantasyPlayers, searchPlayers, searchTeams, searchTopics } from './name-search.js';
import { searchMeta, searchPaging } from './search-meta.js';

/**
 * Registers the name search routes.
 *
 * @example
 * ```ts
 * await app.register(nameSearchRoutes, { db, config });
 * ```
 */
export async function nameSearchRoutes(app: FastifyInstance, opts: ContentRouteOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;

  const live = routes.getLiveSearchResults;
  api.route({
    method: live.method,
    url: live.url,
    schema: { querystring: live.querystring, response: live.response },
    handler: async (request) => ({ liveResults: await liveSearch(db, cleanSearchText(request.query.q)) }),
  });

  const teams = routes.searchTeams;
  api.route({
    method: teams.method,
    url: teams.url,
    schema: { querystring: teams.querystring, response: teams.response },
    handler: async (request) => {
      const paging = searchPaging(request.query);
      const found = await searchTeams(db, cleanSearchText(request.query.q), {
        limit: paging.perPage,
        offset: paging.offset,
      });
      return {
        teams: found.items,
        meta: searchMeta({
          counts: { teams: found.total },
          stopWords: [],
          rss: null,
          paged: found.total,
          ...paging,
        }),
      };
    },
  });

  const topics = routes.searchTopics;
  api.route({
    method: topics.method,
    url: topics.url,
    schema: { querystring: topics.querystring, response: topics.response },
    handler: async (request) => {
      const paging = searchPaging(request.query);
      const found = await searchTopics(db, cleanSearchText(request.query.q), {
        limit: paging.perPage,
        offset: paging.offset,
      });
      return {
        topics: found.items,
        meta: searchMeta({
          counts: { topics: found.total },
          stopWords: [],
          rss: null,
          paged: found.total,
          ...paging,
        }),
      };
    },
  });

  const players = routes.searchPlayers;
  api.route({
    method: players.method,
    url: players.url,
    schema: { querystring: players.querystring, response: players.response },
    handler: async (request) => {
      const paging = searchPaging(request.query);
      const found = await searchPlayers(db, cleanSearchText(request.query.q), {
        limit: paging.perPage,
        offset: paging.offset,
      });
      return {
        players: found.items,
        meta: searchMeta({
          counts: { players: found.total },
          stopWords: [],
          rss: null,
          paged: found.total,
          ...paging,
        }),
      };
    },
  });

  const fantasy = routes.searchFantasyPlayers;
  api.route({
    method: fantasy.method,
    url: fantasy.url,
    schema: { querystring: fantasy.querystring, response: fantasy.response },
    handler: async (request) => {
      await requireMember(request, db, opts.config);
      const paging = pageOf(request.query, 25);
      const { sportId, teamId, positionId, q } = request.query;
      const found = await searchFantasyPlayers(
        db,
        { sportId, teamId, positionId, q: q === undefined ? undefined : cleanSearchText(q) },
        { limit: paging.perPage, offset: paging.offset },
      );
      return { players: found.items, meta: pageMeta(paging.page, paging.perPage, found.total) };
    },
  });
}
