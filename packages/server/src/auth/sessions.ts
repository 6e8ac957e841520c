/**
 * Server-side sessions: a 128-bit random token in the cookie, only its SHA-256 in the database, so a
 * leaked table cannot be replayed as cookies.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.js';
import type { SessionMemo } from './session-memo.js';

/** Hashes a cookie token into the session row id (hex SHA-256). */
export function sessionIdFor(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Makes a new random 128-bit token, base64url encoded (the cookie value). */
export function newToken(): string {
  return randomBytes(16).toString('base64url');
}

/** Creates a session for `userId`, valid `days` days; answers the cookie token. */
export async function createSession(db: Database, userId: number, days: number): Promise<string> {
  const token = newToken();
  // Expired rows of this member go now: no background job is needed to keep the table small.
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND expires_at <= now()', [userId]);
  await db.query(
    `INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, now() + make_interval(days => $3::int))`,
    [sessionIdFor(token), userId, days],
  );
  return token;
}

/**
 * Answers the user id of a live session token, or null; touches `last_seen_at` at most once an hour
 * so reads stay cheap. With the app's `memo`, a session found live is remembered for a while
 * (`session-memo.ts`) and the statement is not sent again.
 */
export async function findSessionUser(
  db: Database,
  token: string | undefined,
  memo?: SessionMemo,
): Promise<number | null> {
  if (!token || token.length > 64) return null;
  const id = sessionIdFor(token);
  const remembered = memo?.lookup(id);
  if (remembered !== undefined) return remembered;
  const epoch = memo?.epoch ?? 0;
  // One statement: every member's request starts with this lookup, and a round trip to PGlite costs
  // more than the index lookup itself (issue 15). The touch writes at most once an hour.
  const { rows } = await db.query<{ user_id: number; expires_at: Date | string }>(
    `WITH touch AS (
       UPDATE sessions SET last_seen_at = now()
       WHERE id = $1 AND expires_at > now() AND last_seen_at < now() - interval '1 hour')
     SELECT user_id, expires_at FROM sessions WHERE id = $1 AND expires_at > now()`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  memo?.rememberSession(id, row.user_id, new Date(row.expires_at), epoch);
  return row.user_id;
}

/**
 * Ends the session of a token (sign-out, rotation at sign-in); unknown tokens are ignored. The `memo`
 * is told, so that no process keeps the ended session (`SessionMemo.ended`).
 */
export async function deleteSession(
  db: Database,
  token: string | undefined,
  memo?: SessionMemo,
): Promise<void> {
  if (!token || token.length > 64) return;
  const { rows } = await db.query<{ user_id: number }>(
    'DELETE FROM sessions WHERE id = $1 RETURNING user_id',
    [sessionIdFor(token)],
  );
  for (const row of rows) memo?.ended(row.user_id);
}
