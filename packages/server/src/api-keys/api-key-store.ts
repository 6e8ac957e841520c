/**
 * API keys in the database (spec 3 §3 "API key"): a key is a 256-bit random token shown once, in the
 * create answer; only its sha-256 is stored, with a short visible prefix the list shows instead of the
 * token. A key belongs to one member and works only while that member has the `api` flag.
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { ApiKey } from '@sportspyder/contract';
import { tokenDigest } from '../accounts/account-tokens.js';
import type { Queryable } from '../db/database.js';

/** What every token starts with, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'ss_';
/** Characters of the token the list shows (the `ss_` prefix and 8 random ones). */
export const VISIBLE_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;
/** Keys a member may hold at once. */
export const MAX_API_KEYS = 10;

// `ss_` and 43 base64url characters (32 bytes); anything else cannot be a key and skips the lookup.
const TOKEN_SHAPE = /^ss_[A-Za-z0-9_-]{43}$/;

interface KeyRow {
  id: number;
  token_prefix: string;
  description: string | null;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** A stored key as the list shows it: the token is its visible prefix and an ellipsis. */
function keyOf(row: KeyRow, token?: string): ApiKey {
  return {
    id: Number(row.id),
    token: token ?? `${row.token_prefix}…`,
    description: row.description,
    createdAt: iso(row.created_at),
    lastUsedAt: row.last_used_at === null ? null : iso(row.last_used_at),
  };
}

const COLUMNS = 'id, token_prefix, description, created_at, last_used_at';

/** A member's keys, newest first. */
export async function listApiKeys(db: Queryable, userId: number): Promise<ApiKey[]> {
  const { rows } = await db.query<KeyRow>(
    `SELECT ${COLUMNS} FROM api_keys WHERE user_id = $1 ORDER BY created_at DESC, id DESC`,
    [userId],
  );
  return rows.map((row) => keyOf(row));
}

/**
 * Creates a key unless the member already holds {@link MAX_API_KEYS} (then null); the answer carries
 * the whole token, the only time it is ever shown. The count and the insert are one statement, so
 * concurrent creates cannot pass the limit together by much (each sees the committed rows).
 * @example
 * const key = await createApiKey(db, 7, 'My script'); // key.token = 'ss_…' (43 more characters)
 */
export async function createApiKey(
  db: Queryable,
  userId: number,
  description: string | null,
): Promise<ApiKey | null> {
  const token = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const { rows } = await db.query<KeyRow>(
    `INSERT INTO api_keys (user_id, token_digest, token_prefix, description)
     SELECT $1, $2, $3, $4 WHERE (SELECT count(*) FROM api_keys WHERE user_id = $1) < $5
     RETURNING ${COLUMNS}`,
    [userId, tokenDigest(token), token.slice(0, VISIBLE_PREFIX_LENGTH), description, MAX_API_KEYS],
  );
  const row = rows[0];
  return row ? keyOf(row, token) : null;
}

/** Deletes one of the member's keys; answers it (as listed), or null when the member has no such key. */
export async function deleteApiKey(db: Queryable, userId: number, id: number): Promise<ApiKey | null> {
  const { rows } = await db.query<KeyRow>(
    `DELETE FROM api_keys WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
    [id, userId],
  );
  const row = rows[0];
  return row ? keyOf(row) : null;
}

/** A key found by its token. */
export interface KeyOwner {
  /** The key's id. */
  keyId: number;
  /** The member it acts as. */
  userId: number;
  /** When it was last recorded as used (null: never). */
  lastUsedAt: Date | null;
}

/** Finds the key of a token whose member still has the `api` flag; null otherwise. */
export async function findApiKey(db: Queryable, token: string): Promise<KeyOwner | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const { rows } = await db.query<{ id: number; user_id: number; last_used_at: Date | string | null }>(
    `SELECT k.id, k.user_id, k.last_used_at FROM api_keys k JOIN users u ON u.id = k.user_id AND u.api
     WHERE k.token_digest = $1`,
    [tokenDigest(token)],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    keyId: Number(row.id),
    userId: Number(row.user_id),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at),
  };
}

/**
 * Records a use of a key unless one was recorded less than `minMs` ago (the condition is in the
 * UPDATE too, so several processes still write at most about once per interval).
 */
export async function touchApiKey(db: Queryable, keyId: number, now: Date, minMs: number): Promise<void> {
  await db.query(
    `UPDATE api_keys SET last_used_at = $2
     WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= $2::timestamptz - make_interval(secs => $3))`,
    [keyId, now, minMs / 1000],
  );
}

/** Whether a member has the `api` flag. */
export async function hasApiAccess(db: Queryable, userId: number): Promise<boolean> {
  const { rows } = await db.query<{ api: boolean }>('SELECT api FROM users WHERE id = $1', [userId]);
  return rows[0]?.api === true;
}

/** Gives or takes a member's `api` flag (by e-mail or username); answers false for an unknown member. */
export async function setApiAccess(db: Queryable, who: string, on: boolean): Promise<boolean> {
  const { rows } = await db.query(
    'UPDATE users SET api = $2 WHERE lower(email) = lower($1) OR lower(username) = lower($1) RETURNING id',
    [who, on],
  );
  return rows.length > 0;
}
