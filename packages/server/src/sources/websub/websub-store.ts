/**
 * The `websub_subscriptions` table (migration 0024): one WebSub subscription per source whose feed names
 * a hub. The ingest pipeline queues one here ({@link queueWebSubSubscription}), the renewal job sends the
 * subscribe requests ({@link dueSubscriptions}, {@link noteRequestSent}, {@link noteRequestFailed}), the
 * callback verifies intents and counts pushes, and the admin page reads {@link websubBySource}.
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { AdminWebSub } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';

/** The states of a subscription (see the migration). */
export type WebSubState = 'pending' | 'active' | 'failed' | 'unsubscribed';

/** One subscription row. */
export interface WebSubSubscription {
  id: number;
  /** Null once the source is deleted (its unsubscription is still to send). */
  sourceId: number | null;
  hub: string;
  topic: string;
  callbackToken: string;
  secret: string;
  state: WebSubState;
  leaseSeconds: number | null;
  leaseExpiresAt: Date | null;
  requestedAt: Date | null;
  verifiedAt: Date | null;
  nextAttemptAt: Date;
  attempts: number;
  lastError: string | null;
  pushes: number;
  rejectedPushes: number;
}

/** The lease asked of hubs: 10 days (hubs may grant another). */
export const DEFAULT_LEASE_SECONDS = 10 * 24 * 3600;
/** A subscription is renewed this long before its lease ends (half the lease when that is shorter). */
export const RENEW_BEFORE_MS = 24 * 3600 * 1000;
/** A subscribe request the hub has not verified after this long is sent again. */
export const VERIFY_WAIT_MS = 3600 * 1000;
/** The longest wait between two tries of a failing subscription. */
export const MAX_BACKOFF_MS = 24 * 3600 * 1000;

/** The columns of a row, of the table aliased `w`. */
const COLUMNS = `w.id, w.source_id AS "sourceId", w.hub, w.topic, w.callback_token AS "callbackToken", w.secret,
  w.state, w.lease_seconds AS "leaseSeconds", w.lease_expires_at AS "leaseExpiresAt",
  w.requested_at AS "requestedAt", w.verified_at AS "verifiedAt", w.next_attempt_at AS "nextAttemptAt",
  w.attempts, w.last_error AS "lastError", w.pushes, w.rejected_pushes AS "rejectedPushes"`;

function toRow(row: WebSubSubscription): WebSubSubscription {
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    ...row,
    id: Number(row.id),
    sourceId: row.sourceId === null ? null : Number(row.sourceId),
    leaseExpiresAt: date(row.leaseExpiresAt),
    requestedAt: date(row.requestedAt),
    verifiedAt: date(row.verifiedAt),
    nextAttemptAt: new Date(row.nextAttemptAt),
  };
}

/** A fresh 128-bit-or-more random token, URL-safe. */
function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/** A feed's WebSub links: the hub to subscribe at and the topic URL (the feed's `self`). */
export interface WebSubLinks {
  hub: string;
  topic: string;
}

/**
 * Asks for a subscription of `sourceId` at `links.hub` unless one for the same hub and topic is live or
 * on its way: inserts a pending row due now, or, when the feed moved to another hub or topic (or the
 * subscription had been given up), starts that row over with a new callback URL and secret. Answers true
 * when a subscribe request is now due (the renewal job sends it).
 * @example
 * if (await queueWebSubSubscription(db, source.id, { hub, topic })) wakeWebSubJob();
 */
export async function queueWebSubSubscription(
  db: Queryable,
  sourceId: number,
  links: WebSubLinks,
  now: Date = new Date(),
): Promise<boolean> {
  const { rows } = await db.query(
    `INSERT INTO websub_subscriptions (source_id, hub, topic, callback_token, secret, next_attempt_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (source_id) DO UPDATE SET
       hub = EXCLUDED.hub, topic = EXCLUDED.topic, callback_token = EXCLUDED.callback_token,
       secret = EXCLUDED.secret, state = 'pending', lease_seconds = NULL, lease_expires_at = NULL,
       requested_at = NULL, verified_at = NULL, next_attempt_at = EXCLUDED.next_attempt_at, attempts = 0,
       last_error = NULL, updated_at = now()
     WHERE websub_subscriptions.hub <> EXCLUDED.hub OR websub_subscriptions.topic <> EXCLUDED.topic
        OR websub_subscriptions.state = 'unsubscribed'
     RETURNING id`,
    [sourceId, links.hub, links.topic, randomToken(16), randomToken(32), now],
  );
  return rows.length > 0;
}

/**
 * The subscriptions whose subscribe request is due (new, to renew, to retry), of sources still fetched.
 * @example
 * for (const sub of await dueSubscriptions(db, new Date(), 20)) await subscribe(sub);
 */
export async function dueSubscriptions(
  db: Queryable,
  now: Date,
  limit: number,
): Promise<WebSubSubscription[]> {
  const { rows } = await db.query<WebSubSubscription>(
    `SELECT ${COLUMNS} FROM websub_subscriptions w
       JOIN sources s ON s.id = w.source_id
      WHERE w.state <> 'unsubscribed' AND w.next_attempt_at <= $1 AND s.enabled AND s.removed_at IS NULL
      ORDER BY w.next_attempt_at LIMIT $2`,
    [now, limit],
  );
  return rows.map(toRow);
}

/**
 * The subscriptions the hub should stop pushing: live or on their way (`pending`, `active`) for a source
 * that is disabled, removed or deleted. Each is asked for once ({@link noteUnsubscribed} first): should
 * the hub not hear it, the lease simply runs out.
 * @example
 * for (const sub of await dueUnsubscriptions(db, 20)) await unsubscribe(sub);
 */
export async function dueUnsubscriptions(db: Queryable, limit: number): Promise<WebSubSubscription[]> {
  const { rows } = await db.query<WebSubSubscription>(
    `SELECT ${COLUMNS} FROM websub_subscriptions w
       LEFT JOIN sources s ON s.id = w.source_id
      WHERE w.state IN ('pending', 'active')
        AND (s.id IS NULL OR NOT s.enabled OR s.removed_at IS NOT NULL)
      ORDER BY w.id LIMIT $1`,
    [limit],
  );
  return rows.map(toRow);
}

/**
 * Marks a subscription unsubscribed (before the request is sent: the hub may verify the intent before it
 * even answers, and the callback confirms an unsubscription only for such a row). A deleted source's row
 * stays, without its source, so the hub's verification finds it.
 */
export async function noteUnsubscribed(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE websub_subscriptions SET state = 'unsubscribed', requested_at = $2, lease_expires_at = NULL,
       updated_at = now()
     WHERE id = $1`,
    [id, now],
  );
}

/** The subscription behind a callback URL's token, or null. */
export async function subscriptionByToken(db: Queryable, token: string): Promise<WebSubSubscription | null> {
  const { rows } = await db.query<WebSubSubscription>(
    `SELECT ${COLUMNS} FROM websub_subscriptions w WHERE callback_token = $1`,
    [token],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/** The subscription of a source, or null (tests, the admin). */
export async function subscriptionOfSource(
  db: Queryable,
  sourceId: number,
): Promise<WebSubSubscription | null> {
  const { rows } = await db.query<WebSubSubscription>(
    `SELECT ${COLUMNS} FROM websub_subscriptions w WHERE source_id = $1`,
    [sourceId],
  );
  return rows[0] ? toRow(rows[0]) : null;
}

/**
 * Records that a subscribe request is about to be sent. The hub may verify before it even answers the
 * request, so the state is left alone; the next attempt is the re-send should no verification come.
 */
export async function noteRequestSent(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query(
    `UPDATE websub_subscriptions SET requested_at = $2, next_attempt_at = $3, updated_at = now() WHERE id = $1`,
    [id, now, new Date(now.getTime() + VERIFY_WAIT_MS)],
  );
}

/** The wait before the next try after `attempts` failures: doubling from a minute, capped, with jitter. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, 60_000 * 2 ** Math.max(0, attempts - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * Records a refused or unanswered subscribe request: retried after a backoff. A verified subscription
 * whose lease still runs stays active (only its renewal failed).
 */
export async function noteRequestFailed(db: Queryable, id: number, error: string, now: Date): Promise<void> {
  const { rows } = await db.query<{ attempts: number }>(
    'SELECT attempts FROM websub_subscriptions WHERE id = $1',
    [id],
  );
  const attempts = Number(rows[0]?.attempts ?? 0) + 1;
  await db.query(
    `UPDATE websub_subscriptions SET
       state = CASE WHEN state = 'active' AND lease_expires_at > $4 THEN 'active' ELSE 'failed' END,
       attempts = $2, last_error = $3, next_attempt_at = $5, updated_at = now()
     WHERE id = $1`,
    [id, attempts, error.slice(0, 500), now, new Date(now.getTime() + backoffMs(attempts))],
  );
}

/** When an active subscription with this lease is renewed. */
export function renewalTime(leaseSeconds: number, now: Date): Date {
  const leaseMs = leaseSeconds * 1000;
  return new Date(now.getTime() + leaseMs - Math.min(RENEW_BEFORE_MS, leaseMs / 2));
}

/**
 * The hub verified the intent of a subscribe request: the subscription is active for `leaseSeconds`.
 * Only a pending or active subscription of that topic is verified; answers whether it was.
 */
export async function activateSubscription(
  db: Queryable,
  id: number,
  topic: string,
  leaseSeconds: number,
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    `UPDATE websub_subscriptions SET state = 'active', lease_seconds = $3, lease_expires_at = $4,
       verified_at = $5, next_attempt_at = $6, attempts = 0, last_error = NULL, updated_at = now()
     WHERE id = $1 AND topic = $2 AND state IN ('pending', 'active') RETURNING id`,
    [
      id,
      topic,
      leaseSeconds,
      new Date(now.getTime() + leaseSeconds * 1000),
      now,
      renewalTime(leaseSeconds, now),
    ],
  );
  return rows.length > 0;
}

/** The hub denied the subscription (hub.mode=denied): failed, retried after a backoff. */
export async function denySubscription(
  db: Queryable,
  id: number,
  topic: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query<{ attempts: number }>(
    `SELECT attempts FROM websub_subscriptions WHERE id = $1 AND topic = $2 AND state <> 'unsubscribed'`,
    [id, topic],
  );
  if (!rows[0]) return false;
  const attempts = Number(rows[0].attempts) + 1;
  await db.query(
    `UPDATE websub_subscriptions SET state = 'failed', attempts = $2, last_error = $3, lease_expires_at = NULL,
       next_attempt_at = $4, updated_at = now()
     WHERE id = $1`,
    [
      id,
      attempts,
      `Denied by the hub${reason ? `: ${reason.slice(0, 400)}` : ''}`,
      new Date(now.getTime() + backoffMs(attempts)),
    ],
  );
  return true;
}

/** Counts one push: ingested (`accepted`) or ignored for a missing or wrong signature. */
export async function countPush(db: Queryable, id: number, accepted: boolean, now: Date): Promise<void> {
  await db.query(
    accepted
      ? 'UPDATE websub_subscriptions SET pushes = pushes + 1, last_push_at = $2 WHERE id = $1'
      : 'UPDATE websub_subscriptions SET rejected_pushes = rejected_pushes + 1 WHERE id = $1',
    accepted ? [id, now] : [id],
  );
}

/**
 * The WebSub facts of sources for the admin's health table, by source id (sources without a
 * subscription are absent).
 * @example
 * const websub = await websubBySource(db, page.map((s) => s.id));
 * const row = { ...source, websub: websub.get(source.id) ?? null };
 */
export async function websubBySource(db: Queryable, sourceIds: number[]): Promise<Map<number, AdminWebSub>> {
  const out = new Map<number, AdminWebSub>();
  if (sourceIds.length === 0) return out;
  const { rows } = await db.query<{
    sourceId: number;
    hub: string;
    state: WebSubState;
    leaseExpiresAt: Date | string | null;
    pushes: number;
    rejectedPushes: number;
  }>(
    `SELECT source_id AS "sourceId", hub, state, lease_expires_at AS "leaseExpiresAt", pushes,
            rejected_pushes AS "rejectedPushes"
       FROM websub_subscriptions WHERE source_id = ANY($1::integer[])`,
    [sourceIds],
  );
  for (const row of rows) {
    out.set(Number(row.sourceId), {
      hub: row.hub,
      state: row.state,
      leaseExpiresAt: row.leaseExpiresAt === null ? null : new Date(row.leaseExpiresAt).toISOString(),
      pushes: Number(row.pushes),
      rejectedPushes: Number(row.rejectedPushes),
    });
  }
  return out;
}
