/**
 * `GET /healthz`: the process answers and the database runs a query. It also tells how many enabled
 * sources were never fetched yet (`ingest.pending`): after a first start that is the demo feeds still
 * waiting for the background ingest, which deploy checks and the browser tests wait for. `sources` says
 * which world runs and why (`SOURCES`, issue 44).
 * @module
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import type { WorldSetting } from '../sources/world/world-setting.js';

/** Registers the health check. */
export async function healthRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  app.get('/healthz', { config: { rateLimit: false } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const { rows } = await opts.db.query<{ pending: number | string; world: WorldSetting | string | null }>(
        `SELECT (SELECT count(*) FROM sources WHERE enabled AND last_fetched_at IS NULL) AS pending,
                (SELECT value FROM app_settings WHERE key = 'sources_world') AS world`,
      );
      const stored = rows[0]?.world;
      const world = typeof stored === 'string' ? (JSON.parse(stored) as WorldSetting) : stored;
      return {
        status: 'ok',
        db: 'ok',
        ingest: { pending: Number(rows[0]?.pending ?? 0) },
        sources: world
          ? { mode: world.mode, reason: world.reason }
          : { mode: 'demo', reason: 'no world chosen: the database was not prepared by a start' },
      };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database failed');
      return reply.code(503).send({ status: 'error', db: 'error' });
    }
  });
}
