/**
 * An in-memory cache of serialized API answers, bounded in bytes (least recently used entries go
 * first), with a time to live, whole-cache invalidation, and single flight: while one request computes
 * an answer, the same request arriving meanwhile waits for it instead of querying the database again.
 *
 * Stale while revalidate: for one more time to live after it expires, an answer may still be served
 * while one request computes its replacement ({@link ResponseCache.getStale}). Without it, every expiry
 * of a busy page made all the requests arriving during the recomputation wait for it (PGlite runs its
 * queries on the server's own thread), which showed in the p99 at 1,000 requests a second.
 * Invalidation drops answers at once: after a change made through the API nobody gets the old page.
 *
 * New content stored by ingestion marks answers outdated instead ({@link ResponseCache.markStale}): an
 * outdated answer is served, like an expired one, while one request computes its replacement, for at
 * most {@link OUTDATED_SERVE_MS} after the first store that outdated it. Dropping them made the next
 * visitor of every page compute it from the database, which on PGlite meant waiting for the ingest's
 * write transaction (up to half a second in the catalogue replay's first round) a few times a second.
 *
 * Why whole-cache invalidation: a new article lands in many feeds at once (sport, teams, players,
 * topics, source, top stories), and working out which cached pages it touches costs more than
 * recomputing the hot pages once; at 10,000 articles a day the cache is flushed every few seconds at
 * most, which still turns a thousand requests a second into a handful of queries.
 * @module
 */

import { compressBody, type Encoding, entityTag } from './compression.js';

/**
 * The longest an answer is served after new content that it does not show was stored (see
 * {@link ResponseCache.markStale}): the product's push-to-page target (a WebSub push on its team's page
 * within 2 s, docs/benchmarks.md). Past it, a request computes the page itself, as after an invalidation.
 */
export const OUTDATED_SERVE_MS = 2_000;

/** One cached answer. */
export interface CachedResponse {
  /**
   * The serialized body, encoded once: a string would be encoded to UTF-8 again on every hit, and those
   * throwaway buffers were most of the garbage (and the collections) at 1,000 requests a second.
   */
  body: Buffer;
  /** Its content type. */
  contentType: string;
  /** The strong entity tag of `body` (`compression.ts`, `entityTag`), computed once when stored. */
  etag: string;
  /**
   * The body compressed with each encoding asked for so far (see {@link ResponseCache.encoded}): each is
   * computed once, by the first request that wants it, and then sent as is.
   */
  encoded: Partial<Record<Encoding, Buffer>>;
}

/** A cacheable answer of `body`: its entity tag computed, no compressed copy yet. */
export function cachedResponse(body: Buffer, contentType: string): CachedResponse {
  return { body, contentType, etag: entityTag(body), encoded: {} };
}

interface Entry {
  key: string;
  /** The answer itself (never a copy: its compressed bodies are added to it on demand). */
  response: CachedResponse;
  at: number;
  /** This answer's time to live, in ms (the cache's, or a share of it: see `begin`). */
  ttl: number;
  generation: number;
  bytes: number;
  /** When new content this answer does not show was first stored (see `markStale`); unset while current. */
  outdatedAt?: number;
}

/** Options of {@link ResponseCache}. */
export interface ResponseCacheOptions {
  /** How long an answer may be served, in ms (0 disables the cache). */
  ttlMs: number;
  /** The most bytes of bodies kept. */
  maxBytes: number;
  /** The clock (tests). */
  now?: () => number;
  /** Whether answers are sent compressed to the clients that accept it (default true; `COMPRESSION`). */
  compression?: boolean;
}

/**
 * The cache. Keys are request URLs (path and query).
 *
 * @example
 * ```ts
 * const cache = new ResponseCache({ ttlMs: 30_000, maxBytes: 32 * 1024 * 1024 });
 * const hit = cache.get('/api/v1/sports/nfl/articles');
 * cache.invalidateAll(); // after ingestion stored new articles
 * ```
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  /** The entry each stored answer is held by (its compressed copies are added to that entry's bytes). */
  private readonly holders = new WeakMap<CachedResponse, Entry>();
  private readonly pending = new Map<
    string,
    { generation: number; promise: Promise<CachedResponse | null>; outdatedAt?: number }
  >();
  private bytes = 0;
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: ResponseCacheOptions) {
    // Read through Date.now at each call (not a captured reference), so a test can move the clock.
    this.now = options.now ?? (() => Date.now());
  }

  /** Whether the cache keeps anything at all. */
  get enabled(): boolean {
    return this.options.ttlMs > 0 && this.options.maxBytes > 0;
  }

  /** Whether answers are sent compressed to the clients that accept it (`cache-answers.ts`). */
  get compression(): boolean {
    return this.options.compression ?? true;
  }

  /** Bytes of bodies (and their compressed copies) held. */
  get size(): number {
    return this.bytes;
  }

  /** The fresh answer of `key`, or undefined. */
  get(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.servable(entry)) {
      this.remove(key, entry);
      return undefined;
    }
    if (this.age(entry.at) >= entry.ttl || entry.outdatedAt !== undefined) return undefined;
    // Re-inserting moves the key to the end of the Map's order: the front is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.response;
  }

  /**
   * The expired or outdated answer of `key` that may still be served while a replacement is computed:
   * expired less than one time to live ago, or outdated by new content less than
   * {@link OUTDATED_SERVE_MS} ago (and neither past those bounds), and not invalidated since.
   * Undefined otherwise (and for a fresh answer: {@link get}).
   */
  getStale(key: string): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry || !this.servable(entry)) return undefined;
    const expired = this.age(entry.at) >= entry.ttl;
    return expired || entry.outdatedAt !== undefined ? entry.response : undefined;
  }

  /**
   * Whether `key`'s answer is servable only because new content was stored since it was computed (its
   * refresh is urgent: `background-refresh.ts` starts it sooner than an expiry's).
   */
  outdated(key: string): boolean {
    return this.entries.get(key)?.outdatedAt !== undefined;
  }

  /** Whether an entry may be served at all, fresh or stale. */
  private servable(entry: Entry): boolean {
    return (
      entry.generation === this.generation &&
      this.age(entry.at) < entry.ttl * 2 &&
      (entry.outdatedAt === undefined || this.age(entry.outdatedAt) < OUTDATED_SERVE_MS)
    );
  }

  /**
   * How long ago `time` was, in ms; infinitely long when it is in the future. The clock is the wall
   * clock (tests move it), which can be set back (an NTP step, the browser tests' shifted clock): an
   * answer stored or outdated "later" than now would otherwise count as fresh for as long as the clock
   * moved, hours of an old page after new content was stored.
   */
  private age(time: number): number {
    const age = this.now() - time;
    return age < 0 ? Number.POSITIVE_INFINITY : age;
  }

  /**
   * `response`'s body compressed with `encoding`: compressed on the first call and kept with the answer,
   * so every later hit sends the same bytes without compressing. When the answer is still held by the
   * cache, its compressed copy counts against the byte budget like the body.
   */
  encoded(response: CachedResponse, encoding: Encoding): Buffer {
    const done = response.encoded[encoding];
    if (done) return done;
    const compressed = compressBody(response.body, encoding);
    response.encoded[encoding] = compressed;
    const entry = this.holders.get(response);
    if (entry && this.entries.get(entry.key) === entry) {
      entry.bytes += compressed.length;
      this.bytes += compressed.length;
      this.evictOverBudget();
    }
    return compressed;
  }

  /**
   * The answer another request is computing for `key` right now, if any (resolves to null when that
   * request did not produce a cacheable answer).
   */
  inFlight(key: string): Promise<CachedResponse | null> | undefined {
    const found = this.pending.get(key);
    return found && found.generation === this.generation ? found.promise : undefined;
  }

  /**
   * Marks `key` as being computed; call the returned function with the answer (or null) when done.
   * Answers computed across an invalidation are not stored: they may predate the new data. One computed
   * across a {@link markStale} is stored outdated since that mark (it may not show the new content).
   * `ttlShare` (0 to 1] keeps the answer for that share of the time to live (see `set`).
   */
  begin(key: string, ttlShare = 1): (response: CachedResponse | null) => void {
    const generation = this.generation;
    let resolve!: (value: CachedResponse | null) => void;
    const promise = new Promise<CachedResponse | null>((r) => {
      resolve = r;
    });
    const record: { generation: number; promise: Promise<CachedResponse | null>; outdatedAt?: number } = {
      generation,
      promise,
    };
    this.pending.set(key, record);
    return (response) => {
      if (this.pending.get(key)?.promise === promise) this.pending.delete(key);
      if (response && generation === this.generation) {
        this.set(key, response, ttlShare);
        const stored = this.entries.get(key);
        if (record.outdatedAt !== undefined && stored?.response === response)
          stored.outdatedAt = record.outdatedAt;
      }
      resolve(response);
    };
  }

  /**
   * Stores an answer, for `ttlShare` of the time to live (default all of it): answers computed together
   * and never served stale (members') are given different shares so they do not all expire at once.
   */
  set(key: string, response: CachedResponse, ttlShare = 1): void {
    if (!this.enabled) return;
    const bytes =
      response.body.length +
      key.length * 2 +
      Object.values(response.encoded).reduce((sum, b) => sum + (b?.length ?? 0), 0);
    // One answer larger than an eighth of the budget would evict too much to be worth keeping.
    if (bytes > this.options.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    const ttl = this.options.ttlMs * Math.min(1, Math.max(0, ttlShare));
    const entry: Entry = { key, response, at: this.now(), ttl, generation: this.generation, bytes };
    this.entries.set(key, entry);
    this.holders.set(response, entry);
    this.bytes += bytes;
    this.evictOverBudget();
  }

  /** Drops the least recently used answers until the bytes held fit the budget. */
  private evictOverBudget(): void {
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.remove(oldest, entry);
    }
  }

  /**
   * New content was stored: every answer is kept, but from now on served only while its replacement is
   * computed, and for at most {@link OUTDATED_SERVE_MS} (answers being computed now are stored so too).
   * Nobody waits for the database because a feed was stored, and nobody gets a page more than that
   * bound behind the stores.
   */
  markStale(): void {
    const now = this.now();
    for (const entry of this.entries.values()) entry.outdatedAt ??= now;
    for (const record of this.pending.values()) record.outdatedAt ??= now;
  }

  /** Forgets every answer (a change made through the API). */
  invalidateAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.pending.clear();
    this.bytes = 0;
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
