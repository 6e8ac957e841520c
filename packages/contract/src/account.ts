/**
 * Accounts (spec 1 §3 "Account settings", spec 3 §3 and §7 "Accounts and e-mail"): the settings
 * read and written by the settings screens, sign-up, password reset, verification, the session
 * update of chat choices, and the followed-team calls.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { ChatColor } from './chat.js';
import { DateTime, Id, Nullable } from './common.js';
import { NewsletterFrequency } from './email.js';
import { SignInBody } from './session.js';

/** The member's account settings with every notification (`notify*`) and e-mail (`email*`) flag. */
export const AccountSettings = Type.Object({
  id: Id,
  name: Nullable(Type.String({ description: 'Display name.' })),
  username: Type.String(),
  email: Type.String(),
  hash: Type.String({ description: 'The member hash used by the e-mail preference links.' }),
  linksInNewWindow: Type.Boolean(),
  isSubscribed: Type.Boolean(),
  unsubscribeAll: Type.Boolean(),
  notifyMessageMentions: Type.Boolean(),
  notifyMessageReplies: Type.Boolean(),
  notifyMessageThreads: Type.Boolean(),
  notifyMessageLikes: Type.Boolean(),
  notifyPodcastPopular: Type.Boolean(),
  notifyPodcastRecommendations: Type.Boolean(),
  notifyPodcastNewEpisodes: Type.Boolean(),
  notifyEggNewArticle: Type.Boolean(),
  emailMessageMentions: Type.Boolean(),
  emailMessageReplies: Type.Boolean(),
  emailMessageThreads: Type.Boolean(),
  emailMessageLikes: Type.Boolean(),
  emailPodcastRecommendations: Type.Boolean(),
  emailPodcastNewEpisodes: Type.Boolean(),
  emailEggNewArticle: Type.Boolean(),
  emailNewsletterRecap: Type.Boolean(),
  emailProduct: Type.Boolean(),
  emailNewsletterRecapFrequency: NewsletterFrequency,
  usernameChangedAt: Type.Optional(Nullable(DateTime)),
});
/** The member's account settings. */
export type AccountSettings = Static<typeof AccountSettings>;

/** `GET/PUT api/v1/profile/account` answer. */
export const AccountResponse = Type.Object({ account: AccountSettings });
/** `GET/PUT api/v1/profile/account` answer. */
export type AccountResponse = Static<typeof AccountResponse>;

/**
 * `PUT api/v1/profile/account` body: any subset of the settings; `notificationsRead: true` marks
 * every notification read. The username needs 4+ characters (letters, digits, underscore).
 */
export const AccountUpdateBody = Type.Partial(
  Type.Object({
    email: Type.String({ format: 'email', maxLength: 254 }),
    currentPassword: Type.String({
      maxLength: 200,
      description:
        'The password, typed again: required when `email` changes the address (422 naming `currentPassword` when missing or wrong).',
    }),
    username: Type.String({ minLength: 4, maxLength: 30, pattern: '^[A-Za-z0-9_]+$' }),
    name: Nullable(Type.String({ maxLength: 60 })),
    linksInNewWindow: Type.Boolean(),
    notificationsRead: Type.Literal(true),
    unsubscribeAll: Type.Boolean(),
    notifyMessageMentions: Type.Boolean(),
    notifyMessageReplies: Type.Boolean(),
    notifyMessageThreads: Type.Boolean(),
    notifyMessageLikes: Type.Boolean(),
    notifyPodcastPopular: Type.Boolean(),
    notifyPodcastRecommendations: Type.Boolean(),
    notifyPodcastNewEpisodes: Type.Boolean(),
    notifyEggNewArticle: Type.Boolean(),
    emailMessageMentions: Type.Boolean(),
    emailMessageReplies: Type.Boolean(),
    emailMessageThreads: Type.Boolean(),
    emailMessageLikes: Type.Boolean(),
    emailPodcastRecommendations: Type.Boolean(),
    emailPodcastNewEpisodes: Type.Boolean(),
    emailEggNewArticle: Type.Boolean(),
    emailNewsletterRecap: Type.Boolean(),
    emailProduct: Type.Boolean(),
    emailNewsletterRecapFrequency: NewsletterFrequency,
  }),
);
/** `PUT api/v1/profile/account` body. */
export type AccountUpdateBody = Static<typeof AccountUpdateBody>;

/**
 * `PUT api/v1/email_changes/:id` answer: the address the undo link restored (mailed to the old address
 * after an e-mail change, valid 7 days; every session of the account ends).
 */
export const EmailChangeUndoResponse = Type.Object({
  emailChange: Type.Object({ email: Type.String() }),
});
/** `PUT api/v1/email_changes/:id` answer. */
export type EmailChangeUndoResponse = Static<typeof EmailChangeUndoResponse>;

/** `PUT api/v1/profile/password` body. */
export const PasswordChangeBody = Type.Object({
  currentPassword: Type.String({ minLength: 1, maxLength: 200 }),
  newPassword: Type.String({ minLength: 8, maxLength: 200 }),
});
/** `PUT api/v1/profile/password` body. */
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;

/** `PUT api/v1/session` body: the chat choices stored on the session user. */
export const SessionUpdateBody = Type.Partial(
  Type.Object({
    chatAcceptedRules: Type.Literal(true),
    chatColor: ChatColor,
    chatProBadge: Type.Boolean({ description: 'Only PRO members past their trial may turn the badge on.' }),
  }),
);
/** `PUT api/v1/session` body. */
export type SessionUpdateBody = Static<typeof SessionUpdateBody>;

/** `DELETE api/v1/profile/account` body: the member's password, typed again. */
export const AccountDeleteBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 200 }) });
/** `DELETE api/v1/profile/account` body. */
export type AccountDeleteBody = Static<typeof AccountDeleteBody>;

/**
 * Everything the account holds, as one JSON document (`GET api/v1/profile/export`): the profile and
 * settings, follows, hides, fantasy teams, listening, notifications, newsletter subscriptions, a
 * billing summary, API key names and the signed-in sessions (browser, address, dates). Never a password
 * hash, a token, a session's id or a provider's secret id.
 */
export const AccountExport = Type.Object({
  format: Type.Literal('sportspyder-account-export'),
  version: Type.Literal(1),
  exportedAt: DateTime,
  sections: Type.Record(Type.String(), Type.Unknown(), {
    description: 'One entry per kind of data (profile, followingTeams, fantasyTeams, ...).',
  }),
});
/** The account export. */
export type AccountExport = Static<typeof AccountExport>;

/** `GET api/v1/profile/export` answer. */
export const AccountExportResponse = Type.Object({ accountExport: AccountExport });
/** `GET api/v1/profile/export` answer. */
export type AccountExportResponse = Static<typeof AccountExportResponse>;

/** A team picked at sign-up, to follow from the start. */
export const SignupTeam = Type.Object({
  id: Id,
  name: Type.String(),
  fullName: Type.String(),
  slug: Type.String(),
  logo: Type.String(),
  sportSlug: Type.String(),
  meta: Type.String(),
});
/** A team picked at sign-up. */
export type SignupTeam = Static<typeof SignupTeam>;

/** `POST api/v1/users` body (sign-up): password 8+, username 4+ (alphanumeric or underscore). */
export const UserSignup = Type.Object({
  username: Type.String({ minLength: 4, maxLength: 30, pattern: '^[A-Za-z0-9_]+$' }),
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.String({ minLength: 8, maxLength: 200 }),
  recaptcha: Type.String({ minLength: 1, maxLength: 4096 }),
  followingTeams: Type.Optional(Type.Array(SignupTeam, { maxItems: 50 })),
  subscriberId: Type.Optional(
    Type.String({ maxLength: 128, description: 'The subscriber converted by /join/:id.' }),
  ),
});
/** `POST api/v1/users` body. */
export type UserSignup = Static<typeof UserSignup>;

/** `POST api/v1/user_validations` body: the fields to check on blur (server-side). */
export const UserValidationBody = Type.Partial(
  Type.Object({
    username: Type.String({ maxLength: 200 }),
    email: Type.String({
      maxLength: 254,
      description:
        'Checked by the server, which answers the spec codes (`invalid` "Email is invalid", `taken`), not by a schema format.',
    }),
    password: Type.String({ maxLength: 200 }),
  }),
);
/** `POST api/v1/user_validations` body. */
export type UserValidationBody = Static<typeof UserValidationBody>;

/** `POST api/v1/user_validations` answer when every given field is fine (else 422 with the errors). */
export const UserValidationResponse = Type.Object({
  userValidation: Type.Object({ valid: Type.Literal(true) }),
});
/** `POST api/v1/user_validations` answer. */
export type UserValidationResponse = Static<typeof UserValidationResponse>;

/** The sign-in credentials (spec 3 §3 "Login"), the same as the `POST api/v1/session` body. */
export const Login = SignInBody;
/** The sign-in credentials. */
export type Login = Static<typeof Login>;

/** A password reset: the e-mail it was asked for and the new password when used. */
export const PasswordReset = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.Optional(Type.String({ minLength: 8, maxLength: 200 })),
});
/** A password reset. */
export type PasswordReset = Static<typeof PasswordReset>;

/** `POST api/v1/lost_passwords` body. */
export const LostPasswordCreateBody = Type.Object({
  email: Type.String({
    minLength: 1,
    maxLength: 254,
    description:
      'Any text is taken: the answer is the same whether or not it names a verified member (no schema format, which would tell a typo apart).',
  }),
});
/** `POST api/v1/lost_passwords` body. */
export type LostPasswordCreateBody = Static<typeof LostPasswordCreateBody>;

/** `PUT api/v1/lost_passwords/:id` body: the new password. */
export const LostPasswordUpdateBody = Type.Object({
  password: Type.String({ minLength: 8, maxLength: 200 }),
});
/** `PUT api/v1/lost_passwords/:id` body. */
export type LostPasswordUpdateBody = Static<typeof LostPasswordUpdateBody>;

/** A reset link as read by `/reset/:id`: used or expired links cannot change the password. */
export const LostPassword = Type.Object({
  id: Type.String(),
  expired: Type.Boolean(),
});
/** A reset link. */
export type LostPassword = Static<typeof LostPassword>;

/** `api/v1/lost_passwords` answers. The create answer never says whether the e-mail exists. */
export const LostPasswordResponse = Type.Object({ lostPassword: LostPassword });
/** `api/v1/lost_passwords` answers. */
export type LostPasswordResponse = Static<typeof LostPasswordResponse>;

/** An e-mail verification (spec 3 §3 "Verification": the id only). */
export const Verification = Type.Object({ id: Type.String() });
/** An e-mail verification. */
export type Verification = Static<typeof Verification>;

/** `PUT api/v1/verifications/:id` answer (an invalid code answers 404). */
export const VerificationResponse = Type.Object({ verification: Verification });
/** `PUT api/v1/verifications/:id` answer. */
export type VerificationResponse = Static<typeof VerificationResponse>;

/** `POST api/v1/profile/following_teams` body: follow a team. */
export const FollowingTeamCreateBody = Type.Object({ teamId: Id });
/** `POST api/v1/profile/following_teams` body. */
export type FollowingTeamCreateBody = Static<typeof FollowingTeamCreateBody>;

/** `PUT api/v1/profile/following_teams` body: the followed team ids in the new order. */
export const FollowingTeamsOrderBody = Type.Object({
  faveIds: Type.Array(Id, { maxItems: 500, uniqueItems: true }),
});
/** `PUT api/v1/profile/following_teams` body. */
export type FollowingTeamsOrderBody = Static<typeof FollowingTeamsOrderBody>;
