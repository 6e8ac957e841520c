/**
 * The texts of the account screens (spec 3 §5 and §8) and the rule that turns a server error list
 * into what a form shows: the error box titles, the fields to mark, and the sign-up fields' own
 * texts ('Email has already been taken' → the account-exists message with login and reset links).
 * @module
 */
import type { ApiErrorItem } from '@sportspyder/contract';
import { isApiError, isNetworkError } from '../errors.js';

/** Toast after opening a good verification link (spec 3 §8). */
export const EMAIL_VERIFIED_TOAST = 'Email verified successfully';
/** Text of an invalid verification link (spec 3 §8). */
export const VERIFICATION_INVALID_TEXT =
  'This verification code is invalid. Please click on the link directly from the email or copy the full url provided. Thanks!';
/** Text of a used or expired reset link (spec 3 §8); the page offers 'generate new link'. */
export const RESET_LINK_EXPIRED_TEXT = 'This password reset link has already been used and has expired.';
/** The link label that leads from an expired reset link back to /forgot (spec 3 §4). */
export const GENERATE_NEW_LINK_TEXT = 'generate new link';
/** Toast after setting a password from a reset link (spec 3 §8). */
export const PASSWORD_CHANGED_TOAST = 'Password changed successfully';
/** Toast after the settings password change (spec 3 §8). */
export const PASSWORD_UPDATED_TOAST = 'Password updated successfully!';
/** What /forgot says after any request (the same for known and unknown addresses). */
export const RESET_REQUESTED_TEXT =
  'If an account exists for that email address, we have sent it a link to reset the password. The link works once, for 60 minutes.';
/** Toast after signing up (a verification mail is on its way). */
export const SIGNED_UP_TOAST = 'Welcome to SportSpyder! Check your email to verify your address.';

/** Site text of 'Email is invalid' (spec 3 §5). */
export const EMAIL_INVALID_TEXT = 'This is an invalid email address';
/** Site text of a username error mentioning alphanumeric (spec 3 §5). */
export const USERNAME_CHARACTERS_TEXT = 'Please use only alphanumeric or underscore characters';
/** Start of the account-exists message of 'Email has already been taken' (spec 3 §5); links follow. */
export const EMAIL_TAKEN_TEXT = 'An account with this email address already exists.';

/** Client-side minimums that clear their errors on change (spec 3 §5). */
export const MIN_USERNAME_LENGTH = 4;
/** Client-side password minimum (spec 3 §5). */
export const MIN_PASSWORD_LENGTH = 8;

/** What a sign-up field shows under itself. */
export interface SignupFieldMessage {
  /** The text. */
  text: string;
  /** 'account-exists': render with the login and reset links. */
  kind: 'plain' | 'account-exists';
}

/**
 * The sign-up field text of a server error item (spec 3 §5): taken e-mail → the account-exists
 * message, invalid e-mail → 'This is an invalid email address', a username error mentioning
 * alphanumeric → 'Please use only alphanumeric or underscore characters', else the server's title.
 *
 * @example
 * ```ts
 * signupFieldMessage({ field: 'email', code: 'taken', title: 'Email has already been taken' }).kind; // 'account-exists'
 * ```
 */
export function signupFieldMessage(item: ApiErrorItem): SignupFieldMessage {
  if (item.field === 'email' && /already been taken/i.test(item.title)) {
    return { text: EMAIL_TAKEN_TEXT, kind: 'account-exists' };
  }
  if (item.field === 'email' && /^email is invalid$/i.test(item.title.trim())) {
    return { text: EMAIL_INVALID_TEXT, kind: 'plain' };
  }
  if (item.field === 'username' && /alphanumeric/i.test(item.title)) {
    return { text: USERNAME_CHARACTERS_TEXT, kind: 'plain' };
  }
  return { text: item.title, kind: 'plain' };
}

/** A failed form submission as the form shows it. */
export interface FormErrors {
  /** The error box titles ('The following problems were encountered:' …). */
  titles: string[];
  /** The first error item of each named field. */
  fields: Record<string, ApiErrorItem>;
}

/** No errors. */
export const NO_FORM_ERRORS: FormErrors = Object.freeze({ titles: [], fields: {} }) as FormErrors;

/**
 * Turns any failure of a form's call into the error box titles and the marked fields.
 *
 * @example
 * ```ts
 * formErrors(new ApiError(422, [{ field: 'password', code: 'too_short', title: 'Password is too short' }]));
 * // { titles: ['Password is too short'], fields: { password: {...} } }
 * ```
 */
export function formErrors(error: unknown): FormErrors {
  if (isApiError(error)) {
    const fields: Record<string, ApiErrorItem> = {};
    for (const item of error.errors) if (item.field && !fields[item.field]) fields[item.field] = item;
    if (error.status === 429) {
      return { titles: ['Too many attempts. Please wait a little and try again.'], fields };
    }
    return { titles: error.errors.map((item) => item.title), fields };
  }
  if (isNetworkError(error)) {
    return { titles: ['We could not reach SportSpyder. Check your connection and try again.'], fields: {} };
  }
  return { titles: ['Something went wrong. Please try again.'], fields: {} };
}
