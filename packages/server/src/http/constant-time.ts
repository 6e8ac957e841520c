/**
 * Secrets compared in constant time (issue 47): `===` on strings stops at the first differing
 * character, so the time of a refusal tells an attacker how much of a guess was right. Both sides are
 * hashed first, so `timingSafeEqual` always compares two 32-byte digests: neither the length of the
 * secret nor its characters show in the time.
 * @module
 */
import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether `given` equals the secret `expected`, in time independent of where they differ (false for
 * a missing value or a missing secret).
 *
 * @example
 * ```ts
 * sameSecret(request.headers['x-skip-limit'], config.rateLimitSkipSecret);
 * ```
 */
export function sameSecret(given: unknown, expected: string | undefined): boolean {
  if (typeof given !== 'string' || expected === undefined || expected === '') return false;
  return timingSafeEqual(digest(given), digest(expected));
}
