/**
 * Content distribution (W3C WebSub §7–8): the hub POSTs the topic's new content to the callback, signed
 * with `X-Hub-Signature`. A push without a valid signature is counted and ignored; a valid one is ingested
 * at once through the same pipeline as a poll (`ingestSource`: parse, tag, cluster, store, the source's
 * fetch state), by handing it a one-shot fetcher that answers with the pushed body, so nothing of the
 * pipeline is repeated here.
 * @module
 */
import type { Database } from '../../db/database.js';
import type { FeedFetcher } from '../../ingest/pipeline/feed-fetcher.js';
import { ingestSource } from '../../ingest/pipeline/ingest-source.js';
import { loadSource, type SourceRow } from '../../ingest/pipeline/source-row.js';
import type { TagIndex } from '../../ingest/tagging/build-index.js';
import { verifyHubSignature } from './websub-signature.js';
import { countPush, type WebSubSubscription } from './websub-store.js';

/** What became of a push. */
export type PushOutcome =
  | { kind: 'ingested'; inserted: number }
  | { kind: 'rejected'; reason: 'missing' | 'unknown-algorithm' | 'mismatch' }
  | { kind: 'ignored'; reason: string };

/** Options of {@link receivePush}. */
export interface ReceivePushOptions {
  /** The tagging index. */
  tagIndex: TagIndex;
  /** The clock. */
  now?: Date;
}

/**
 * A fetcher that reads `body` for the source's own URL, once, without a network: relative links of the
 * pushed feed resolve against the feed's URL, and the source's stored validators are echoed so its next
 * poll stays conditional.
 */
export function pushedFeedFetcher(
  source: SourceRow,
  body: Buffer,
  contentType: string | undefined,
): FeedFetcher {
  const headers: Record<string, string> = { 'content-type': contentType ?? 'application/xml' };
  if (source.etag) headers.etag = source.etag;
  if (source.lastModified) headers['last-modified'] = source.lastModified;
  const answer = (async () => new Response(new Uint8Array(body), { status: 200, headers })) as typeof fetch;
  return {
    resolve: (feedUrl) =>
      /^https?:\/\//i.test(feedUrl) ? { url: feedUrl, options: { fetch: answer }, local: true } : null,
  };
}

/**
 * Checks and ingests one push for `sub`; never throws for a bad push (the hub is answered 2xx anyway).
 * @example
 * const outcome = await receivePush(db, sub, rawBody, headers['x-hub-signature'], contentType, { tagIndex });
 */
export async function receivePush(
  db: Database,
  sub: WebSubSubscription,
  body: Buffer,
  signature: string | undefined,
  contentType: string | undefined,
  options: ReceivePushOptions,
): Promise<PushOutcome> {
  const now = options.now ?? new Date();
  const check = verifyHubSignature(body, signature, sub.secret);
  if (check !== 'valid') {
    await countPush(db, sub.id, false, now);
    return { kind: 'rejected', reason: check };
  }
  const source = sub.sourceId === null ? null : await loadSource(db, sub.sourceId);
  if (!source?.enabled) return { kind: 'ignored', reason: 'source disabled' };
  await countPush(db, sub.id, true, now);
  const result = await ingestSource(db, source, {
    fetcher: pushedFeedFetcher(source, body, contentType),
    tagIndex: options.tagIndex,
    now,
  });
  if (result.status === 'error') return { kind: 'ignored', reason: result.error?.message ?? 'not stored' };
  return { kind: 'ingested', inserted: result.counts.inserted };
}
