/**
 * What the page cache's two sides, visitors' (`public-cache.ts`) and members' (`member-cache.ts`), do
 * alike once a request has been looked up: answer it from the cache, or remember the function that
 * stores what the route computes, call it when the answer is sent, and release it if the request ends
 * without sending (so the requests waiting on the same key are not left hanging). One place, so both
 * caches store the same thing and mark it the same way in `x-cache`.
 *
 * Both also answer the same way, hit or miss ({@link cachedPayload}): the entity tag, `304 Not Modified`
 * when the client's `If-None-Match` names it, and the body compressed for a client that accepts br or
 * gzip, from the copy kept with the cache entry (compressed once per entry and encoding).
 *
 * Entity tags: one hash of the uncompressed body, computed when the answer is stored. It is sent strong
 * (`"…"`) with the uncompressed body and weak (`W/"…"`) with a compressed one, as nginx does: a strong tag
 * promises the same bytes, which the br and gzip copies are not, while a weak one promises the same
 * content, which they are. `If-None-Match` compares weakly (RFC 9110 §13.1.2), so a client holding any
 * copy gets its 304; `Vary: Accept-Encoding` keeps shared caches from mixing the copies up.
 * @module
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ifNoneMatchMatches, MIN_COMPRESS_BYTES, negotiateEncoding, varyOnEncoding } from './compression.js';
import { type CachedResponse, cachedResponse, type ResponseCache } from './response-cache.js';

/** Stores (a response) or gives up (`null`) on the key a request is computing. */
export type FinishAnswer = (response: CachedResponse | null) => void;

/**
 * Sets the headers of a cached answer on `reply` and returns the payload to send: the body as is or
 * compressed (then with `Content-Encoding`), or null with status 304 when the client already holds it.
 * Compression follows the cache's option (`COMPRESSION=off` sends bodies as they are).
 */
export function cachedPayload(
  reply: FastifyReply,
  cache: ResponseCache,
  answer: CachedResponse,
): Buffer | null {
  const { headers } = reply.request;
  const compressible = cache.compression && answer.body.length >= MIN_COMPRESS_BYTES;
  const encoding = compressible ? negotiateEncoding(headers['accept-encoding']) : undefined;
  if (compressible) varyOnEncoding(reply);
  reply.header('etag', encoding ? `W/${answer.etag}` : answer.etag);
  if (ifNoneMatchMatches(headers['if-none-match'], answer.etag)) {
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return null;
  }
  if (!encoding) return answer.body;
  reply.header('content-encoding', encoding);
  return cache.encoded(answer, encoding);
}

/** Answers a request from the cache, saying which kind of answer it is in `x-cache`. */
export function sendCached(
  reply: FastifyReply,
  cache: ResponseCache,
  hit: CachedResponse,
  state: 'hit' | 'stale',
): FastifyReply {
  reply.header('content-type', hit.contentType).header('x-cache', state);
  return reply.send(cachedPayload(reply, cache, hit));
}

/**
 * The requests of one cache side that are computing an answer to store.
 *
 * @example
 * ```ts
 * const pending = new PendingAnswers(cache);
 * api.addHook('onRequest', async (request) => pending.hold(request, cache.begin(key)));
 * api.addHook('onSend', async (request, reply, payload) => pending.store(request, reply, payload));
 * api.addHook('onResponse', async (request) => pending.release(request));
 * ```
 */
export class PendingAnswers {
  private readonly finishers = new WeakMap<FastifyRequest, FinishAnswer>();

  /** `cache`: the cache the answers go to (its compressed copies are what a miss sends too). */
  constructor(private readonly cache: ResponseCache) {}

  /** Remembers that `request` computes the answer `finish` stores. */
  hold(request: FastifyRequest, finish: FinishAnswer): void {
    this.finishers.set(request, finish);
  }

  /**
   * In `onSend`: stores the answer if it is a 200 with a text body (anything else stores nothing and
   * lets the next request compute), marks it `x-cache: miss`, and sends it as a hit would be sent
   * ({@link cachedPayload}: tag, 304, the compressed copy, which stays with the entry); anything else is
   * handed on unchanged.
   */
  store<T>(request: FastifyRequest, reply: FastifyReply, payload: T): T | Buffer | null {
    const finish = this.finishers.get(request);
    if (!finish) return payload;
    this.finishers.delete(request);
    reply.header('x-cache', 'miss');
    if (reply.statusCode !== 200 || typeof payload !== 'string') {
      finish(null);
      return payload;
    }
    const answer = cachedResponse(Buffer.from(payload), String(reply.getHeader('content-type') ?? ''));
    finish(answer);
    return cachedPayload(reply, this.cache, answer);
  }

  /** In `onResponse`: a request that ended without `onSend` (aborted, failed while sending) gives up. */
  release(request: FastifyRequest): void {
    const finish = this.finishers.get(request);
    if (!finish) return;
    this.finishers.delete(request);
    finish(null);
  }
}
