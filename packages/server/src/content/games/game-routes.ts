/**
 * Game read routes: `sports/:sportId/games` and `teams/:teamId/games`, the games of the last and
 * next 7 days sorted by start time (the client splits them into Scores and Upcoming).
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import { pageMeta, pageOf, resolveSportId, resolveTeamId } from '../players/paging.js';
import type { ContentRouteOptions } from '../players/route-options.js';
import { pageGames } from './load-games.js';

/**
 * Registers the game read routes.
 *
 * @example
 * ```ts
 * await app.register(contentGameRoutes, { db, config });
 * ```
 */
export async function contentGameRoutes(app: FastifyInstance, opts: ContentRouteOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;
  const now = opts.now ?? (() => new Date());

  const sport = routes.listSportGames;
  api.route({
    method: sport.method,
    url: sport.url,
    schema: { params: sport.params, querystring: sport.querystring, response: sport.response },
    handler: async (request) => {
      const sportId = await resolveSportId(db, request.params.sportId);
      const paging = pageOf(request.query, 20);
      const found = await pageGames(db, { sportId }, now(), { offset: paging.offset, limit: paging.perPage });
      return { games: found.games, meta: pageMeta(paging.page, paging.perPage, found.totalCount) };
    },
  });

  const team = routes.listTeamGames;
  api.route({
    method: team.method,
    url: team.url,
    schema: { params: team.params, querystring: team.querystring, response: team.response },
    handler: async (request) => {
      const teamId = await resolveTeamId(db, request.params.teamId);
      const paging = pageOf(request.query, 20);
      const found = await pageGames(db, { teamId }, now(), { offset: paging.offset, limit: paging.perPage });
      return { games: found.games, meta: pageMeta(paging.page, paging.perPage, found.totalCount) };
    },
  });
}
