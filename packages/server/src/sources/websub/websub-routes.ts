/**
 * The WebSub callback, `GET` and `POST /websub/callback/:token`: the hubs' verification of intent and
 * their content pushes. Registered by every web process (any of them may receive a hub's call), outside
 * `/api`: hubs send no cookies and no CSRF token; the unguessable token and the pushes' HMAC are the
 * credentials. The body is kept raw (any content type, up to the feed size cap), because the signature
 * covers the exact bytes the hub sent.
 * @module
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { NOT_FOUND, sendErrors } from '../../http/errors.js';
import { DEFAULT_MAX_FEED_BYTES } from '../../ingest/feeds/fetch-feed.js';
import { loadTagIndex } from '../../ingest/pipeline/load-tag-index.js';
import type { TagIndex } from '../../ingest/tagging/build-index.js';
import { receivePush } from './receive-push.js';
import { type IntentQuery, verifyIntent } from './verify-intent.js';
import { CALLBACK_ROUTE } from './websub-callback-url.js';
import { subscriptionByToken } from './websub-store.js';

/** The tag index used for pushes is rebuilt this often (new teams and players are picked up). */
const TAG_INDEX_TTL_MS = 10 * 60 * 1000;

/** Options of {@link webSubRoutes}. */
export interface WebSubRoutesOptions {
  /** The app's database. */
  db: Database;
  /** Called when a push stored new articles (the server empties its page cache). */
  onStored?: () => void;
  /** Largest push body accepted, in bytes (default: the feed size cap, 10 MiB). */
  maxBytes?: number;
  /** The clock (tests). */
  now?: () => Date;
}

/**
 * A pushed body, kept out of sight of the generic input checks: they walk every enumerable property of
 * a body, which for a Buffer is each of its bytes.
 */
class RawBody {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

/**
 * Registers the callback routes.
 * @example
 * await app.register(webSubRoutes, { db, onStored: () => cacheInvalidation.invalidate({ scope: 'all' }) });
 */
export async function webSubRoutes(app: FastifyInstance, opts: WebSubRoutesOptions): Promise<void> {
  const now = opts.now ?? (() => new Date());
  // Atom, RSS, any XML type, JSON Feed, or none at all: this plugin's scope reads every body as bytes.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: opts.maxBytes ?? DEFAULT_MAX_FEED_BYTES },
    (_request, body, done) => done(null, new RawBody(body as Buffer)),
  );

  let tagIndex: { index: Promise<TagIndex>; at: number } | undefined;
  const currentTagIndex = (): Promise<TagIndex> => {
    if (!tagIndex || Date.now() - tagIndex.at > TAG_INDEX_TTL_MS) {
      const index = loadTagIndex(opts.db);
      // A failed load is not kept: the next push tries again.
      index.catch(() => {
        if (tagIndex?.index === index) tagIndex = undefined;
      });
      tagIndex = { index, at: Date.now() };
    }
    return tagIndex.index;
  };

  app.get<{ Params: { token: string }; Querystring: IntentQuery }>(CALLBACK_ROUTE, async (request, reply) => {
    const answer = await verifyIntent(opts.db, request.params.token, request.query ?? {}, now());
    request.log.info(
      { websub: 'verify', mode: request.query?.['hub.mode'], status: answer.status },
      'WebSub verification of intent',
    );
    if (answer.status === 404) return sendErrors(reply, 404, NOT_FOUND);
    return reply
      .code(200)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(answer.body);
  });

  app.post<{ Params: { token: string } }>(CALLBACK_ROUTE, async (request, reply) => {
    const sub = await subscriptionByToken(opts.db, request.params.token);
    if (!sub) return sendErrors(reply, 404, NOT_FOUND);
    // A hub still pushing to a subscription we gave up is told it is gone.
    if (sub.state === 'unsubscribed') return sendErrors(reply, 410, NOT_FOUND);
    const body = request.body instanceof RawBody ? request.body.bytes : Buffer.alloc(0);
    const signature = request.headers['x-hub-signature'];
    const outcome = await receivePush(
      opts.db,
      sub,
      body,
      typeof signature === 'string' ? signature : undefined,
      request.headers['content-type'],
      { tagIndex: await currentTagIndex(), now: now() },
    );
    request.log.info({ websub: 'push', sourceId: sub.sourceId, outcome }, 'WebSub push');
    if (outcome.kind === 'ingested' && outcome.inserted > 0) opts.onStored?.();
    // 2xx whatever became of it (W3C WebSub §8): a rejected push must not be retried by the hub.
    return reply.code(202).send();
  });
}
