/**
 * The one way cached answers are invalidated, in this process and in every other one: a small bus
 * over the realtime {@link Broadcaster}. `invalidate()` runs this process's listeners at once (the
 * request that followed a team reads its own change) and publishes the event on the
 * {@link CACHE_INVALIDATION_STREAM} stream; the other processes' buses hear it and run theirs. With the
 * in-process broadcaster (no REDIS_URL) nobody else listens; with the Redis broadcaster every web
 * process and `npm run worker` share it, so a feed stored by a worker or a follow on one process empties
 * the pages of all of them within milliseconds.
 *
 * Every cache that must forget (the visitors' page cache, a per-member cache) subscribes here, and
 * every writer that makes a cached answer stale calls `invalidate()`: no cache is emptied any other way.
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { Broadcaster } from '../cable/broadcaster.js';

/** The broadcaster stream the invalidations travel on (no cable channel streams from it). */
export const CACHE_INVALIDATION_STREAM = 'internal:cache_invalidation';

/**
 * What became stale: every cached answer (new content, a change seen by visitors), or only the
 * answers computed for one member (their follows, hides or order changed). `serveStale` (ingestion
 * stored new content; nobody is waiting to read their own change) keeps every answer to be served while
 * it is computed again, for at most `OUTDATED_SERVE_MS` (`ResponseCache.markStale`), instead of dropping
 * them; a process that does not know the field drops them, which is only slower.
 */
export type CacheInvalidation = { scope: 'all'; serveStale?: boolean } | { scope: 'member'; userId: number };

/** Told of each invalidation, from this process or another. */
export type CacheInvalidationListener = (event: CacheInvalidation) => void;

/** Where problems of the shared channel are reported. */
interface BusLogger {
  warn(obj: object, msg: string): void;
}

/** The event as it travels, with the publishing bus's id so it does not run its listeners twice. */
interface Wire {
  origin: string;
  scope: string;
  userId?: number;
  serveStale?: boolean;
}

function eventOf(wire: Record<string, unknown>): CacheInvalidation | undefined {
  if (wire.scope === 'all')
    return wire.serveStale === true ? { scope: 'all', serveStale: true } : { scope: 'all' };
  if (wire.scope === 'member' && typeof wire.userId === 'number')
    return { scope: 'member', userId: wire.userId };
  return undefined;
}

/**
 * The bus of one process.
 *
 * @example
 * ```ts
 * const bus = new CacheInvalidationBus(broadcaster);
 * bus.subscribe((event) => { if (event.scope === 'all') cache.invalidateAll(); });
 * bus.invalidate({ scope: 'all' }); // after a change visitors see
 * bus.invalidate({ scope: 'all', serveStale: true }); // after ingestion stored new articles
 * ```
 */
export class CacheInvalidationBus {
  private readonly listeners = new Set<CacheInvalidationListener>();
  private readonly origin = randomBytes(8).toString('hex');
  private readonly stopListening: () => void;

  constructor(
    private readonly broadcaster: Pick<Broadcaster, 'publish' | 'subscribe'>,
    private readonly logger?: BusLogger,
  ) {
    this.stopListening = broadcaster.subscribe(CACHE_INVALIDATION_STREAM, (message) => {
      if (message.origin === this.origin) return;
      const event = eventOf(message);
      if (event) this.run(event);
    });
  }

  /** Calls `listener` for every invalidation; answers the function that stops it. */
  subscribe(listener: CacheInvalidationListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Invalidates here at once and tells the other processes. Never throws: a Redis outage leaves the
   * other processes' answers to their time to live (RESPONSE_CACHE_TTL_MS), which is logged.
   */
  invalidate(event: CacheInvalidation): void {
    this.run(event);
    const wire: Wire = { origin: this.origin, ...event };
    this.broadcaster
      .publish(CACHE_INVALIDATION_STREAM, { ...wire })
      .catch((error: unknown) =>
        this.logger?.warn({ err: error, scope: event.scope }, 'cache invalidation not shared'),
      );
  }

  /** Stops hearing the other processes (the broadcaster itself is closed by its owner). */
  close(): void {
    this.stopListening();
    this.listeners.clear();
  }

  private run(event: CacheInvalidation): void {
    for (const listener of [...this.listeners]) listener(event);
  }
}
