/**
 * The account calls of spec 3 §7 "Accounts and e-mail" as the screens run them: sign-up (then the
 * page reloads signed in, as after sign-in), the on-blur field checks, forgotten passwords, reset
 * links, verification links and the password change. Reset and verification links answer 404 for
 * unknown codes; those calls do not go to the not-found page, the screens show the spec's texts.
 * @module
 */
import type {
  ApiErrorItem,
  EmailChangeUndoResponse,
  LostPasswordResponse,
  SessionResponse,
  SignupTeam,
  SubscriberResponse,
  UserSignup,
  UserValidationBody,
  UserValidationResponse,
  VerificationResponse,
} from '@sportspyder/contract';
import type { SportSpyderClient } from '../client.js';
import { apiPath } from '../content/resource-path.js';
import { isApiError } from '../errors.js';
import {
  EMAIL_VERIFIED_TOAST,
  PASSWORD_CHANGED_TOAST,
  PASSWORD_UPDATED_TOAST,
  SIGNED_UP_TOAST,
} from './account-texts.js';
import { type CaptchaProvider, localCaptcha } from './captcha.js';

/** The part of the client the account calls use. */
export type AccountClient = Pick<SportSpyderClient, 'api' | 'session' | 'toasts' | 'env'>;

const USERS = '/api/v1/users';
const USER_VALIDATIONS = '/api/v1/user_validations';
const LOST_PASSWORDS = '/api/v1/lost_passwords';
const LOST_PASSWORD = '/api/v1/lost_passwords/:id';
const VERIFICATION = '/api/v1/verifications/:id';
const PASSWORD = '/api/v1/profile/password';
const SUBSCRIBER = '/api/v1/subscribers/:id';
const EMAIL_CHANGE = '/api/v1/email_changes/:id';

/** Sign-up input (the captcha token is fetched by {@link signUp}). */
export interface SignUpInput {
  username: string;
  email: string;
  password: string;
  /** Teams to follow from the start. */
  followingTeams?: SignupTeam[] | undefined;
  /** The newsletter subscriber converting (the id of /join/:id). */
  subscriberId?: string | undefined;
}

/**
 * `POST api/v1/users`: creates the account (a captcha token first), shows the welcome toast and
 * reloads the page, which then loads signed in. Rejects with the `ApiError` of a refusal (422 with
 * the fields).
 */
export async function signUp(
  client: AccountClient,
  input: SignUpInput,
  captcha: CaptchaProvider = localCaptcha,
): Promise<SessionResponse> {
  const body: UserSignup = {
    username: input.username.trim(),
    email: input.email.trim(),
    password: input.password,
    recaptcha: await captcha.token(),
    ...(input.followingTeams?.length ? { followingTeams: input.followingTeams } : {}),
    ...(input.subscriberId ? { subscriberId: input.subscriberId } : {}),
  };
  const answer = await client.api.post<SessionResponse>(apiPath(USERS), body, { handleNotFound: false });
  client.toasts.show(SIGNED_UP_TOAST, 'success');
  client.env.reload();
  return answer;
}

/**
 * `POST api/v1/user_validations` for the fields given: resolves with no errors when they are fine,
 * else with the server's items (a 422 is an answer here, not a failure). Other failures reject.
 */
export async function validateAccountFields(
  client: AccountClient,
  fields: UserValidationBody,
): Promise<{ valid: boolean; errors: readonly ApiErrorItem[] }> {
  try {
    await client.api.post<UserValidationResponse>(apiPath(USER_VALIDATIONS), fields, {
      handleNotFound: false,
      handleRateLimit: false,
    });
    return { valid: true, errors: [] };
  } catch (error) {
    if (isApiError(error, 422)) return { valid: false, errors: error.errors };
    throw error;
  }
}

/** `POST api/v1/lost_passwords`: asks for a reset link (the answer is the same for every address). */
export async function requestPasswordReset(client: AccountClient, email: string): Promise<void> {
  await client.api.post<LostPasswordResponse>(
    apiPath(LOST_PASSWORDS),
    { email: email.trim() },
    { handleNotFound: false },
  );
}

/** The state of a reset link: usable, or used/expired/unknown (the same text for all three). */
export type ResetLinkState = 'usable' | 'expired';

/** `GET api/v1/lost_passwords/:id`: whether the link can still change the password. */
export async function readResetLink(client: AccountClient, id: string): Promise<ResetLinkState> {
  try {
    const { lostPassword } = await client.api.get<LostPasswordResponse>(apiPath(LOST_PASSWORD, { id }), {
      handleNotFound: false,
    });
    return lostPassword.expired ? 'expired' : 'usable';
  } catch (error) {
    if (isApiError(error, 404)) return 'expired';
    throw error;
  }
}

/**
 * `PUT api/v1/lost_passwords/:id`: sets the new password and shows 'Password changed successfully'.
 * Resolves 'expired' when the link was used or expired meanwhile; other refusals reject.
 */
export async function resetPassword(
  client: AccountClient,
  id: string,
  password: string,
): Promise<'done' | 'expired'> {
  try {
    await client.api.put<LostPasswordResponse>(
      apiPath(LOST_PASSWORD, { id }),
      { password },
      { handleNotFound: false },
    );
  } catch (error) {
    if (isApiError(error, 404) || (isApiError(error, 422) && error.firstError.code === 'expired'))
      return 'expired';
    throw error;
  }
  client.toasts.show(PASSWORD_CHANGED_TOAST, 'success');
  return 'done';
}

/**
 * `PUT api/v1/verifications/:id`: 'verified' (toast 'Email verified successfully', and the session
 * refetched) or 'invalid'. Network failures and server errors reject.
 */
export async function verifyEmail(client: AccountClient, id: string): Promise<'verified' | 'invalid'> {
  try {
    await client.api.put<VerificationResponse>(apiPath(VERIFICATION, { id }), undefined, {
      handleNotFound: false,
    });
  } catch (error) {
    if (isApiError(error, 404)) return 'invalid';
    throw error;
  }
  client.toasts.show(EMAIL_VERIFIED_TOAST, 'success');
  await client.session.refetch().catch(() => undefined);
  return 'verified';
}

/** What the undo link of an e-mail change did. */
export type EmailChangeUndo =
  | { state: 'undone'; email: string }
  | { state: 'invalid' }
  | { state: 'taken'; title: string };

/**
 * `PUT api/v1/email_changes/:id` (the link mailed to the old address after an e-mail change): the old
 * address is back and every session of the account ended ('undone', the session refetched: this
 * browser is signed out too); 'invalid' for a used, expired or unknown link; 'taken' when another
 * account has the old address now. Network failures and server errors reject.
 */
export async function undoEmailChange(client: AccountClient, id: string): Promise<EmailChangeUndo> {
  try {
    const { emailChange } = await client.api.put<EmailChangeUndoResponse>(
      apiPath(EMAIL_CHANGE, { id }),
      undefined,
      { handleNotFound: false },
    );
    await client.session.refetch().catch(() => undefined);
    return { state: 'undone', email: emailChange.email };
  } catch (error) {
    if (isApiError(error, 404)) return { state: 'invalid' };
    if (isApiError(error, 422)) return { state: 'taken', title: error.firstError.title };
    throw error;
  }
}

/**
 * `PUT api/v1/profile/password`: changes the password (every other session ends; this one
 * continues) and shows 'Password updated successfully!'. Rejects with the `ApiError` of a refusal.
 */
export async function changePassword(
  client: AccountClient,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  await client.api.put<SessionResponse>(apiPath(PASSWORD), input, { handleNotFound: false });
  client.toasts.show(PASSWORD_UPDATED_TOAST, 'success');
  await client.session.refetch().catch(() => undefined);
}

/**
 * The e-mail of the newsletter subscriber converting on /join/:id (`GET api/v1/subscribers/:id`), to
 * prefill the form; null when the link is unknown or the read fails (the form still works empty).
 */
export async function readSubscriberEmail(client: AccountClient, id: string): Promise<string | null> {
  try {
    const { subscriber } = await client.api.get<SubscriberResponse>(apiPath(SUBSCRIBER, { id }), {
      handleNotFound: false,
    });
    return subscriber.email;
  } catch {
    return null;
  }
}
