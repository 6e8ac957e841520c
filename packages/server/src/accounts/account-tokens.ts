/**
 * Hash links of accounts (security baseline): 128 random bits, base64url in the mailed URL, only
 * their sha256 in `account_tokens`, one purpose each (a reset token never verifies an address and
 * the other way round), single use, with an expiry.
 * @module
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { newToken } from '../auth/sessions.js';
import type { Queryable } from '../db/database.js';
import { sameSecret } from '../http/constant-time.js';

/** What a hash link is for. */
export type TokenPurpose =
  | 'password_reset'
  | 'email_verification'
  | 'email_preferences'
  | 'email_change_undo';

/** A token as read back. */
export interface TokenRow {
  userId: number;
  email: string;
  used: boolean;
  expired: boolean;
}

/** The digest stored for a token. */
export function tokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

// Tokens are 22 base64url characters (16 bytes); anything else cannot be one and skips the lookup.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{22}$/;

/** Issues a token for `userId` valid `minutes` minutes; answers the token to mail (never stored). */
export async function issueToken(
  db: Queryable,
  input: { userId: number; email: string; purpose: TokenPurpose; minutes: number },
): Promise<string> {
  const token = newToken();
  await db.query(
    `INSERT INTO account_tokens (digest, purpose, user_id, email, expires_at)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5::int))`,
    [tokenDigest(token), input.purpose, input.userId, input.email, input.minutes],
  );
  return token;
}

/** Reads a token of one purpose (used or expired ones too); null when there is none. */
export async function findToken(
  db: Queryable,
  token: string,
  purpose: TokenPurpose,
): Promise<TokenRow | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const { rows } = await db.query<{ user_id: number; email: string; used: boolean; expired: boolean }>(
    `SELECT user_id, email, used_at IS NOT NULL AS used, expires_at <= now() AS expired
     FROM account_tokens WHERE digest = $1 AND purpose = $2`,
    [tokenDigest(token), purpose],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, email: row.email, used: row.used, expired: row.expired } : null;
}

/**
 * Uses a live token (one statement, so two concurrent uses cannot both win); answers its owner, or
 * null when it is unknown, of another purpose, used or expired.
 */
export async function consumeToken(
  db: Queryable,
  token: string,
  purpose: TokenPurpose,
): Promise<{ userId: number; email: string } | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const { rows } = await db.query<{ user_id: number; email: string }>(
    `UPDATE account_tokens SET used_at = now()
     WHERE digest = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
     RETURNING user_id, email`,
    [tokenDigest(token), purpose],
  );
  const row = rows[0];
  return row ? { userId: row.user_id, email: row.email } : null;
}

/** Ends every live token of a purpose for a member (a reset or password change voids older links). */
export async function expireTokens(db: Queryable, userId: number, purpose: TokenPurpose): Promise<void> {
  await db.query(
    `UPDATE account_tokens SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
    [userId, purpose],
  );
}

// Without a configured secret (tests, an in-memory server) the key lives as long as the process: a
// restart then issues a new reusable link once, which costs a row, not a secret.
const PROCESS_KEY = randomBytes(32);

/** The key reusable tokens are derived with: from the server's secret (CSRF_SECRET or its data folder's). */
export function reuseKey(secret: string | undefined): Buffer {
  return secret ? createHmac('sha256', secret).update('sportspyder:reusable-token').digest() : PROCESS_KEY;
}

const derive = (key: Buffer, userId: number, nonce: string) =>
  createHmac('sha256', key).update(`${userId}:${nonce}`).digest().subarray(0, 16).toString('base64url');

/**
 * A token of `purpose` that is answered again on every call for the member (issue 47: reading the
 * settings must not mint a new 365-day link each time) until it is used, rotated
 * ({@link rotateReusableTokens}) or has less than `minMinutesLeft` to live; then a new one is issued.
 * The row stores a random nonce and the digest only: the token is derived from the nonce with `key`
 * (an HMAC), so the table alone still gives no usable link.
 */
export async function reusableToken(
  db: Queryable,
  input: { userId: number; email: string; purpose: TokenPurpose; minutes: number; minMinutesLeft: number },
  key: Buffer,
): Promise<string> {
  const { rows } = await db.query<{ digest: string; reuse_nonce: string }>(
    `SELECT digest, reuse_nonce FROM account_tokens
     WHERE user_id = $1 AND purpose = $2 AND reuse_nonce IS NOT NULL AND used_at IS NULL
       AND lower(email) = lower($3) AND expires_at > now() + make_interval(mins => $4::int)
     ORDER BY expires_at DESC LIMIT 1`,
    [input.userId, input.purpose, input.email, input.minMinutesLeft],
  );
  const row = rows[0];
  if (row) {
    const token = derive(key, input.userId, row.reuse_nonce);
    // A different key (another secret, a restarted process without one) cannot answer that link again.
    if (sameSecret(tokenDigest(token), row.digest)) return token;
  }
  const nonce = randomBytes(16).toString('base64url');
  const token = derive(key, input.userId, nonce);
  await db.query(
    `INSERT INTO account_tokens (digest, purpose, user_id, email, expires_at, reuse_nonce)
     VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5::int), $6)`,
    [tokenDigest(token), input.purpose, input.userId, input.email, input.minutes, nonce],
  );
  return token;
}

/**
 * Ends a member's reusable tokens (a password change or reset, an e-mail change or its undo): the next
 * read issues a new one, and the old one stops working.
 */
export async function rotateReusableTokens(db: Queryable, userId: number): Promise<void> {
  await db.query(
    `UPDATE account_tokens SET used_at = now()
     WHERE user_id = $1 AND reuse_nonce IS NOT NULL AND used_at IS NULL`,
    [userId],
  );
}
