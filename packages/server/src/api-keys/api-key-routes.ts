/**
 * `GET/POST api/v1/profile/api_keys` and `DELETE api/v1/profile/api_keys/:id` (spec 3 §2, §7 "PRO,
 * billing, API keys", §8): a member with the `api` flag lists, creates and deletes keys. Visitors get
 * the 401 of every member route; members without the flag a 403 naming the contact topic for API
 * access. The create answer is the only one that carries the whole token.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type ApiErrorItem, routes } from '@sportspyder/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import { requireMember } from '../content/members/require-member.js';
import type { Database } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { createApiKey, deleteApiKey, hasApiAccess, listApiKeys, MAX_API_KEYS } from './api-key-store.js';

/** This module's refusals. */
export const API_KEY_ERRORS = {
  noAccess: {
    code: 'forbidden',
    title: 'API access is not enabled for your account. Ask for it through the contact form (API Access).',
  },
  tooMany: {
    code: 'too_many',
    title: `You can have at most ${MAX_API_KEYS} API keys. Delete one to create another.`,
  },
  notFound: { code: 'not_found', title: 'This API key does not exist.' },
} satisfies Record<string, ApiErrorItem>;

/** Options of {@link apiKeyRoutes}. */
export interface ApiKeyRoutesOptions {
  /** The app's database. */
  db: Database;
  /** The app's configuration. */
  config: Pick<ServerConfig, 'production'>;
}

/**
 * Registers the API key routes.
 * @example
 * await api.register(apiKeyRoutes, { db, config });
 */
export async function apiKeyRoutes(app: FastifyInstance, opts: ApiKeyRoutesOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;
  const requireApiMember = async (request: FastifyRequest) => {
    const userId = await requireMember(request, db, config);
    if (!(await hasApiAccess(db, userId))) throw new HttpError(403, [API_KEY_ERRORS.noAccess]);
    return userId;
  };
  const writeLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

  const list = routes.listApiKeys;
  api.route({
    method: list.method,
    url: list.url,
    schema: { response: list.response },
    handler: async (request, reply) => {
      const userId = await requireApiMember(request);
      const apiKeys = await listApiKeys(db, userId);
      reply.header('cache-control', 'no-store');
      return {
        apiKeys,
        meta: {
          pagination: { page: 1, perPage: MAX_API_KEYS, totalPages: 1, totalCount: apiKeys.length },
        },
      };
    },
  });

  const create = routes.createApiKey;
  api.route({
    method: create.method,
    url: create.url,
    schema: { body: create.body, response: create.response },
    config: writeLimit,
    handler: async (request, reply) => {
      const userId = await requireApiMember(request);
      const description = request.body.apiKey.description?.trim() || null;
      const apiKey = await createApiKey(db, userId, description);
      if (!apiKey) throw new HttpError(422, [API_KEY_ERRORS.tooMany]);
      request.log.info({ userId, apiKeyId: apiKey.id }, 'API key created');
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ apiKey });
    },
  });

  const remove = routes.deleteApiKey;
  api.route({
    method: remove.method,
    url: remove.url,
    schema: { params: remove.params, response: remove.response },
    config: writeLimit,
    handler: async (request) => {
      const userId = await requireApiMember(request);
      const apiKey = await deleteApiKey(db, userId, request.params.id);
      // Another member's key is "not found" too: its existence is not this member's business.
      if (!apiKey) throw new HttpError(404, [API_KEY_ERRORS.notFound]);
      request.log.info({ userId, apiKeyId: apiKey.id }, 'API key deleted');
      return { apiKey };
    },
  });
}
