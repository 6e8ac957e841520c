/**
 * What the page cache's two sides, visitors' (`public-cache.ts`) and members' (`member-cache.ts`), do
 * alike once a request has been looked up: answer it from the cache, or remember the function that
 * stores what the route computes, call it when the answer is sent, and release it if the request ends
 * without sending (so the requests waiting on the same key are not left hanging). One place, so both
 * caches store the same thing and mark it the same way in `x-cache`.
 * @module
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedResponse } from './response-cache.js';

/** Stores (a response) or gives up (`null`) on the key a request is computing. */
export type FinishAnswer = (response: CachedResponse | null) => void;

/** Answers a request from the cache, saying which kind of answer it is in `x-cache`. */
export function sendCached(reply: FastifyReply, hit: CachedResponse, state: 'hit' | 'stale'): FastifyReply {
  return reply.header('content-type', hit.contentType).header('x-cache', state).send(hit.body);
}

/**
 * The requests of one cache side that are computing an answer to store.
 *
 * @example
 * ```ts
 * const pending = new PendingAnswers();
 * api.addHook('onRequest', async (request) => pending.hold(request, cache.begin(key)));
 * api.addHook('onSend', async (request, reply, payload) => pending.store(request, reply, payload));
 * api.addHook('onResponse', async (request) => pending.release(request));
 * ```
 */
export class PendingAnswers {
  private readonly finishers = new WeakMap<FastifyRequest, FinishAnswer>();

  /** Remembers that `request` computes the answer `finish` stores. */
  hold(request: FastifyRequest, finish: FinishAnswer): void {
    this.finishers.set(request, finish);
  }

  /**
   * In `onSend`: stores the answer if it is a 200 with a text body (anything else stores nothing and
   * lets the next request compute), marks it `x-cache: miss`, and hands the payload on unchanged.
   */
  store<T>(request: FastifyRequest, reply: FastifyReply, payload: T): T {
    const finish = this.finishers.get(request);
    if (!finish) return payload;
    this.finishers.delete(request);
    const contentType = String(reply.getHeader('content-type') ?? '');
    const cacheable = reply.statusCode === 200 && typeof payload === 'string';
    finish(cacheable ? { body: Buffer.from(payload), contentType } : null);
    reply.header('x-cache', 'miss');
    return payload;
  }

  /** In `onResponse`: a request that ended without `onSend` (aborted, failed while sending) gives up. */
  release(request: FastifyRequest): void {
    const finish = this.finishers.get(request);
    if (!finish) return;
    this.finishers.delete(request);
    finish(null);
  }
}
