/**
 * Stale while revalidate for the page cache's two sides, visitors' (`public-cache.ts`) and members'
 * (`member-cache.ts`): the request that finds its answer expired gets the old one at once, and the
 * server computes the new one through an internal request of its own once no API request has arrived
 * for {@link REFRESH_LULL_MS} (at most {@link REFRESH_MAX_WAIT_MS} later). PGlite computes on the
 * server's thread, so a refresh started in the middle of a burst of requests delayed every one of them
 * by its 5-20 ms; in a lull it delays nobody. Refreshes run one at a time (see {@link BackgroundRefresher}).
 * An answer outdated by new content (`ResponseCache.markStale`, after ingestion stored a feed) is
 * refreshed sooner: it may be served only {@link OUTDATED_SERVE_MS} after the store, so its refresh waits
 * for a lull at most {@link OUTDATED_REFRESH_MAX_WAIT_MS}, and takes its turn before expired answers'.
 *
 * A member's refresh is sent with the cookies of the request that found the answer expired, so it is
 * computed for the same session; if that session ended meanwhile, or the member changed something (their
 * answers moved to a new key), the refresh stores nothing.
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sameSecret } from './constant-time.js';
import { type CachedResponse, OUTDATED_SERVE_MS, type ResponseCache } from './response-cache.js';

/** How long no API request must have arrived before a background refresh starts, in ms. */
export const REFRESH_LULL_MS = 10;
/** The longest a background refresh waits for a lull, in ms: a busy server still refreshes. */
export const REFRESH_MAX_WAIT_MS = 2_000;
/**
 * The longest the refresh of an answer outdated by new content waits for a lull, in ms: a small share of
 * the {@link OUTDATED_SERVE_MS} it may be served for, so the new content shows well within that bound
 * even under a steady stream of requests.
 */
export const OUTDATED_REFRESH_MAX_WAIT_MS = OUTDATED_SERVE_MS / 20;

/** Marks the server's own refresh requests; the token is random per process, so nobody else can send it. */
const REFRESH_HEADER = 'x-sportspyder-cache-refresh';
const REFRESH_TOKEN = randomBytes(16).toString('hex');

/** Whether a request is the page cache's own refresh (the rate limit lets it through). */
export function isPageCacheRefresh(request: Pick<FastifyRequest, 'headers'>): boolean {
  return sameSecret(request.headers[REFRESH_HEADER], REFRESH_TOKEN);
}

/**
 * What the cache answers a request with: a fresh answer, or an expired one being refreshed; or nothing,
 * and then `finish` stores what the request computes (the key is already marked as being computed).
 */
export type CacheLookup =
  | { response: CachedResponse; state: 'hit' | 'stale' }
  | { finish: (response: CachedResponse | null) => void };

/**
 * Schedules the refreshes of one API scope and knows when it is quiet. Both caches' hooks share one,
 * so a member's request counts as activity for a visitor's refresh and the other way round.
 *
 * @example
 * ```ts
 * const refresher = new BackgroundRefresher(api); // before the caches' hooks
 * const found = await refresher.lookup(cache, key, () => cache.begin(key), { url: request.url });
 * if ('response' in found) return sendCached(reply, cache, found.response, found.state);
 * ```
 */
export class BackgroundRefresher {
  /** Refreshes started and not yet taken by their request, by key: what stores their answer. */
  private readonly scheduled = new Map<string, (response: CachedResponse | null) => void>();
  /** The refreshes waiting to run (urgent ones first, then oldest first), each with its latest start. */
  private readonly queue: {
    cache: ResponseCache;
    key: string;
    begin: () => (response: CachedResponse | null) => void;
    refresh: RefreshRequest;
    /** When it runs even if no lull came. */
    deadline: number;
    urgent: boolean;
  }[] = [];
  /** The keys in {@link queue}. */
  private readonly queued = new Set<string>();
  /** Whether {@link next} is waiting or running (it stops when the queue is empty). */
  private running = false;
  private lastRequestAt = 0;

  constructor(private readonly api: FastifyInstance) {
    api.addHook('onRequest', async (request) => {
      if (!isPageCacheRefresh(request)) this.lastRequestAt = performance.now();
    });
  }

  /**
   * The cache's answer for `key`: fresh; or expired (or outdated by new content) but still servable,
   * with its refresh scheduled (`refresh` is the request that computes it; `begin` marks the key as being
   * computed when it starts, so what it stores postdates every store before it); or the answer another
   * request is computing right now; or, when the request must compute it itself, what stores it.
   * Synchronous unless it waits for another request: the key is marked as being computed before any
   * other request can look it up, so concurrent first requests compute it once.
   */
  lookup(
    cache: ResponseCache,
    key: string,
    begin: () => (response: CachedResponse | null) => void,
    refresh: RefreshRequest,
  ): CacheLookup | Promise<CacheLookup> {
    const hit = cache.get(key);
    if (hit) return { response: hit, state: 'hit' };
    const computing = cache.inFlight(key);
    const stale = cache.getStale(key);
    if (stale) {
      if (!computing && !this.queued.has(key)) this.schedule(cache, key, begin, refresh);
      return { response: stale, state: 'stale' };
    }
    if (!computing) return { finish: begin() };
    return computing.then((answer) => (answer ? { response: answer, state: 'hit' } : { finish: begin() }));
  }

  /** For a refresh request: what stores its answer, if its key is still the one it was scheduled for. */
  take(key: string): ((response: CachedResponse | null) => void) | undefined {
    const finish = this.scheduled.get(key);
    this.scheduled.delete(key);
    return finish;
  }

  private schedule(
    cache: ResponseCache,
    key: string,
    begin: () => (response: CachedResponse | null) => void,
    refresh: RefreshRequest,
  ): void {
    const urgent = cache.outdated(key);
    const wait = urgent ? OUTDATED_REFRESH_MAX_WAIT_MS : REFRESH_MAX_WAIT_MS;
    const job = { cache, key, begin, refresh, deadline: performance.now() + wait, urgent };
    // Urgent refreshes go after the urgent ones already waiting and before every expiry's.
    const at = urgent ? this.queue.findIndex((j) => !j.urgent) : -1;
    if (at === -1) this.queue.push(job);
    else this.queue.splice(at, 0, job);
    this.queued.add(key);
    if (!this.running) {
      this.running = true;
      setTimeout(this.next, REFRESH_LULL_MS).unref();
    }
  }

  /**
   * Runs the first waiting refresh (outdated answers' first, then oldest first) once the server is quiet
   * (or it has waited its longest), then the next. One at a time: when a lull came after a burst, every
   * refresh waiting for it started at once, and the database's one connection queued each member's
   * session lookup (a cache hit's only statement) behind all of them (stalls of 300 ms in the members'
   * run); one refresh delays a request by at most one statement, since PGlite yields between statements.
   */
  private readonly next = (): void => {
    const oldest = this.queue[0];
    if (!oldest) {
      this.running = false;
      return;
    }
    const now = performance.now();
    if (now - this.lastRequestAt < REFRESH_LULL_MS && now < oldest.deadline) {
      setTimeout(this.next, Math.min(REFRESH_LULL_MS, Math.max(1, oldest.deadline - now))).unref();
      return;
    }
    this.queue.shift();
    const { cache, key, begin, refresh } = oldest;
    this.queued.delete(key);
    // A request computed it meanwhile (its stale answer had passed its bound): nothing left to do.
    if (cache.get(key)) {
      this.next();
      return;
    }
    const finish = begin();
    this.scheduled.set(key, finish);
    this.api
      .inject({
        method: 'GET',
        url: refresh.url,
        headers: { ...refresh.headers, [REFRESH_HEADER]: REFRESH_TOKEN },
      })
      .catch(() => undefined)
      .finally(() => {
        // Normally taken by the refresh request itself; still here if it never reached the hooks
        // or found its key changed (a member's change, a session that ended).
        if (this.scheduled.get(key) === finish) {
          this.scheduled.delete(key);
          finish(null);
        }
        this.next();
      });
  };
}

/** The request that computes a refresh: the URL, and for a member the cookies of their session. */
interface RefreshRequest {
  url: string;
  headers?: Record<string, string>;
}
