/**
 * Checks of a browser's push subscription before it is stored: the endpoint is where the server will
 * send requests, so it gets the feeds' server-side request forgery rule (in production, https only and
 * never a private or loopback address; outside production loopback http too, for the tests' push
 * service), and the keys must be what RFC 8291 encryption needs. The address check here sees only
 * literal addresses; the send itself goes through the guarded fetch, which checks every resolved one.
 * @module
 */
import { isIP } from 'node:net';
import type { ApiErrorItem } from '@sportspyder/contract';
import { classifyAddress } from '../ingest/feeds/public-address.js';

/** What the endpoint check needs to know. */
export interface EndpointRules {
  /** Non-public addresses allowed (outside production, or `FEEDS_ALLOW_PRIVATE=1`). */
  allowPrivate: boolean;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '::1']);

/**
 * The problem with an endpoint, or null when it may be stored.
 * @example
 * endpointProblem('http://10.0.0.5/push', { allowPrivate: false }); // { field: 'endpoint', code: 'invalid', ... }
 */
export function endpointProblem(endpoint: string, rules: EndpointRules): ApiErrorItem | null {
  const invalid = (title: string): ApiErrorItem => ({ field: 'endpoint', code: 'invalid', title });
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return invalid('Endpoint is not a URL');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (url.username || url.password) return invalid('Endpoint must not carry credentials');
  if (url.protocol !== 'https:') {
    const loopbackHttp = url.protocol === 'http:' && rules.allowPrivate && LOOPBACK_NAMES.has(host);
    if (!loopbackHttp) return invalid('Endpoint must be an https URL');
  }
  if (!rules.allowPrivate) {
    if (host === 'localhost' || host.endsWith('.localhost'))
      return invalid('Endpoint is not a public address');
    if (isIP(host) && classifyAddress(host)) return invalid('Endpoint is not a public address');
  }
  return null;
}

function base64urlBytes(value: string): Buffer | null {
  const clean = value.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(clean)) return null;
  return Buffer.from(clean, 'base64url');
}

/**
 * The problems with a subscription's keys: `p256dh` must be an uncompressed P-256 point (65 bytes from
 * 0x04) and `auth` 16 bytes (RFC 8291 §3.2, §4).
 * @example
 * keyProblems({ p256dh: 'AAAA', auth: 'AAAA' }); // two items, keys.p256dh and keys.auth
 */
export function keyProblems(keys: { p256dh: string; auth: string }): ApiErrorItem[] {
  const problems: ApiErrorItem[] = [];
  const point = base64urlBytes(keys.p256dh);
  if (point?.length !== 65 || point[0] !== 0x04) {
    problems.push({ field: 'keys.p256dh', code: 'invalid', title: 'P256dh is not a P-256 public key' });
  }
  const auth = base64urlBytes(keys.auth);
  if (auth?.length !== 16) {
    problems.push({ field: 'keys.auth', code: 'invalid', title: 'Auth is not a 16-byte secret' });
  }
  return problems;
}
