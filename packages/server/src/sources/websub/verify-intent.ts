/**
 * The verification of intent (W3C WebSub §5.3): before a subscription starts or ends, the hub GETs the
 * callback with `hub.mode`, `hub.topic`, `hub.challenge` and, to subscribe, `hub.lease_seconds`. The
 * challenge is echoed (200, text/plain) only for a subscription we asked for, of that topic: a pending or
 * active one to subscribe (it becomes active with the hub's lease), an unsubscribed one to unsubscribe.
 * Anything else is 404, so nobody can subscribe us to a topic we never asked for. A `denied` notice marks
 * the subscription failed (retried later).
 * @module
 */
import type { Queryable } from '../../db/database.js';
import {
  activateSubscription,
  DEFAULT_LEASE_SECONDS,
  denySubscription,
  subscriptionByToken,
} from './websub-store.js';

/** The hub's query parameters, as received. */
export type IntentQuery = Record<string, string | string[] | undefined>;

/** The answer: the challenge to echo, a bare acknowledgement, or not found. */
export type IntentAnswer = { status: 200; body: string } | { status: 404 };

/** The longest lease accepted from a hub (a year); a longer one is taken as that. */
const MAX_LEASE_SECONDS = 365 * 24 * 3600;

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Answers a verification request for the subscription behind `token`.
 * @example
 * const answer = await verifyIntent(db, request.params.token, request.query, new Date());
 */
export async function verifyIntent(
  db: Queryable,
  token: string,
  query: IntentQuery,
  now: Date,
): Promise<IntentAnswer> {
  const mode = single(query['hub.mode']);
  const topic = single(query['hub.topic']);
  const challenge = single(query['hub.challenge']);
  if (!topic) return { status: 404 };
  const sub = await subscriptionByToken(db, token);
  if (!sub || sub.topic !== topic) return { status: 404 };
  if (mode === 'denied') {
    const reason = single(query['hub.reason']) ?? '';
    return (await denySubscription(db, sub.id, topic, reason, now))
      ? { status: 200, body: '' }
      : { status: 404 };
  }
  if (!challenge) return { status: 404 };
  if (mode === 'subscribe') {
    const asked = Number(single(query['hub.lease_seconds']));
    // A hub must state the lease; without one, the lease we asked for is assumed.
    const lease =
      Number.isSafeInteger(asked) && asked > 0 ? Math.min(asked, MAX_LEASE_SECONDS) : DEFAULT_LEASE_SECONDS;
    return (await activateSubscription(db, sub.id, topic, lease, now))
      ? { status: 200, body: challenge }
      : { status: 404 };
  }
  if (mode === 'unsubscribe' && sub.state === 'unsubscribed') return { status: 200, body: challenge };
  return { status: 404 };
}
