/**
 * The current password, typed again before the account's keys change (issue 47): the password change
 * and the e-mail change ask for it, so a session left open (or stolen) cannot take the account over.
 * Wrong tries count in the per-account window of sign-in (429 with Retry-After past the limit).
 * @module
 */
import type { ApiErrorItem } from '@sportspyder/contract';
import type { FastifyReply } from 'fastify';
import { verifyPassword } from '../auth/passwords.js';
import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { hit, throttleKey } from './throttle.js';

/** The window of the per-account password tries, in seconds (sign-in's). */
export const PASSWORD_TRIES_WINDOW_S = 15 * 60;

/** The 422 of a wrong current password. */
export const CURRENT_PASSWORD_WRONG: ApiErrorItem = {
  field: 'currentPassword',
  code: 'invalid',
  title: 'Current password is incorrect',
};

/** The 422 of a missing current password. */
export const CURRENT_PASSWORD_MISSING: ApiErrorItem = {
  field: 'currentPassword',
  code: 'blank',
  title: "Current password can't be blank",
};

/**
 * Throws 422 naming `currentPassword` unless `password` is the member's, or 429 (with Retry-After set
 * on `reply`) past `maxTries` in the window.
 *
 * @example
 * ```ts
 * await requireCurrentPassword(db, reply, userId, request.body.currentPassword, config.signInAccountMax);
 * ```
 */
export async function requireCurrentPassword(
  db: Queryable,
  reply: FastifyReply,
  userId: number,
  password: string | undefined,
  maxTries: number,
): Promise<void> {
  if (password === undefined || password === '') throw new HttpError(422, [CURRENT_PASSWORD_MISSING]);
  const { hits, retryAfter } = await hit(db, throttleKey('password-change', userId), PASSWORD_TRIES_WINDOW_S);
  if (hits > maxTries) {
    reply.header('retry-after', String(retryAfter));
    throw new HttpError(429, [{ code: 'rate_limited', title: 'Too many attempts. Please try again later.' }]);
  }
  const { rows } = await db.query<{ password_hash: string }>(
    'SELECT password_hash FROM users WHERE id = $1',
    [userId],
  );
  if (!(await verifyPassword(rows[0]?.password_hash ?? null, password))) {
    throw new HttpError(422, [CURRENT_PASSWORD_WRONG]);
  }
}
