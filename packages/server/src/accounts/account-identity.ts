/**
 * Changing the e-mail and the username from /settings/account (`PUT api/v1/profile/account`, spec 3
 * §2 "Settings", §5): the sign-up rules (format, taken, reserved names) plus "changeable once a week"
 * for the username, each refusal a 422 naming its field. A new address is unverified until the
 * member opens the verification link mailed to it; links mailed to the old address stop working. An
 * address change needs the password typed again, and the old address is told, with an undo link
 * (issue 47, `email-change-mail.ts`).
 * @module
 */
import type { AccountUpdateBody, ApiErrorItem } from '@sportspyder/contract';
import type { Database } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { isUniqueViolation } from './account-routes.js';
import { expireTokens, rotateReusableTokens } from './account-tokens.js';
import { accountFieldProblems, emailProblem, usernameProblem } from './account-validation.js';

/** Days between two username changes (spec 3 §5 tip: "changeable once a week"). */
export const USERNAME_CHANGE_DAYS = 7;

/** The 422 of a second username change within the week. */
export const USERNAME_TOO_SOON: ApiErrorItem = {
  field: 'username',
  code: 'too_soon',
  title: 'Username can only be changed once a week',
};

/** What {@link changeIdentity} did. */
export interface IdentityChange {
  /** The new address when it changed (a verification mail is due), else null. */
  newEmail: string | null;
  /** The address before the change when it changed (the undo notice goes there), else null. */
  oldEmail: string | null;
  /** The username after the change. */
  username: string;
}

const lower = (value: string) => value.trim().toLowerCase();

/**
 * Applies the e-mail and username of a settings update, or throws one 422 listing every problem.
 * Fields equal to the current ones change nothing (a form sends them back unchanged).
 *
 * @example
 * ```ts
 * const { newEmail } = await changeIdentity(db, userId, { username: 'new_name' });
 * ```
 */
export async function changeIdentity(
  db: Database,
  userId: number,
  body: Pick<AccountUpdateBody, 'email' | 'username'>,
  options: {
    /** Called before anything else when the address changes: throws when the password was not typed again. */
    confirmEmailChange?: () => Promise<void>;
  } = {},
): Promise<IdentityChange> {
  const { rows } = await db.query<{ email: string; username: string; too_soon: boolean }>(
    `SELECT email, username,
       coalesce(username_changed_at > now() - make_interval(days => $2::int), false) AS too_soon
     FROM users WHERE id = $1`,
    [userId, USERNAME_CHANGE_DAYS],
  );
  const current = rows[0];
  if (!current) return { newEmail: null, oldEmail: null, username: '' };
  const username = body.username?.trim();
  const email = body.email?.trim();
  const usernameChanges = username !== undefined && username !== current.username;
  const emailChanges = email !== undefined && lower(email) !== lower(current.email);
  if (!usernameChanges && !emailChanges)
    return { newEmail: null, oldEmail: null, username: current.username };
  // The password first: without it, the form tells nothing (not even whether the address is taken).
  if (emailChanges) await options.confirmEmailChange?.();

  // Taken checks only for a different name or address (a change of letter case is still this
  // member's own name, which the taken check would find).
  const problems = await accountFieldProblems(db, {
    ...(usernameChanges && lower(username) !== lower(current.username) ? { username } : {}),
    ...(emailChanges ? { email } : {}),
  });
  if (usernameChanges) {
    const format = usernameProblem(username);
    if (format && !problems.some((item) => item.field === 'username')) problems.push(format);
    if (current.too_soon) problems.unshift(USERNAME_TOO_SOON);
  }
  if (emailChanges) {
    const format = emailProblem(email);
    if (format && !problems.some((item) => item.field === 'email')) problems.push(format);
  }
  if (problems.length > 0) throw new HttpError(422, problems);

  try {
    await db.transaction(async (tx) => {
      if (usernameChanges) {
        await tx.query('UPDATE users SET username = $2, username_changed_at = now() WHERE id = $1', [
          userId,
          username,
        ]);
      }
      if (emailChanges) {
        await tx.query('UPDATE users SET email = $2, email_verified_at = NULL WHERE id = $1', [
          userId,
          email,
        ]);
        // A reset link mailed to the old address must not outlive it (preference and verification
        // links already check that the address they went to is still the account's).
        await expireTokens(tx, userId, 'password_reset');
        // The settings' preference link was the old address's: a new one is issued on the next read.
        await rotateReusableTokens(tx, userId);
      }
    });
  } catch (error) {
    // Another member took the name or address between the check and the write.
    if (!isUniqueViolation(error)) throw error;
    const again = await accountFieldProblems(db, {
      ...(usernameChanges ? { username } : {}),
      ...(emailChanges ? { email } : {}),
    });
    throw new HttpError(422, again.length > 0 ? again : [{ code: 'taken', title: 'Already taken' }]);
  }
  return {
    newEmail: emailChanges ? (email as string) : null,
    oldEmail: emailChanges ? current.email : null,
    username: usernameChanges ? (username as string) : current.username,
  };
}
