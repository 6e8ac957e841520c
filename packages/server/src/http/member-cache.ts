/**
 * Signed-in members' content reads served from memory, per member (issue 15, "Members' pages"). The
 * visitors' cache (`public-cache.ts`) keys an answer by its URL; a member's answer also depends on who
 * asks (hidden sources, follows), so here the key is the member and the URL: one member never gets
 * another's answer, and a visitor's cache never holds a member's.
 *
 * The answers live in the app's one `ResponseCache` (one byte budget, one time to live) under keys of
 * their own, so everything that empties that cache (the cache-invalidation bus's `{ scope: 'all' }`:
 * stored ingestion, a change seen by visitors, on every process) empties the members' answers too. A
 * member's own changes (follows, hides, reordering, any other successful change of theirs that is not
 * mere activity) also send `{ scope: 'member', userId }`, which {@link MemberCache.invalidateMember}
 * carries out: the member moves to a new key generation, their old answers are unreachable and age out.
 *
 * What is cached: the same GETs as for visitors (spec 2 §7 content reads) that answered 200, for the
 * cache's time to live (half to all of it, at random: see {@link memberTtlShare}), with single flight.
 * As for visitors, an expired answer is served while the server computes its replacement in a lull
 * (`background-refresh.ts`), with the cookies of the request that found it expired; so is one outdated
 * by stored ingestion, for 2 s at most (`ResponseCache.markStale`), as visitors' pages are. The member's
 * own changes drop their answers at once, so it is never staler than the visitors' pages.
 * @module
 */
import { CHAT_EMBED_FRAME_HEADER } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { type BackgroundRefresher, isPageCacheRefresh } from './background-refresh.js';
import { PendingAnswers, sendCached } from './cache-answers.js';
import { sessionCookieName } from './cookies.js';
import { currentUserId } from './current-user.js';
import { changesPages, isPublicRead } from './public-cache.js';
import type { ResponseCache } from './response-cache.js';

/**
 * The members' side of the page cache: keys and per-member invalidation over a `ResponseCache`.
 *
 * @example
 * ```ts
 * const members = new MemberCache(app.responseCache);
 * members.invalidateMember(42); // member 42 followed a team
 * ```
 */
export class MemberCache {
  /** Each member's key generation; a member not in the map is at generation 0. */
  private readonly generations = new Map<number, number>();

  constructor(readonly cache: ResponseCache) {}

  /** The cache key of `url` for member `userId` (never a URL, so never a visitor's key). */
  keyOf(userId: number, url: string): string {
    return `member:${userId}:${this.generations.get(userId) ?? 0} ${url}`;
  }

  /**
   * Forgets every answer of one member (they followed, hid, reordered...). The one call a
   * cross-process invalidation needs to repeat on the other processes for a member's own change.
   */
  invalidateMember(userId: number): void {
    this.generations.set(userId, (this.generations.get(userId) ?? 0) + 1);
  }
}

/**
 * The share of the time to live a member's answer is kept: from half to all of it, at random. Answers
 * computed together (a member opening a few pages, a burst of members after a restart) would otherwise
 * expire together and be recomputed in one burst: in the members' run of `npm run bench:server` the 800
 * answers computed in the first seconds expired within the same second 30 s later, and the requests
 * queued behind their recomputation (p99 151 ms, before expired answers were served while refreshed).
 */
export function memberTtlShare(random: () => number = Math.random): number {
  return 0.5 + random() * 0.5;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Adds the members' cache hooks to the API scope (after the rate limit, API key and chat embed
 * hooks, beside `registerPublicCache`).
 *
 * @example
 * ```ts
 * registerMemberCache(api, memberCache, {
 *   refresher, // the one the visitors' cache uses
 *   db,
 *   config,
 *   invalidate: (userId) => cacheInvalidation.invalidate({ scope: 'member', userId }),
 * });
 * ```
 */
export function registerMemberCache(
  api: FastifyInstance,
  members: MemberCache,
  opts: {
    refresher: BackgroundRefresher;
    db: Database;
    config: Pick<ServerConfig, 'production'>;
    /** Called after a member's change; the app passes its bus (every process). Default: this one. */
    invalidate?: (userId: number) => void;
  },
): void {
  const { db, config, refresher } = opts;
  const invalidate = opts.invalidate ?? ((userId: number) => members.invalidateMember(userId));
  const cookieName = sessionCookieName(config);
  const { cache } = members;
  const pending = new PendingAnswers(cache);

  api.addHook('onRequest', async (request, reply) => {
    if (!cache.enabled || request.method !== 'GET' || !request.cookies[cookieName]) return;
    // API keys and the chat frame's session are checked by their own hooks: never from here.
    if (request.headers.authorization !== undefined) return;
    if (request.headers[CHAT_EMBED_FRAME_HEADER] !== undefined) return;
    if (!isPublicRead(request.url.split('?')[0] ?? '')) return;
    // The session lookup is remembered for the request: the route does not repeat it.
    const userId = await currentUserId(request, db, config);
    if (userId === null) return;
    const key = members.keyOf(userId, request.url);
    if (isPageCacheRefresh(request)) {
      // Stored only if the member's key is still the one the refresh was scheduled for.
      const finish = refresher.take(key);
      if (finish) pending.hold(request, finish);
      return;
    }
    const begin = () => cache.begin(key, memberTtlShare());
    const cookie = request.headers.cookie ?? '';
    const found = await refresher.lookup(cache, key, begin, { url: request.url, headers: { cookie } });
    if ('response' in found) return sendCached(reply, cache, found.response, found.state);
    pending.hold(request, found.finish);
  });

  api.addHook('onSend', async (request, reply, payload) => pending.store(request, reply, payload));

  api.addHook('onResponse', async (request, reply) => {
    pending.release(request);
    if (!MUTATING.has(request.method) || reply.statusCode >= 400 || !changesPages(request)) return;
    if (!request.cookies[cookieName]) return;
    // Read before the change when the route looked (sign-out is activity: it never gets here).
    const userId = await currentUserId(request, db, config);
    if (userId !== null) invalidate(userId);
  });
}
