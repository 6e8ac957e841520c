/**
 * Fixed-window counters in the database (so every server process sees the same counts): failed
 * sign-ins per account, reset mails per address. Keys are hashed, so the table holds no addresses.
 * The per-client-address limits are @fastify/rate-limit's, on the routes.
 * @module
 */
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/database.js';

/** A throttle key for a kind and a subject (an e-mail is lower-cased and trimmed first). */
export function throttleKey(kind: string, subject: string | number): string {
  return createHash('sha256')
    .update(`${kind}:${String(subject).trim().toLowerCase()}`)
    .digest('hex');
}

/**
 * Counts one hit on `key` in a window of `windowSeconds`; answers the hits of the window so far
 * (this one included) and the seconds until the window ends.
 */
export async function hit(
  db: Queryable,
  key: string,
  windowSeconds: number,
): Promise<{ hits: number; retryAfter: number }> {
  const { rows } = await db.query<{ hits: number; retry_after: number }>(
    `INSERT INTO auth_throttle (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN auth_throttle.window_start <= now() - make_interval(secs => $2::int)
                   THEN 1 ELSE auth_throttle.hits + 1 END,
       window_start = CASE WHEN auth_throttle.window_start <= now() - make_interval(secs => $2::int)
                   THEN now() ELSE auth_throttle.window_start END
     RETURNING hits,
       GREATEST(1, ceil(extract(epoch FROM window_start + make_interval(secs => $2::int) - now())))::int
         AS retry_after`,
    [key, windowSeconds],
  );
  const row = rows[0] as { hits: number; retry_after: number };
  return { hits: row.hits, retryAfter: row.retry_after };
}

/** Forgets the hits of `key` (a successful sign-in). */
export async function clearHits(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM auth_throttle WHERE key = $1', [key]);
}

/**
 * The network a client address belongs to, as limits count it: an IPv4 /24 or an IPv6 /64 (one
 * subscriber's allocation, so rotating addresses inside it does not reset a limit). IPv4-mapped IPv6
 * addresses count as IPv4.
 *
 * @example
 * ```ts
 * networkOf('203.0.113.7'); // '203.0.113.0/24'
 * networkOf('2001:db8:1:2:aaaa::1'); // '2001:db8:1:2::/64'
 * ```
 */
export function networkOf(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.\d+$/.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!address.includes(':')) return address;
  // Expand '::' so the first four groups are the /64 prefix.
  const [head = '', tail = ''] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = address.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
