/**
 * The alert calls (issue 49): the VAPID public key for `pushManager.subscribe`, storing and forgetting a
 * browser's push subscription, and the member's alert choices with quiet hours. None of them sends
 * anything: alerts leave through the queue (`alert-worker.ts`).
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { requireMember } from '../content/members/require-member.js';
import type { Database } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { readAlertSettings, writeAlertSettings } from './alert-settings.js';
import { endpointProblem, keyProblems } from './push-endpoint.js';
import type { VapidDetails } from './vapid-keys.js';

/** Options of {@link alertRoutes}. */
export interface AlertRoutesOptions {
  db: Database;
  config: ServerConfig;
  /** The VAPID keys (read once per process, see `vapid-keys.ts`). */
  vapid: () => Promise<VapidDetails>;
}

/**
 * Registers the five calls.
 * @example
 * await api.register(alertRoutes, { db, config, vapid: () => loadVapidKeys(db, config) });
 */
export async function alertRoutes(app: FastifyInstance, opts: AlertRoutesOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;

  const key = routes.getPushPublicKey;
  api.route({
    method: key.method,
    url: key.url,
    schema: { response: key.response },
    handler: async (_request, reply) => {
      // The key only changes when an operator replaces it; an hour in caches saves a call per subscribe.
      reply.header('cache-control', 'public, max-age=3600');
      return { publicKey: (await opts.vapid()).publicKey };
    },
  });

  const create = routes.createPushSubscription;
  api.route({
    method: create.method,
    url: create.url,
    schema: { body: create.body, response: create.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      const { endpoint, keys } = request.body;
      const problems = [
        endpointProblem(endpoint, { allowPrivate: config.feedsAllowPrivate }),
        ...keyProblems(keys),
      ];
      const items = problems.filter((p) => p !== null);
      if (items.length > 0) throw new HttpError(422, items);
      // An endpoint is one browser: subscribing it again (new keys, or another member signed in on that
      // browser) updates the row rather than adding one, so a browser never gets an alert twice.
      const { rows } = await db.query<{ id: number; created: boolean }>(
        `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
         ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh,
           auth = EXCLUDED.auth, updated_at = now()
         RETURNING id, (xmax = 0) AS created`,
        [userId, endpoint, keys.p256dh, keys.auth],
      );
      const row = rows[0];
      reply.header('cache-control', 'no-store');
      reply.code(row?.created ? 201 : 200);
      return { id: Number(row?.id) };
    },
  });

  const remove = routes.deletePushSubscription;
  api.route({
    method: remove.method,
    url: remove.url,
    schema: { body: remove.body, response: remove.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      await db.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2', [
        userId,
        request.body.endpoint,
      ]);
      return reply.code(204).send(null);
    },
  });

  const read = routes.getAlerts;
  api.route({
    method: read.method,
    url: read.url,
    schema: { response: read.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      reply.header('cache-control', 'no-store');
      return readAlertSettings(db, userId);
    },
  });

  const update = routes.updateAlerts;
  api.route({
    method: update.method,
    url: update.url,
    schema: { body: update.body, response: update.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      const problems = await writeAlertSettings(db, userId, request.body);
      if (problems.length > 0) throw new HttpError(422, problems);
      reply.header('cache-control', 'no-store');
      return readAlertSettings(db, userId);
    },
  });
}
