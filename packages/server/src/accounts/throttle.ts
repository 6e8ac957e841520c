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
