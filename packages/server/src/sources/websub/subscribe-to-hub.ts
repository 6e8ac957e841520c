/**
 * One subscription request to a WebSub hub (W3C WebSub §5.1): a form-encoded POST of `hub.mode`,
 * `hub.topic`, `hub.callback`, `hub.secret` and `hub.lease_seconds`. The hub answers 202 Accepted (or
 * another 2xx) and verifies the intent later, or at once, with a GET on the callback; anything else is a
 * refusal. Never throws.
 * @module
 */
import { DEFAULT_USER_AGENT } from '../../ingest/feeds/fetch-feed.js';

/** What the request says. */
export interface HubRequest {
  /** The hub's URL. */
  hub: string;
  /** `subscribe` or `unsubscribe`. */
  mode: 'subscribe' | 'unsubscribe';
  /** The topic URL (the feed's `self`). */
  topic: string;
  /** Our callback URL. */
  callback: string;
  /** The HMAC key of the pushes (subscribe only). */
  secret?: string;
  /** The lease asked for, in seconds (subscribe only). */
  leaseSeconds?: number;
}

/** Options of {@link sendHubRequest}. */
export interface HubRequestOptions {
  /** Time limit in ms (default 10 s). */
  timeoutMs?: number;
  /** User-Agent header. */
  userAgent?: string;
  /** A fetch implementation (tests). */
  fetch?: typeof fetch;
}

/** The hub's answer: accepted (the verification follows), or refused with a reason. */
export type HubAnswer = { kind: 'accepted'; status: number } | { kind: 'refused'; error: string };

/**
 * Sends the request; answers whether the hub accepted it.
 * @example
 * const answer = await sendHubRequest({ hub, mode: 'subscribe', topic, callback, secret, leaseSeconds });
 */
export async function sendHubRequest(
  request: HubRequest,
  options: HubRequestOptions = {},
): Promise<HubAnswer> {
  const form = new URLSearchParams({
    'hub.mode': request.mode,
    'hub.topic': request.topic,
    'hub.callback': request.callback,
  });
  if (request.secret) form.set('hub.secret', request.secret);
  if (request.leaseSeconds) form.set('hub.lease_seconds', String(request.leaseSeconds));
  let url: URL;
  try {
    url = new URL(request.hub);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    return { kind: 'refused', error: `Not an http(s) hub URL: ${request.hub.slice(0, 200)}` };
  }
  try {
    const response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
      },
      body: form.toString(),
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    const text = await response.text().catch(() => '');
    if (response.status >= 200 && response.status < 300) return { kind: 'accepted', status: response.status };
    const detail = text.replace(/\s+/g, ' ').trim().slice(0, 200);
    return {
      kind: 'refused',
      error: `The hub answered HTTP ${response.status}${detail ? `: ${detail}` : ''}`,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { kind: 'refused', error: `The hub could not be reached: ${message.slice(0, 300)}` };
  }
}
