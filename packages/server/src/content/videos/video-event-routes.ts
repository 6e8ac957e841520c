/**
 * The video player's event route (issue 17, spec 3 §4 "General" and §7): `POST
 * api/v1/videos/{articleId}/events` records a play (repeated every 20 s while playing), a pause or a
 * completion of an article video. Recording activity leaves the visitors' page cache as it is
 * (`http/public-cache.ts`); the rankings the plays feed catch up when cached pages expire.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { currentUserId } from '../../http/current-user.js';
import { notFound } from '../players/paging.js';
import { checkPlayContext, findEventVideo, recordVideoEvent } from './record-video-event.js';

/** Options of {@link videoEventRoutes}. */
export interface VideoEventRouteOptions {
  /** The database. */
  db: Database;
  /** To find the session of a request. */
  config: Pick<ServerConfig, 'production'>;
  /** The clock (tests pin it); defaults to the system time. */
  now?: () => Date;
}

/**
 * Registers the video event route.
 *
 * @example
 * ```ts
 * await api.register(videoEventRoutes, { db, config });
 * ```
 */
export async function videoEventRoutes(app: FastifyInstance, opts: VideoEventRouteOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;
  const now = opts.now ?? (() => new Date());

  const create = routes.createVideoEvent;
  api.route({
    method: create.method,
    url: create.url,
    schema: { params: create.params, body: create.body, response: create.response },
    handler: async (request, reply) => {
      const video = await findEventVideo(db, request.params.articleId);
      if (!video) return notFound();
      await checkPlayContext(db, request.body);
      const userId = await currentUserId(request, db, config);
      const id = await recordVideoEvent(db, video, request.body, {
        userId,
        hash: request.body.hash,
        now: now(),
      });
      return reply.code(201).send({ event: { id } });
    },
  });
}
