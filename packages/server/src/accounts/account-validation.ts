/**
 * The sign-up field checks (spec 3 §5), shared by `POST api/v1/users` and the on-blur
 * `POST api/v1/user_validations`, with Rails-style titles the site maps to its texts:
 * 'Email has already been taken', 'Email is invalid', and a username title mentioning
 * "alphanumeric". The limits are the contract's (username 4 to 30, password 8 to 200).
 * @module
 */
import type { ApiErrorItem } from '@sportspyder/contract';
import { looksLikeEmail } from '../content/members/newsletter-signup.js';
import type { Queryable } from '../db/database.js';

/** The error items of account fields. */
export const ACCOUNT_ERRORS = {
  usernameBlank: { field: 'username', code: 'blank', title: "Username can't be blank" },
  usernameShort: {
    field: 'username',
    code: 'too_short',
    title: 'Username is too short (minimum is 4 characters)',
  },
  usernameLong: {
    field: 'username',
    code: 'too_long',
    title: 'Username is too long (maximum is 30 characters)',
  },
  usernameChars: {
    field: 'username',
    code: 'invalid',
    title: 'Username must contain only alphanumeric characters or underscores',
  },
  usernameTaken: { field: 'username', code: 'taken', title: 'Username has already been taken' },
  emailBlank: { field: 'email', code: 'blank', title: "Email can't be blank" },
  emailInvalid: { field: 'email', code: 'invalid', title: 'Email is invalid' },
  emailTaken: { field: 'email', code: 'taken', title: 'Email has already been taken' },
  passwordBlank: { field: 'password', code: 'blank', title: "Password can't be blank" },
  passwordShort: {
    field: 'password',
    code: 'too_short',
    title: 'Password is too short (minimum is 8 characters)',
  },
  passwordLong: {
    field: 'password',
    code: 'too_long',
    title: 'Password is too long (maximum is 200 characters)',
  },
  recaptcha: {
    field: 'recaptcha',
    code: 'invalid',
    title: 'We could not confirm that you are not a robot. Please try again.',
  },
} as const satisfies Record<string, ApiErrorItem>;

/** Usernames nobody can take (the chat bot of spec 3 §2 is 'sportspyder'). */
const RESERVED_USERNAMES = new Set(['sportspyder', 'admin', 'administrator', 'support', 'moderator']);

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The format problem of a username, if any (no database). */
export function usernameProblem(value: unknown): ApiErrorItem | undefined {
  const username = text(value)?.trim() ?? '';
  if (username === '') return ACCOUNT_ERRORS.usernameBlank;
  if (!/^[A-Za-z0-9_]+$/.test(username)) return ACCOUNT_ERRORS.usernameChars;
  if (username.length < 4) return ACCOUNT_ERRORS.usernameShort;
  if (username.length > 30) return ACCOUNT_ERRORS.usernameLong;
  return undefined;
}

/** The format problem of an e-mail, if any (no database). */
export function emailProblem(value: unknown): ApiErrorItem | undefined {
  const email = text(value)?.trim() ?? '';
  if (email === '') return ACCOUNT_ERRORS.emailBlank;
  if (email.length > 254 || !looksLikeEmail(email)) return ACCOUNT_ERRORS.emailInvalid;
  return undefined;
}

/** The problem of a new password, if any. */
export function passwordProblem(value: unknown): ApiErrorItem | undefined {
  const password = text(value) ?? '';
  if (password === '') return ACCOUNT_ERRORS.passwordBlank;
  if (password.length < 8) return ACCOUNT_ERRORS.passwordShort;
  if (password.length > 200) return ACCOUNT_ERRORS.passwordLong;
  return undefined;
}

/**
 * Checks the given fields (only those present, unless `all`), formats first, then whether the
 * username or e-mail is taken; answers one item per field with a problem.
 *
 * @example
 * ```ts
 * await accountFieldProblems(db, { email: 'demo@sportspyder.test' }); // [ACCOUNT_ERRORS.emailTaken]
 * ```
 */
export async function accountFieldProblems(
  db: Queryable,
  body: unknown,
  options: { all?: boolean } = {},
): Promise<ApiErrorItem[]> {
  const input = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const has = (field: string) => options.all === true || input[field] !== undefined;
  const problems: ApiErrorItem[] = [];
  if (has('username')) {
    const problem = usernameProblem(input.username);
    if (problem) problems.push(problem);
    else {
      const username = String(input.username).trim();
      const { rows } = await db.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [username]);
      if (rows.length > 0 || RESERVED_USERNAMES.has(username.toLowerCase())) {
        problems.push(ACCOUNT_ERRORS.usernameTaken);
      }
    }
  }
  if (has('email')) {
    const problem = emailProblem(input.email);
    if (problem) problems.push(problem);
    else {
      const { rows } = await db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [
        String(input.email).trim(),
      ]);
      if (rows.length > 0) problems.push(ACCOUNT_ERRORS.emailTaken);
    }
  }
  if (has('password')) {
    const problem = passwordProblem(input.password);
    if (problem) problems.push(problem);
  }
  return problems;
}
