/**
 * Rate limits shared by every server process (REDIS_URL): one Redis connection per process that
 * @fastify/rate-limit's Redis store counts on (the per-address limit and the stricter per-route ones,
 * `registerRateLimit`) and the API keys' per-key limit too ({@link sharedWindowCounter}), so a client
 * spreading its requests over N processes is held to one limit, not N.
 *
 * A Redis outage must not turn every request into an error: the connection does not queue commands
 * while it is down (they fail at once) and the limits then let requests through (`skipOnError`),
 * which is logged; each process still has its own sign-in per-account limit in the database.
 * @module
 */
import { createRequire } from 'node:module';
import { Redis } from 'ioredis';

interface Logger {
  warn(obj: object, msg: string): void;
}

/** The rate limits' Redis connection and the prefix of their keys (`<REDIS_PREFIX>rl:`). */
export interface RateLimitRedis {
  /** The connection. */
  client: Redis;
  /** Prefix of every rate-limit key, e.g. `sportspyder:rl:`. */
  keyPrefix: string;
}

/**
 * Opens the rate limits' Redis connection; keys go under `<prefix>rl:`.
 *
 * @example
 * ```ts
 * const limits = createRateLimitRedis('redis://127.0.0.1:6379', 'sportspyder:', app.log);
 * ```
 */
export function createRateLimitRedis(url: string, prefix: string, logger?: Logger): RateLimitRedis {
  const keyPrefix = `${prefix}rl:`;
  const redis = new Redis(url, {
    connectionName: `${keyPrefix}limits`,
    // Fail at once while disconnected (the limits then let the request through) instead of holding it.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
  });
  let warned = false;
  redis.on('error', (error: Error) => {
    // One line per outage, not one per request.
    if (!warned) logger?.warn({ err: error }, 'rate limits: Redis unreachable, limits not enforced');
    warned = true;
  });
  redis.on('ready', () => {
    warned = false;
  });
  return { client: redis, keyPrefix };
}

/**
 * Resolves once the connection is ready, or after `timeoutMs` (Redis unreachable: the limits let requests
 * through until it comes back). The app waits for it before serving, since a command sent before the
 * connection is up fails at once (no offline queue) and would not be counted.
 */
export async function rateLimitRedisReady({ client }: RateLimitRedis, timeoutMs = 2000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (client.status !== 'ready') {
    if (Date.now() > deadline || client.status === 'end') return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

/** Closes the connection (QUIT when up, dropped otherwise). */
export async function closeRateLimitRedis({ client: redis }: RateLimitRedis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}

/** The count of one key's current window and the ms until it ends. */
export interface WindowCount {
  /** Hits in the window, this one included. */
  current: number;
  /** Ms until the window ends. */
  ttl: number;
}

/** Counts hits per key in fixed windows that start at a key's first hit. */
export interface WindowCounter {
  /** Counts one hit of `key` in a window of `windowMs`. */
  hit(key: string, windowMs: number, max: number): Promise<WindowCount>;
}

type StoreIncr = (
  key: string,
  cb: (error: Error | null, result: WindowCount | null) => void,
  timeWindow: number,
  max: number,
) => void;

// The Redis store of @fastify/rate-limit (its INCR/PEXPIRE script), reused for the API keys so both
// limits count the same way; the package exports it only by path.
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => { incr: StoreIncr };

/**
 * A {@link WindowCounter} in Redis under `<REDIS_PREFIX>rl:<name>:`.
 *
 * @example
 * ```ts
 * const counter = sharedWindowCounter(limits, 'api-key');
 * const { current, ttl } = await counter.hit('42', 60_000, 60);
 * ```
 */
export function sharedWindowCounter(limits: RateLimitRedis, name: string): WindowCounter {
  const store = new RedisStore(false, false, limits.client, `${limits.keyPrefix}${name}:`);
  return {
    hit: (key, windowMs, max) =>
      new Promise((resolve, reject) =>
        store.incr(
          key,
          (error, result) => (error || !result ? reject(error) : resolve(result)),
          windowMs,
          max,
        ),
      ),
  };
}
