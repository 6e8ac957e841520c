/**
 * Visitors' content reads served from memory (see `response-cache.ts`). A request without a session
 * cookie gets an answer that depends on its URL only, so the answer computed for one visitor is the
 * answer for all; members' answers are personal (hidden sources, follows): they are cached per member
 * by `member-cache.ts`, never here.
 *
 * What is cached: GETs of the public content reads of spec 2 §7 (feeds, pages, podcasts, top stories,
 * member feeds by username) that answered 200. What empties the cache: stored ingestion (in this
 * process or a worker, through the app's `cacheInvalidation` bus) and any successful change made through the API, except the calls that only
 * record activity (page views, listening and video events, article views, a listen removed from one's history,
 * signing in and out).
 *
 * An expired page is refreshed in the background: the request that finds it expired gets the old answer
 * (as do the others until the new one is stored), and the server computes the new one through an
 * internal request once no API request has arrived for {@link REFRESH_LULL_MS} (at most
 * {@link REFRESH_MAX_WAIT_MS} later). PGlite computes on the server's thread, so a refresh started in the
 * middle of a burst of requests delayed every one of them by its 10-20 ms; in a lull it delays nobody.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { CHAT_EMBED_FRAME_HEADER, routes } from '@sportspyder/contract';
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
    // Chat changes no cached page (a chat flood must not empty the cache message by message); episode
    // comments and deletes do (episodes show their comment count), so those still empty it.
    routes.createChannelMessage,
    routes.createArticleMessage,
    routes.createLike,
    routes.deleteLike,
    routes.createFlag,
  ].map((r) => `${r.method} ${r.url}`),
);

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether a successful change may change pages: anything but {@link ACTIVITY_ONLY} (members' cache too). */
export function changesPages(request: Pick<FastifyRequest, 'method' | 'routeOptions'>): boolean {
  return !ACTIVITY_ONLY.has(`${request.method} ${request.routeOptions.url ?? ''}`);
}

/** Whether a path is one of the public content reads. */
export function isPublicRead(path: string): boolean {
  // Chat threads hang off some content paths (episodes' messages); they are never cached.
  if (path.includes('/messages')) return false;
  return PUBLIC_READ_PREFIXES.some((prefix) => path.startsWith(prefix));
}

const finishers = new WeakMap<FastifyRequest, (response: CachedResponse | null) => void>();

/** How long no API request must have arrived before a background refresh starts, in ms. */
export const REFRESH_LULL_MS = 10;
/** The longest a background refresh waits for a lull, in ms: a busy server still refreshes. */
export const REFRESH_MAX_WAIT_MS = 2_000;

/** Marks the server's own refresh requests; the token is random per process, so nobody else can send it. */
const REFRESH_HEADER = 'x-sportspyder-cache-refresh';
const REFRESH_TOKEN = randomBytes(16).toString('hex');

/** Whether a request is the page cache's own refresh (the rate limit lets it through). */
export function isPageCacheRefresh(request: Pick<FastifyRequest, 'headers'>): boolean {
  return request.headers[REFRESH_HEADER] === REFRESH_TOKEN;
}

function send(reply: FastifyReply, hit: CachedResponse, state: 'hit' | 'stale' = 'hit'): FastifyReply {
  return reply.header('content-type', hit.contentType).header('x-cache', state).send(hit.body);
}

/**
 * Adds the cache's hooks to an encapsulated API scope (after its rate limit, which still counts hits).
 * `invalidate` is called after a successful change: the app passes its cache-invalidation bus, so the
 * pages of every process are emptied, not only this one's.
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
  invalidate: () => void = () => cache.invalidateAll(),
): void {
  const cookieName = sessionCookieName(config);
  /** Refreshes scheduled and not yet started, by key: what stores their answer. */
  const refreshing = new Map<string, (response: CachedResponse | null) => void>();
  let lastRequestAt = 0;

  const refreshWhenQuiet = (key: string) => {
    const finish = cache.begin(key);
    refreshing.set(key, finish);
    const since = performance.now();
    const attempt = () => {
      const now = performance.now();
      if (now - lastRequestAt < REFRESH_LULL_MS && now - since < REFRESH_MAX_WAIT_MS) {
        setTimeout(attempt, REFRESH_LULL_MS).unref();
        return;
      }
      api
        .inject({ method: 'GET', url: key, headers: { [REFRESH_HEADER]: REFRESH_TOKEN } })
        .catch(() => undefined)
        .finally(() => {
          // Normally taken by the refresh request itself; still here if it never reached the hooks.
          if (refreshing.get(key) !== finish) return;
          refreshing.delete(key);
          finish(null);
        });
    };
    setTimeout(attempt, REFRESH_LULL_MS).unref();
  };

  api.addHook('onRequest', async (request, reply) => {
    const refresh = isPageCacheRefresh(request);
    if (!refresh) lastRequestAt = performance.now();
    if (!cache.enabled || request.method !== 'GET' || request.cookies[cookieName]) return;
    // An API key acts as its member (personal answers) and must be checked: never from the cache.
    if (request.headers.authorization !== undefined) return;
    // So does the chat embed's frame session (embed/chat-embed-auth.ts).
    if (request.headers[CHAT_EMBED_FRAME_HEADER] !== undefined) return;
    const path = request.url.split('?')[0] ?? '';
    if (!isPublicRead(path)) return;
    const key = request.url;
    if (refresh) {
      const finish = refreshing.get(key);
      refreshing.delete(key);
      if (finish) finishers.set(request, finish);
      return;
    }
    const hit = cache.get(key);
    if (hit) return send(reply, hit);
    const computing = cache.inFlight(key);
    const stale = cache.getStale(key);
    if (stale) {
      if (!computing) refreshWhenQuiet(key);
      return send(reply, stale, 'stale');
    }
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
    if (!MUTATING.has(request.method) || reply.statusCode >= 400 || !changesPages(request)) return;
    invalidate();
  });
}
