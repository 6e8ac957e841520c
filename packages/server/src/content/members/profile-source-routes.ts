/**
 * My Sources' lists (spec 3 §2 `/settings/sources/:type?`, §7 "Settings data"): `GET
 * api/v1/profile/source_articles`, the latest articles of the sources the member follows (13 a page),
 * and `GET api/v1/profile/sources`, the followed sources, most recently followed first (25 a page).
 * The reads tab is `profile/article_views` (article-views.ts). Members only (401 for visitors).
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { followedSourcesFeed } from '../articles/feed-defs.js';
import { pageFeed } from '../articles/feed-page.js';
import { loadArticles } from '../articles/load-articles.js';
import { loadSources } from '../sources/load-sources.js';
import { pageIds } from '../sources/page-ids.js';
import { requireMember } from './require-member.js';

/**
 * Registers the two My Sources lists.
 * @example
 * await api.register(profileSourceRoutes, { db, config });
 */
export async function profileSourceRoutes(
  app: FastifyInstance,
  opts: { db: Database; config: Pick<ServerConfig, 'production'> },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;

  const latest = routes.listProfileSourceArticles;
  api.route({
    method: latest.method,
    url: latest.url,
    schema: { querystring: latest.querystring, response: latest.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      reply.header('cache-control', 'no-store');
      const { page = 1, perPage = 13 } = request.query as { page?: number; perPage?: number };
      const { ids, pagination } = await pageFeed(db, followedSourcesFeed(userId), page, perPage);
      return { articles: await loadArticles(db, ids), meta: { pagination } };
    },
  });

  const followed = routes.listProfileSources;
  api.route({
    method: followed.method,
    url: followed.url,
    schema: { querystring: followed.querystring, response: followed.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      reply.header('cache-control', 'no-store');
      const { page = 1, perPage = 25 } = request.query as { page?: number; perPage?: number };
      const { ids, pagination } = await pageIds(
        db,
        'SELECT f.source_id AS id, f.created_at FROM source_follows f WHERE f.user_id = $1',
        'created_at DESC, id DESC',
        [userId],
        page,
        perPage,
      );
      return { sources: await loadSources(db, ids, { userId }), meta: { pagination } };
    },
  });
}
