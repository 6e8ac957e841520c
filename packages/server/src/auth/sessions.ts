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

/** How often a session's `last_seen_at`, address and browser are written, at most. */
export const SESSION_TOUCH_INTERVAL = '5 minutes';

/** What a request tells of the browser behind a session (recorded for the member's session list). */
export interface SessionSeen {
  /** The client address (`request.ip`). */
  ip: string;
  /** The User-Agent header ('' when absent). */
  userAgent: string;
}

/** Stored User-Agents are cut to this many characters (the header is the client's to write). */
const USER_AGENT_MAX = 512;

/**
 * Answers the user id of a live session token, or null; touches `last_seen_at` (with the address and
 * the browser of `seen`) at most once every {@link SESSION_TOUCH_INTERVAL}, or at once when the session
 * has no browser recorded yet (its first request after sign-in), so reads stay cheap. With the app's
 * `memo`, a session found live is remembered for a while (`session-memo.ts`) and the statement is not
 * sent again.
 */
export async function findSessionUser(
  db: Database,
  token: string | undefined,
  memo?: SessionMemo,
  seen?: SessionSeen,
): Promise<number | null> {
  if (!token || token.length > 64) return null;
  const id = sessionIdFor(token);
  const remembered = memo?.lookup(id);
  if (remembered !== undefined) return remembered;
  const epoch = memo?.epoch ?? 0;
  // One statement: every member's request starts with this lookup, and a round trip to PGlite costs
  // more than the index lookup itself (issue 15). The touch writes at most every few minutes.
  const { rows } = await db.query<{ user_id: number; expires_at: Date | string }>(
    `WITH touch AS (
       UPDATE sessions SET last_seen_at = now(), ip = COALESCE($2, ip), user_agent = COALESCE($3, user_agent)
       WHERE id = $1 AND expires_at > now()
         AND (last_seen_at < now() - interval '${SESSION_TOUCH_INTERVAL}'
              OR (user_agent IS NULL AND $3::text IS NOT NULL)))
     SELECT user_id, expires_at FROM sessions WHERE id = $1 AND expires_at > now()`,
    [id, seen?.ip ?? null, seen ? seen.userAgent.slice(0, USER_AGENT_MAX) : null],
  );
  const row = rows[0];
  if (!row) return null;
  memo?.rememberSession(id, row.user_id, new Date(row.expires_at), epoch);
  return row.user_id;
}

/** One live session of a member, as the session list shows it. */
export interface SessionRow {
  /** The session's number (names it in the API; the row id never leaves the server). */
  number: number;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastSeenAt: Date;
  /** Whether it is the session of the token the list was asked with. */
  current: boolean;
}

/** The member's live sessions, the current one first, then the most recently seen. */
export async function listSessions(db: Database, userId: number, token: string): Promise<SessionRow[]> {
  const { rows } = await db.query<{
    number: number;
    user_agent: string | null;
    ip: string | null;
    created_at: Date | string;
    last_seen_at: Date | string;
    current: boolean;
  }>(
    `SELECT number, user_agent, ip, created_at, last_seen_at, id = $2 AS current
       FROM sessions WHERE user_id = $1 AND expires_at > now()
      ORDER BY id = $2 DESC, last_seen_at DESC, number DESC`,
    [userId, sessionIdFor(token)],
  );
  return rows.map((row) => ({
    number: row.number,
    userAgent: row.user_agent,
    ip: row.ip,
    createdAt: new Date(row.created_at),
    lastSeenAt: new Date(row.last_seen_at),
    current: row.current,
  }));
}

/**
 * Ends the member's session of `number` (another member's numbers are not found). Every process
 * forgets the member's remembered sessions through `memo`, so the ended one's next request is a
 * visitor's at once. Answers null when there was no such session, else whether it was the current one.
 */
export async function endSession(
  db: Database,
  userId: number,
  number: number,
  token: string,
  memo?: SessionMemo,
): Promise<{ current: boolean } | null> {
  const { rows } = await db.query<{ current: boolean }>(
    'DELETE FROM sessions WHERE user_id = $1 AND number = $2 RETURNING id = $3 AS current',
    [userId, number, sessionIdFor(token)],
  );
  const row = rows[0];
  if (!row) return null;
  memo?.ended(userId);
  return { current: row.current };
}

/** Ends every session of the member but the one of `token` ("Sign out all other sessions"); answers how many. */
export async function endOtherSessions(
  db: Database,
  userId: number,
  token: string,
  memo?: SessionMemo,
): Promise<number> {
  const { rows } = await db.query<{ number: number }>(
    'DELETE FROM sessions WHERE user_id = $1 AND id <> $2 RETURNING number',
    [userId, sessionIdFor(token)],
  );
  if (rows.length > 0) memo?.ended(userId);
  return rows.length;
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
