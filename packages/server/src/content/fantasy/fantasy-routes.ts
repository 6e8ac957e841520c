/**
 * `GET api/v1/fantasy_teams/:id`: a fantasy team with its roster, the header of the public fantasy
 * team news page (spec 2 §3). Its players and articles are served by the player and article plugins.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { HttpError, NOT_FOUND } from '../../http/errors.js';
import { loadFantasyTeams } from './load-fantasy-team.js';

/** Options of {@link contentFantasyTeamRoutes}. */
export interface FantasyTeamRouteOptions {
  /** The database. */
  db: Database;
  /** The clock of the `count` (articles of the last day); defaults to the system time. */
  now?: () => Date;
}

/**
 * Registers the public fantasy team read (anyone may read it: the news page is shareable).
 *
 * @example
 * ```ts
 * await api.register(contentFantasyTeamRoutes, { db });
 * ```
 */
export async function contentFantasyTeamRoutes(
  app: FastifyInstance,
  opts: FantasyTeamRouteOptions,
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;
  const now = opts.now ?? (() => new Date());
  const one = routes.getFantasyTeam;
  api.route({
    method: one.method,
    url: one.url,
    schema: { params: one.params, response: one.response },
    handler: async (request) => {
      const [fantasyTeam] = await loadFantasyTeams(db, [request.params.id], now());
      if (!fantasyTeam) throw new HttpError(404, NOT_FOUND.errors);
      return { fantasyTeam };
    },
  });
}
