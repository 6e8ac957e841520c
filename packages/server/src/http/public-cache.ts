/**
 * Visitors' content reads served from memory (see `response-cache.ts`). A request without a session
 * cookie gets an answer that depends on its URL only, so the answer computed for one visitor is the
 * answer for all; members' answers are personal (hidden sources, follows): they are cached per member
 * by `member-cache.ts`, never here.
 *
 * What is cached: GETs of the public content reads of spec 2 §7 (feeds, pages, podcasts, top stories,
 * member feeds by username) that answered 200. What empties the cache: any successful change made
 * through the API, except the calls that only record activity (page views, listening and video events,
 * article views, a listen removed from one's history, signing in and out): whoever made it reads it on
 * their next request. What outdates it: stored ingestion (in this process or a worker, a poll or a
 * WebSub push, through the app's `cacheInvalidation` bus with `serveStale`).
 *
 * An expired page, or one outdated by new content (for 2 s at most after the store), is served while it
 * is computed again in the background (`background-refresh.ts`).
 * @module
 */
import { CHAT_EMBED_FRAME_HEADER, routes } from '@sportspyder/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import { type BackgroundRefresher, isPageCacheRefresh } from './background-refresh.js';
import { PendingAnswers, sendCached } from './cache-answers.js';
import { sessionCookieName } from './cookies.js';
import type { ResponseCache } from './response-cache.js';

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
    // An admin's preview of a feed stores nothing; "fetch now" only moves a source's next fetch (what it
    // stores then empties the cache as any ingestion does).
    routes.previewAdminSource,
    routes.fetchAdminSource,
    // Alert subscriptions and choices show on no page (issue 49).
    routes.createPushSubscription,
    routes.deletePushSubscription,
    routes.updateAlerts,
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
  // An episode's audio relay streams a member's download: never a page, never kept in memory.
  if (path.endsWith('/audio')) return false;
  return PUBLIC_READ_PREFIXES.some((prefix) => path.startsWith(prefix));
}

/**
 * Adds the cache's hooks to an encapsulated API scope (after its rate limit, which still counts hits).
 * `refresher` schedules the refreshes of expired pages (shared with the members' cache). `invalidate` is
 * called after a successful change: the app passes its cache-invalidation bus, so the pages of every
 * process are emptied, not only this one's.
 *
 * @example
 * ```ts
 * await app.register(async (api) => {
 *   await registerRateLimit(api, config);
 *   const refresher = new BackgroundRefresher(api);
 *   registerPublicCache(api, cache, config, refresher);
 *   // ...routes
 * });
 * ```
 */
export function registerPublicCache(
  api: FastifyInstance,
  cache: ResponseCache,
  config: Pick<ServerConfig, 'production'>,
  refresher: BackgroundRefresher,
  invalidate: () => void = () => cache.invalidateAll(),
): void {
  const cookieName = sessionCookieName(config);
  const pending = new PendingAnswers(cache);

  api.addHook('onRequest', async (request, reply) => {
    if (!cache.enabled || request.method !== 'GET' || request.cookies[cookieName]) return;
    // An API key acts as its member (personal answers) and must be checked: never from the cache.
    if (request.headers.authorization !== undefined) return;
    // So does the chat embed's frame session (embed/chat-embed-auth.ts).
    if (request.headers[CHAT_EMBED_FRAME_HEADER] !== undefined) return;
    const path = request.url.split('?')[0] ?? '';
    if (!isPublicRead(path)) return;
    const key = request.url;
    if (isPageCacheRefresh(request)) {
      const finish = refresher.take(key);
      if (finish) pending.hold(request, finish);
      return;
    }
    const found = await refresher.lookup(cache, key, () => cache.begin(key), { url: key });
    if ('response' in found) return sendCached(reply, cache, found.response, found.state);
    pending.hold(request, found.finish);
  });

  api.addHook('onSend', async (request, reply, payload) => pending.store(request, reply, payload));

  api.addHook('onResponse', async (request, reply) => {
    pending.release(request);
    if (!MUTATING.has(request.method) || reply.statusCode >= 400 || !changesPages(request)) return;
    invalidate();
  });
}
