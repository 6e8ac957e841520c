/**
 * Account routes (spec 1 §7, spec 3 §7 "Accounts and e-mail"): the session update of chat choices,
 * sign-up, field checks, password reset, verification, the contact form, e-mail preference pages,
 * newsletter signup, account settings, password change and notifications.
 * @module
 */
import {
  AccountDeleteBody,
  AccountExportResponse,
  AccountResponse,
  AccountUpdateBody,
  EmailChangeUndoResponse,
  LostPasswordCreateBody,
  LostPasswordResponse,
  LostPasswordUpdateBody,
  PasswordChangeBody,
  SessionUpdateBody,
  UserSignup,
  UserValidationBody,
  UserValidationResponse,
  VerificationResponse,
} from '../account.js';
import { HashParams } from '../common.js';
import {
  EmailAccountResponse,
  EmailAccountUpdateBody,
  NewsletterSignup,
  NewsletterSignupResponse,
  SubscriberResponse,
  SubscriberUpdateBody,
} from '../email.js';
import { Feedback, FeedbackResponse } from '../feedback.js';
import { NotificationList } from '../lists.js';
import { errorResponses, idParams, pagedQuery, type RouteDef } from '../route-def.js';
import { SessionResponse } from '../session.js';
import { SignedInSessionList } from '../signed-in-session.js';

/** Routes of accounts, e-mail preferences, the contact form and notifications. */
export const accountRoutes = {
  updateSession: {
    method: 'PUT',
    url: '/api/v1/session',
    tag: 'session',
    summary:
      'Stores chat choices on the signed-in member: accepted rules, chat colour, PRO badge; answers the session like GET.',
    body: SessionUpdateBody,
    response: { 200: SessionResponse, ...errorResponses(401, 403, 422) },
  },
  createUser: {
    method: 'POST',
    url: '/api/v1/users',
    tag: 'account',
    summary: 'Signs up (recaptcha checked) and signs the new member in; starts the 7-day PRO trial.',
    body: UserSignup,
    response: { 201: SessionResponse, ...errorResponses(403, 422, 429) },
  },
  createUserValidation: {
    method: 'POST',
    url: '/api/v1/user_validations',
    tag: 'account',
    summary: 'Checks sign-up fields on blur; 422 lists the problems per field.',
    body: UserValidationBody,
    response: { 200: UserValidationResponse, ...errorResponses(403, 422, 429) },
  },
  createLostPassword: {
    method: 'POST',
    url: '/api/v1/lost_passwords',
    tag: 'account',
    summary: 'Sends a password reset link to the e-mail (same answer whether or not an account exists).',
    body: LostPasswordCreateBody,
    response: { 201: LostPasswordResponse, ...errorResponses(403, 422, 429) },
  },
  getLostPassword: {
    method: 'GET',
    url: '/api/v1/lost_passwords/:id',
    tag: 'account',
    summary: 'Reads a reset link: `expired` once used or too old.',
    params: HashParams,
    response: { 200: LostPasswordResponse, ...errorResponses(404) },
  },
  updateLostPassword: {
    method: 'PUT',
    url: '/api/v1/lost_passwords/:id',
    tag: 'account',
    summary: 'Sets a new password from a reset link; the link expires and every session of the member ends.',
    params: HashParams,
    body: LostPasswordUpdateBody,
    response: { 200: LostPasswordResponse, ...errorResponses(403, 404, 422, 429) },
  },
  updateVerification: {
    method: 'PUT',
    url: '/api/v1/verifications/:id',
    tag: 'account',
    summary: 'Verifies an e-mail address from the code of the link; unknown codes answer 404.',
    params: HashParams,
    response: { 200: VerificationResponse, ...errorResponses(403, 404, 429) },
  },
  undoEmailChange: {
    method: 'PUT',
    url: '/api/v1/email_changes/:id',
    tag: 'account',
    summary:
      'Undoes an e-mail change from the link mailed to the old address (7 days, once): the old address comes back verified, every session ends; 422 when another account took it meanwhile.',
    params: HashParams,
    response: { 200: EmailChangeUndoResponse, ...errorResponses(403, 404, 422, 429) },
  },
  createFeedback: {
    method: 'POST',
    url: '/api/v1/feedbacks',
    tag: 'account',
    summary: 'Sends the contact form (topic rules: url for 2 and 3; subject and message for 1, 5 and 7).',
    body: Feedback,
    response: { 201: FeedbackResponse, ...errorResponses(403, 422, 429) },
  },
  getEmailAccount: {
    method: 'GET',
    url: '/api/v1/email/accounts/:id',
    tag: 'email',
    summary: "Reads a member's e-mail preferences by the member hash (no sign-in).",
    params: HashParams,
    response: { 200: EmailAccountResponse, ...errorResponses(404) },
  },
  updateEmailAccount: {
    method: 'PUT',
    url: '/api/v1/email/accounts/:id',
    tag: 'email',
    summary: "Updates a member's e-mail preferences by the member hash (unsubscribe pages, frequency).",
    params: HashParams,
    body: EmailAccountUpdateBody,
    response: { 200: EmailAccountResponse, ...errorResponses(403, 404, 422) },
  },
  getSubscriber: {
    method: 'GET',
    url: '/api/v1/subscribers/:id',
    tag: 'email',
    summary: 'Reads a newsletter subscriber by hash (no sign-in).',
    params: HashParams,
    response: { 200: SubscriberResponse, ...errorResponses(404) },
  },
  updateSubscriber: {
    method: 'PUT',
    url: '/api/v1/subscribers/:id',
    tag: 'email',
    summary: 'Updates a newsletter subscriber by hash: subscribed, unsubscribe all, frequency.',
    params: HashParams,
    body: SubscriberUpdateBody,
    response: { 200: SubscriberResponse, ...errorResponses(403, 404, 422) },
  },
  createSubscriber: {
    method: 'POST',
    url: '/api/v1/subscribers',
    tag: 'email',
    summary:
      'Signs an e-mail up for the weekly recap newsletter of a team (error codes blank, invalid, has_account, taken, unsubscribed).',
    body: NewsletterSignup,
    response: { 201: NewsletterSignupResponse, ...errorResponses(403, 422, 429) },
  },
  getAccount: {
    method: 'GET',
    url: '/api/v1/profile/account',
    tag: 'account',
    summary: "Reads the member's account settings.",
    response: { 200: AccountResponse, ...errorResponses(401) },
  },
  updateAccount: {
    method: 'PUT',
    url: '/api/v1/profile/account',
    tag: 'account',
    summary: 'Updates account settings and flags; `notificationsRead: true` marks every notification read.',
    body: AccountUpdateBody,
    response: { 200: AccountResponse, ...errorResponses(401, 403, 422) },
  },
  exportAccount: {
    method: 'GET',
    url: '/api/v1/profile/export',
    tag: 'account',
    summary: 'Downloads everything the account holds as one JSON document (no password or token hashes).',
    response: { 200: AccountExportResponse, ...errorResponses(401, 429) },
  },
  deleteAccount: {
    method: 'DELETE',
    url: '/api/v1/profile/account',
    tag: 'account',
    summary:
      'Deletes the account after the password is typed again: personal data erased, every session ended, what others keep seeing anonymised.',
    body: AccountDeleteBody,
    response: { 200: SessionResponse, ...errorResponses(401, 403, 422, 429) },
  },
  updatePassword: {
    method: 'PUT',
    url: '/api/v1/profile/password',
    tag: 'account',
    summary: 'Changes the password (the current one is checked; other sessions end).',
    body: PasswordChangeBody,
    response: { 200: SessionResponse, ...errorResponses(401, 403, 422, 429) },
  },
  listSessions: {
    method: 'GET',
    url: '/api/v1/profile/sessions',
    tag: 'account',
    summary:
      "Lists the member's signed-in sessions (device, place when known, last seen; the current one first). Needs the session cookie: an API key answers 401.",
    response: { 200: SignedInSessionList, ...errorResponses(401) },
  },
  endSession: {
    method: 'DELETE',
    url: '/api/v1/profile/sessions/:id',
    tag: 'account',
    summary:
      "Ends one of the member's sessions: its next request is a visitor's. Ending the current one signs this browser out (the answer's list is then empty).",
    params: idParams('id'),
    response: { 200: SignedInSessionList, ...errorResponses(401, 403, 404, 422) },
  },
  endOtherSessions: {
    method: 'DELETE',
    url: '/api/v1/profile/sessions',
    tag: 'account',
    summary: 'Ends every session of the member but the current one ("Sign out all other sessions").',
    response: { 200: SignedInSessionList, ...errorResponses(401, 403) },
  },
  listNotifications: {
    method: 'GET',
    url: '/api/v1/profile/notifications',
    tag: 'notifications',
    summary: "Lists the member's notifications, newest first.",
    querystring: pagedQuery(25),
    response: { 200: NotificationList, ...errorResponses(401) },
  },
} as const satisfies Record<string, RouteDef>;
