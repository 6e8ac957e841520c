/**
 * The origin absolute URLs are built on, and the in-memory cache of rendered heads and sitemaps
 * (`http/response-cache.ts`: bounded, single flight, served stale for one more time to live while one
 * request recomputes).
 * @module
 */
import type { FastifyRequest } from 'fastify';
import { listeningOrigin, type ServerConfig } from '../config.js';
import type { CachedResponse, ResponseCache } from '../http/response-cache.js';

const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * PUBLIC_ORIGIN when it is set; otherwise (the default, the address the server listens on) the
 * request's own origin, when its Host is a plain host name: behind a proxy without PUBLIC_ORIGIN the
 * links then name the address the crawler used. Cached answers are keyed by this origin.
 */
export function siteOrigin(config: ServerConfig, request: FastifyRequest): string {
  const configured = config.publicOrigin;
  if (configured && configured !== listeningOrigin(config.host, config.port)) return configured;
  const host = request.host;
  const protocol = request.protocol === 'https' ? 'https' : 'http';
  return host && HOST.test(host) ? `${protocol}://${host.toLowerCase()}` : configured;
}

/**
 * The cached answer of `key`, or `compute()`'s, stored: a fresh answer; else a stale one (recomputed
 * behind it, once); else the answer another request is computing; else a new computation.
 */
export async function cachedAnswer(
  cache: ResponseCache,
  key: string,
  compute: () => Promise<CachedResponse>,
  ttlShare = 1,
): Promise<CachedResponse> {
  const fresh = cache.get(key);
  if (fresh) return fresh;
  const stale = cache.getStale(key);
  const pending = cache.inFlight(key);
  if (stale && pending) return stale;
  if (pending) {
    const answer = await pending;
    if (answer) return answer;
  }
  const done = cache.begin(key, ttlShare);
  const work = compute().then(
    (answer) => {
      done(answer);
      return answer;
    },
    (error: unknown) => {
      done(null);
      throw error;
    },
  );
  if (stale) {
    work.catch(() => {});
    return stale;
  }
  return work;
}
