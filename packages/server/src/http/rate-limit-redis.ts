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

/** Prefix of every rate-limit key in Redis. */
export const RATE_LIMIT_KEY_PREFIX = 'sportspyder:rl:';

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * Opens the rate limits' Redis connection.
 *
 * @example
 * ```ts
 * const redis = createRateLimitRedis('redis://127.0.0.1:6379', app.log);
 * ```
 */
export function createRateLimitRedis(url: string, logger?: Logger): Redis {
  const redis = new Redis(url, {
    connectionName: `${RATE_LIMIT_KEY_PREFIX}limits`,
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
  return redis;
}

/** Closes the connection (QUIT when up, dropped otherwise). */
export async function closeRateLimitRedis(redis: Redis): Promise<void> {
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
 * A {@link WindowCounter} in Redis under `sportspyder:rl:<name>:`.
 *
 * @example
 * ```ts
 * const counter = sharedWindowCounter(redis, 'api-key');
 * const { current, ttl } = await counter.hit('42', 60_000, 60);
 * ```
 */
export function sharedWindowCounter(redis: Redis, name: string): WindowCounter {
  const store = new RedisStore(false, false, redis, `${RATE_LIMIT_KEY_PREFIX}${name}:`);
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
