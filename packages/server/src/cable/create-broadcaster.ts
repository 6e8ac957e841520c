/**
 * Picks the realtime {@link Broadcaster} from the configuration: Redis pub/sub when REDIS_URL is set
 * (several server processes), otherwise the in-process one (the default, one process).
 * @module
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Broadcaster } from './broadcaster.js';
import { MemoryBroadcaster } from './memory-broadcaster.js';
import { RedisBroadcaster } from './redis-broadcaster.js';

/**
 * The broadcaster `config` asks for.
 *
 * @example
 * ```ts
 * const broadcaster = createBroadcaster(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }), app.log);
 * ```
 */
export function createBroadcaster(
  config: Pick<ServerConfig, 'redisUrl'> & Partial<Pick<ServerConfig, 'redisPrefix'>>,
  logger?: Pick<FastifyBaseLogger, 'warn' | 'error'>,
): Broadcaster {
  if (!config.redisUrl) return new MemoryBroadcaster();
  return new RedisBroadcaster({
    url: config.redisUrl,
    prefix: `${config.redisPrefix ?? 'sportspyder:'}cable:`,
    ...(logger ? { logger } : {}),
  });
}
