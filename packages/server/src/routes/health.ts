/**
 * `GET /healthz`: the process answers and the database runs a query.
 * @module
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';

/** Registers the health check. */
export async function healthRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  app.get('/healthz', { config: { rateLimit: false } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await opts.db.query('SELECT 1');
      return { status: 'ok', db: 'ok' };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database failed');
      return reply.code(503).send({ status: 'error', db: 'error' });
    }
  });
}
