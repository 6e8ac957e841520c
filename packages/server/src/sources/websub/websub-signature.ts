/**
 * The `X-Hub-Signature` check of WebSub content distribution (W3C WebSub §8): the hub signs the raw body
 * of each push with an HMAC keyed by the subscription's `hub.secret`, as `sha1=…`, `sha256=…`,
 * `sha384=…` or `sha512=…` in hex. The comparison is timing-safe, so an attacker cannot learn a valid
 * signature byte by byte.
 * @module
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The HMAC algorithms WebSub names. */
const ALGORITHMS = new Set(['sha1', 'sha256', 'sha384', 'sha512']);

/** Why a push's signature was refused, or `valid`. */
export type SignatureCheck = 'valid' | 'missing' | 'unknown-algorithm' | 'mismatch';

/**
 * Checks `header` (the `X-Hub-Signature` value) against the HMAC of `body` keyed by `secret`.
 * @example
 * verifyHubSignature(request.body, request.headers['x-hub-signature'], sub.secret) === 'valid'
 */
export function verifyHubSignature(body: Buffer, header: string | undefined, secret: string): SignatureCheck {
  if (!header) return 'missing';
  const match = /^\s*([a-z0-9]+)=([0-9a-f]+)\s*$/i.exec(header);
  if (!match) return 'mismatch';
  const algorithm = match[1]!.toLowerCase();
  if (!ALGORITHMS.has(algorithm)) return 'unknown-algorithm';
  const expected = createHmac(algorithm, secret).update(body).digest();
  const given = Buffer.from(match[2]!, 'hex');
  if (given.length !== expected.length) return 'mismatch';
  return timingSafeEqual(given, expected) ? 'valid' : 'mismatch';
}

/**
 * The `X-Hub-Signature` value a hub sends for `body` (the local test hub and the benchmark sign with it).
 * @example
 * headers['x-hub-signature'] = hubSignature(body, secret, 'sha256');
 */
export function hubSignature(
  body: Buffer | string,
  secret: string,
  algorithm: 'sha1' | 'sha256' | 'sha384' | 'sha512' = 'sha256',
): string {
  return `${algorithm}=${createHmac(algorithm, secret).update(body).digest('hex')}`;
}
