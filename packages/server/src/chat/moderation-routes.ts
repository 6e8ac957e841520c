/**
 * The admin's moderation calls (issue 48): the open queue and the action on one reported message.
 * Admins only: 401 signed out, 403 for a member (`require-admin.ts`).
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes } from '@sportspyder/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Broadcaster } from '../cable/broadcaster.js';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { type AdminUser, requireAdmin } from '../sources/require-admin.js';
import { ChatWrites } from './chat-writes.js';
import { actOnReport, listModerationQueue } from './moderation-queue.js';

/** The 403 item of a member who is not an admin, on the moderation calls. */
export const NOT_A_MODERATION_ADMIN = {
  code: 'forbidden',
  title: 'Only administrators can moderate chat.',
};

/** Options of {@link moderationRoutes}. */
export interface ModerationRoutesOptions {
  db: Database;
  config: ServerConfig;
  broadcaster: Broadcaster;
}

/** Registers the moderation queue routes. */
export async function moderationRoutes(app: FastifyInstance, opts: ModerationRoutesOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config, broadcaster } = opts;
  const writes = new ChatWrites(db, broadcaster);
  const admin = async (request: FastifyRequest): Promise<AdminUser> => {
    try {
      return await requireAdmin(request, db, config);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 403)
        throw new HttpError(403, [NOT_A_MODERATION_ADMIN]);
      throw error;
    }
  };

  const list = routes.listModerationQueue;
  api.route({
    method: list.method,
    url: list.url,
    schema: { response: list.response },
    handler: async (request, reply) => {
      await admin(request);
      reply.header('cache-control', 'no-store');
      return { items: await listModerationQueue(db) };
    },
  });

  const act = routes.actOnReport;
  api.route({
    method: act.method,
    url: act.url,
    schema: { params: act.params, body: act.body, response: act.response },
    handler: async (request) => {
      const who = await admin(request);
      const action = await actOnReport(
        { db, broadcaster, writes },
        who,
        request.params.messageId,
        request.body,
      );
      return { action };
    },
  });
}
