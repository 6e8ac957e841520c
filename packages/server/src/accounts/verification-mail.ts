/**
 * The e-mail verification mail: a one-purpose link token (stored hashed, tied to the address it went
 * to) sent through the mail outbox. Sent at sign-up and when a member changes their address.
 * @module
 */
import type { Outbox } from '../content/members/outbox.js';
import type { Queryable } from '../db/database.js';
import { VERIFY_EMAIL_TEMPLATE } from '../mail/templates.js';
import { issueToken } from './account-tokens.js';

/** Days a verification link works. */
export const VERIFY_LINK_DAYS = 7;

/**
 * Issues a verification link for `email` and queues its mail.
 *
 * @example
 * ```ts
 * await sendVerificationMail(db, outbox, { userId: 7, email: 'fan@example.com', username: 'fan_7' });
 * ```
 */
export async function sendVerificationMail(
  db: Queryable,
  outbox: Outbox,
  member: { userId: number; email: string; username: string },
): Promise<void> {
  const token = await issueToken(db, {
    userId: member.userId,
    email: member.email,
    purpose: 'email_verification',
    minutes: VERIFY_LINK_DAYS * 24 * 60,
  });
  await outbox.enqueue({
    to: member.email,
    template: VERIFY_EMAIL_TEMPLATE,
    data: { token, username: member.username },
  });
}
