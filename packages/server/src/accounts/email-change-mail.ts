/**
 * The notice of an e-mail change (issue 47): the OLD address is told that the account's address
 * changed, with a link that undoes it for {@link UNDO_LINK_DAYS} days (`PUT api/v1/email_changes/:id`,
 * the site's `/email/change/undo/:id` page). The link is a one-purpose hash link whose row keeps the
 * old address, so whoever holds the old mailbox can take the account back after a takeover.
 * @module
 */
import type { Outbox } from '../content/members/outbox.js';
import type { Queryable } from '../db/database.js';
import { EMAIL_CHANGED_TEMPLATE } from '../mail/templates.js';
import { issueToken } from './account-tokens.js';

/** Days the undo link of an e-mail change works. */
export const UNDO_LINK_DAYS = 7;

/**
 * The new address as the old mailbox is told it: enough to recognise one's own, not enough to hand a
 * shared or lost old mailbox the new one (`f***@example.com`).
 */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * Issues the undo link and queues the notice to the old address.
 *
 * @example
 * ```ts
 * await sendEmailChangedMail(db, outbox, { userId: 7, oldEmail: 'old@example.com', newEmail: 'new@example.com' });
 * ```
 */
export async function sendEmailChangedMail(
  db: Queryable,
  outbox: Outbox,
  change: { userId: number; oldEmail: string; newEmail: string },
): Promise<void> {
  const token = await issueToken(db, {
    userId: change.userId,
    email: change.oldEmail,
    purpose: 'email_change_undo',
    minutes: UNDO_LINK_DAYS * 24 * 60,
  });
  await outbox.enqueue({
    to: change.oldEmail,
    template: EMAIL_CHANGED_TEMPLATE,
    data: { token, newEmail: maskedEmail(change.newEmail), days: UNDO_LINK_DAYS },
  });
}
