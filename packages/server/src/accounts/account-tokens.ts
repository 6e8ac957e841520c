/**
 * Hash links of accounts (security baseline): 128 random bits, base64url in the mailed URL, only
 * their sha256 in `account_tokens`, one purpose each (a reset token never verifies an address and
 * the other way round), single use, with an expiry.
 * @module
 */
import { createHash } from 'node:crypto';
import { newToken } from '../auth/sessions.js';
import type { Queryable } from '../db/database.js';

/** What a hash link is for. */
export type TokenPurpose = 'password_reset' | 'email_verification' | 'email_preferences';

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
