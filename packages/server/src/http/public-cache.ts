/**
 * Visitors' content reads served from memory (see `response-cache.ts`). A request without a session
 * cookie gets an answer that depends on its URL only, so the answer computed for one visitor is the
 * answer for all; members' answers are personal (hidden sources, follows) and always computed.
 *
 * What is cached: GETs of the public content reads of spec 2 §7 (feeds, pages, podcasts, top stories,
 * member feeds by username) that answered 200. What empties the cache: stored ingestion (the server
 * calls `invalidateAll`) and any successful change made through the API, except the calls that only
 * record activity (page views, listening and video events, article views, a listen removed from one's history,
 * signing in and out).
 * @module
 */
import { routes } from '@sportspyder/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import { sessionCookieName } from './cookies.js';
import type { CachedResponse, ResponseCache } from './response-cache.js';

/** Path prefixes of the public content reads (spec 2 §7). Chat, search and accounts are not here. */
export const PUBLIC_READ_PREFIXES = [
  '/api/v1/sports',
  '/api/v1/teams',
  '/api/v1/players/',
  '/api/v1/sources',
  '/api/v1/topics',
  '/api/v1/domains',
  '/api/v1/podcasts/',
  '/api/v1/podcast_episodes/',
  '/api/v1/fantasy_teams/',
  '/api/v1/articles/',
  '/api/v1/top_stories',
  '/api/v1/users/',
] as const;

/** Changes that leave every public page as it was: recording them must not empty the cache. */
const ACTIVITY_ONLY = new Set(
  [
    routes.createUserView,
    routes.createEpisodeEvent,
    routes.createVideoEvent,
    routes.createArticleView,
    routes.deletePodcastListen,
    routes.signIn,
    routes.signOut,
  ].map((r) => `${r.method} ${r.url}`),
);

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a path is one of the public content reads. */
export function isPublicRead(path: string): boolean {
  // Chat threads hang off some content paths (episodes' messages); they are never cached.
  if (path.includes('/messages')) return false;
  return PUBLIC_READ_PREFIXES.some((prefix) => path.startsWith(prefix));
}

const finishers = new WeakMap<FastifyRequest, (response: CachedResponse | null) => void>();

function send(reply: FastifyReply, hit: CachedResponse, state: 'hit' | 'stale' = 'hit'): FastifyReply {
  return reply.header('content-type', hit.contentType).header('x-cache', state).send(hit.body);
}

/**
 * Adds the cache's hooks to an encapsulated API scope (after its rate limit, which still counts hits).
 *
 * @example
 * ```ts
 * await app.register(async (api) => {
 *   await registerRateLimit(api, config);
 *   registerPublicCache(api, cache, config);
 *   // ...routes
 * });
 * ```
 */
export function registerPublicCache(
  api: FastifyInstance,
  cache: ResponseCache,
  config: Pick<ServerConfig, 'production'>,
): void {
  const cookieName = sessionCookieName(config);
  api.addHook('onRequest', async (request, reply) => {
    if (!cache.enabled || request.method !== 'GET' || request.cookies[cookieName]) return;
    const path = request.url.split('?')[0] ?? '';
    if (!isPublicRead(path)) return;
    const key = request.url;
    const hit = cache.get(key);
    if (hit) return send(reply, hit);
    const computing = cache.inFlight(key);
    // An expired answer is served while one request (the first to see it expired) computes the new one.
    const stale = cache.getStale(key);
    if (stale && computing) return send(reply, stale, 'stale');
    if (computing) {
      const answer = await computing;
      if (answer) return send(reply, answer);
    }
    finishers.set(request, cache.begin(key));
  });

  api.addHook('onSend', async (request, reply, payload) => {
    const finish = finishers.get(request);
    if (!finish) return payload;
    finishers.delete(request);
    const contentType = String(reply.getHeader('content-type') ?? '');
    const cacheable = reply.statusCode === 200 && typeof payload === 'string';
    finish(cacheable ? { body: Buffer.from(payload), contentType } : null);
    reply.header('x-cache', 'miss');
    return payload;
  });

  api.addHook('onResponse', async (request, reply) => {
    // A request that ended without onSend (aborted, failed while sending) releases its waiters.
    const finish = finishers.get(request);
    if (finish) {
      finishers.delete(request);
      finish(null);
    }
    if (!MUTATING.has(request.method) || reply.statusCode >= 400) return;
    if (ACTIVITY_ONLY.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
    cache.invalidateAll();
  });
}
