/**
 * Bearer authentication with API keys on the API (spec 3 §7 "PRO, billing, API keys"): a request with
 * `Authorization: Bearer <token>` acts as the key's member, for reads only. A state-changing call
 * carrying a key is refused (403) before its handler runs, whatever else it carries; a malformed,
 * unknown or revoked key, or one whose member lost the `api` flag, answers 401. Keys have their own
 * rate limit ({@link API_KEY_RATE_LIMIT} a minute per key, 429 with Retry-After; counted in Redis across
 * processes with REDIS_URL, else per process), on top of the
 * per-address one, and record `lastUsedAt` at most once a minute per key.
 *
 * The hook runs at preValidation: after the per-address rate limit (so a flood of guessed keys is
 * throttled before any lookup) and before every handler, which then sees the member through
 * `currentUserId`. The page cache leaves requests with an Authorization header alone. Other
 * authorization schemes are ignored.
 * @module
 */
import type { ErrorList } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import { actAsMember } from '../http/current-user.js';
import { RATE_LIMITED, sendErrors } from '../http/errors.js';
import type { WindowCounter } from '../http/rate-limit-redis.js';
import { findApiKey, touchApiKey } from './api-key-store.js';

/** Requests a key may make per {@link API_KEY_RATE_WINDOW_MS} (all processes together with REDIS_URL). */
export const API_KEY_RATE_LIMIT = 60;
/** The key rate limit's window. */
export const API_KEY_RATE_WINDOW_MS = 60_000;
/** `lastUsedAt` is written at most this often per key. */
export const LAST_USED_INTERVAL_MS = 60_000;

/** The 401 of a missing, malformed, unknown or revoked key. */
export const API_KEY_INVALID: ErrorList = {
  errors: [{ code: 'invalid_api_key', title: 'This API key is not valid.' }],
};
/** The 403 of a key on a state-changing call. */
export const API_KEY_READ_ONLY: ErrorList = {
  errors: [{ code: 'api_key_read_only', title: 'API keys can only be used to read data.' }],
};

const READS = new Set(['GET', 'HEAD']);
const BEARER = /^Bearer(?: +(\S*))? *$/i;

/**
 * The token of a request's `Authorization: Bearer` header: undefined without one (other schemes, such
 * as a staging site's Basic authentication, are not this module's business), '' when it is empty.
 */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined || !/^bearer(?: |$)/i.test(header)) return undefined;
  return BEARER.exec(header)?.[1] ?? '';
}

/**
 * Whether a request acts through an API key (a bearer token; an invalid one never reaches a handler).
 * Such a request is a read by design: handlers must not hand it a link or token that writes.
 */
export function actsByApiKey(request: { headers: { authorization?: string | undefined } }): boolean {
  return bearerToken(request.headers.authorization) !== undefined;
}

/** Options of {@link registerApiKeyAuth}. */
export interface ApiKeyAuthOptions {
  /** The app's database. */
  db: Database;
  /** The clock (tests). */
  now?: () => Date;
  /**
   * Where the per-key counts live when several processes share them (`sharedWindowCounter`, REDIS_URL);
   * default: this process's memory.
   */
  counter?: WindowCounter;
}

/**
 * Adds bearer-key authentication to the API scope `api` (register it before the routes).
 * @example
 * await app.register(async (api) => { await registerRateLimit(api, config); registerApiKeyAuth(api, { db }); ... });
 */
export function registerApiKeyAuth(api: FastifyInstance, options: ApiKeyAuthOptions): void {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  /** Fixed windows per key: when the window began and the requests in it. */
  const windows = new Map<number, { start: number; count: number }>();
  /** When this process last wrote `last_used_at` per key. */
  const touched = new Map<number, number>();

  const overLimit = async (keyId: number, at: number): Promise<number> => {
    if (options.counter) {
      // Redis unreachable: the key is not limited rather than every keyed read failing.
      const count = await options.counter
        .hit(String(keyId), API_KEY_RATE_WINDOW_MS, API_KEY_RATE_LIMIT)
        .catch(() => undefined);
      return count && count.current > API_KEY_RATE_LIMIT ? Math.max(1, Math.ceil(count.ttl / 1000)) : 0;
    }
    let window = windows.get(keyId);
    if (!window || at - window.start >= API_KEY_RATE_WINDOW_MS) {
      // Old windows go as new ones start, so the map holds only the keys used lately.
      if (windows.size > 10_000) {
        for (const [id, w] of windows) if (at - w.start >= API_KEY_RATE_WINDOW_MS) windows.delete(id);
      }
      window = { start: at, count: 0 };
      windows.set(keyId, window);
    }
    window.count += 1;
    return window.count > API_KEY_RATE_LIMIT
      ? Math.max(1, Math.ceil((window.start + API_KEY_RATE_WINDOW_MS - at) / 1000))
      : 0;
  };

  api.addHook('preValidation', async (request, reply) => {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) return;
    if (!READS.has(request.method)) return sendErrors(reply, 403, API_KEY_READ_ONLY);
    const key = token ? await findApiKey(db, token) : null;
    if (!key) {
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      return sendErrors(reply, 401, API_KEY_INVALID);
    }
    const at = now();
    const retryAfter = await overLimit(key.keyId, at.getTime());
    if (retryAfter > 0) {
      reply.header('retry-after', String(retryAfter));
      return sendErrors(reply, 429, RATE_LIMITED);
    }
    actAsMember(request, key.userId);
    const last = Math.max(touched.get(key.keyId) ?? 0, key.lastUsedAt?.getTime() ?? 0);
    if (at.getTime() - last >= LAST_USED_INTERVAL_MS) {
      touched.set(key.keyId, at.getTime());
      await touchApiKey(db, key.keyId, at, LAST_USED_INTERVAL_MS);
    }
  });
}
