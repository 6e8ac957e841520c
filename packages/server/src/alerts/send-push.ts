/**
 * Sends one push message (RFC 8030) and says what the push service answered, in the terms the queue acts
 * on. `web-push` does the protocol's work (RFC 8291 aes128gcm encryption of the payload for the browser's
 * keys, the RFC 8292 VAPID signature); the request itself goes through the server's guarded fetch, so in
 * production a push endpoint that resolves to a private address is refused in the connection, as feeds are.
 * @module
 */
import type { PushPayload } from '@sportspyder/contract';
import webpush, { type RequestDetails } from 'web-push';
import { PrivateAddressError } from '../ingest/feeds/private-address-error.js';
import type { PushUrgency } from './enqueue-alert.js';
import type { VapidDetails } from './vapid-keys.js';

/** A browser's subscription as stored. */
export interface StoredSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What to do after a send. */
export type SendOutcome =
  | { kind: 'sent'; status: number }
  /** 404/410 (or a refused address): the subscription is over; forget it. */
  | { kind: 'gone'; status: number | null; reason: string }
  /** 429, 5xx, a network failure: try again later (`retryAfterMs` when the service said when). */
  | { kind: 'retry'; status: number | null; retryAfterMs?: number; reason: string }
  /** Any other refusal: retrying the same request cannot help. */
  | { kind: 'failed'; status: number; reason: string };

/** How long one send may take before it counts as a network failure. */
export const SEND_TIMEOUT_MS = 10_000;
/** The longest `Retry-After` obeyed: a service asking for more is retried after this. */
export const MAX_RETRY_AFTER_MS = 60 * 60_000;

/**
 * `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date (RFC 9110 §10.2.3).
 * @example
 * retryAfterMs('30', Date.now()); // 30000
 */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Math.min(Number(trimmed) * 1000, MAX_RETRY_AFTER_MS);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, at - now), MAX_RETRY_AFTER_MS);
}

function refusedByGuard(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    if (current instanceof PrivateAddressError) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Encrypts and sends `payload` to the subscription; never throws.
 * @example
 * const outcome = await sendPush(subscription, payload, { vapid, fetch, ttlSeconds: 3600, urgency: 'high' });
 */
export async function sendPush(
  subscription: StoredSubscription,
  payload: PushPayload,
  options: { vapid: VapidDetails; fetch: typeof fetch; ttlSeconds: number; urgency: PushUrgency },
): Promise<SendOutcome> {
  let request: RequestDetails;
  try {
    request = webpush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: options.vapid,
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        contentEncoding: 'aes128gcm',
        // The push service replaces a message still waiting for the device with a newer one of the same topic
        // (RFC 8030 §5.4): the tag is the topic when it fits the header's rules.
        ...(/^[A-Za-z0-9_-]{1,32}$/.test(payload.tag) ? { topic: payload.tag } : {}),
      },
    );
  } catch (error) {
    // Keys that cannot encrypt (checked at subscription, so only a corrupt row lands here).
    return { kind: 'gone', status: null, reason: `cannot encrypt: ${(error as Error).message}` };
  }
  // fetch sets the length from the body itself (undici refuses a given one); web-push names it for Node's https.
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  let response: Response;
  try {
    response = await options.fetch(request.endpoint, {
      method: request.method,
      headers,
      body: Uint8Array.from(request.body as Buffer),
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
  } catch (error) {
    if (refusedByGuard(error))
      return { kind: 'gone', status: null, reason: 'endpoint on a non-public address' };
    const cause = (error as { cause?: unknown }).cause;
    const detail = cause instanceof Error ? `: ${cause.message}` : '';
    return { kind: 'retry', status: null, reason: `${(error as Error).message || 'network error'}${detail}` };
  }
  // The answer's body is of no use; reading it frees the connection.
  await response.arrayBuffer().catch(() => undefined);
  const status = response.status;
  if (status >= 200 && status < 300) return { kind: 'sent', status };
  if (status === 404 || status === 410)
    return { kind: 'gone', status, reason: 'subscription expired or refused' };
  if (status === 429 || status >= 500) {
    const after = retryAfterMs(response.headers.get('retry-after'), Date.now());
    return {
      kind: 'retry',
      status,
      ...(after !== undefined ? { retryAfterMs: after } : {}),
      reason: status === 429 ? 'rate limited' : 'push service error',
    };
  }
  return { kind: 'failed', status, reason: `push service answered ${status}` };
}
