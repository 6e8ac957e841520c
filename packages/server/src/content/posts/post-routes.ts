/**
 * Post read routes: `teams/:teamId/tweets`, the social posts of a team feed (13 per page).
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import { pageMeta, pageOf, resolveTeamId } from '../players/paging.js';
import type { ContentRouteOptions } from '../players/route-options.js';
import { loadPosts, pageTeamPostIds } from './load-posts.js';

/**
 * Registers the post read routes.
 *
 * @example
 * ```ts
 * await app.register(contentPostRoutes, { db, config });
 * ```
 */
export async function contentPostRoutes(app: FastifyInstance, opts: ContentRouteOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;
  const tweets = routes.listTeamTweets;
  api.route({
    method: tweets.method,
    url: tweets.url,
    schema: { params: tweets.params, querystring: tweets.querystring, response: tweets.response },
    handler: async (request) => {
      const teamId = await resolveTeamId(db, request.params.teamId);
      const paging = pageOf(request.query, 13);
      const found = await pageTeamPostIds(db, teamId, { offset: paging.offset, limit: paging.perPage });
      return {
        tweets: await loadPosts(db, found.ids),
        meta: pageMeta(paging.page, paging.perPage, found.totalCount),
      };
    },
  });
}
