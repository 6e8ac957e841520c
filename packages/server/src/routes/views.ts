/**
 * Page-view tracking: `POST api/v1/user/views` stores one row per page view (spec 3 "Page-view record").
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { currentUserId } from '../http/current-user.js';

/** Registers the page-view route. */
export async function viewRoutes(
  app: FastifyInstance,
  opts: { db: Database; config: ServerConfig },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;
  const create = routes.createUserView;
  api.route({
    method: create.method,
    url: create.url,
    schema: { body: create.body, response: create.response },
    handler: async (request, reply) => {
      const body = request.body;
      const userId = await currentUserId(request, db, config);
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO page_views (path, hash, user_id, p, referrer, first, v, no, vf, va)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [
          body.path,
          body.hash,
          userId,
          body.p ?? null,
          body.referrer ?? null,
          body.first ?? null,
          body.v ?? null,
          body.no ?? null,
          body.vf ?? null,
          body.va ?? null,
        ],
      );
      return reply.code(201).send({ view: { id: Number(rows[0]?.id) } });
    },
  });
}
