/**
 * E-mail preferences reachable by hash link (spec 3 §3 "Email account", "Subscriber") and the
 * team recap newsletter signup (spec 2 §3 "Newsletter signup").
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { Id, Nullable } from './common.js';

/** Recap newsletter frequency: only weekly or daily. */
export const NewsletterFrequency = Type.Union([Type.Literal('weekly'), Type.Literal('daily')]);
/** Recap newsletter frequency. */
export type NewsletterFrequency = Static<typeof NewsletterFrequency>;

/** A member's e-mail preferences, keyed by the member hash. */
export const EmailAccount = Type.Object({
  email: Type.String(),
  unsubscribeAll: Type.Boolean(),
  emailMessageReplies: Type.Boolean(),
  emailMessageMentions: Type.Boolean(),
  emailMessageThreads: Type.Boolean(),
  emailMessageLikes: Type.Boolean(),
  emailEggNewArticle: Type.Boolean(),
  emailPodcastNewEpisodes: Type.Boolean(),
  emailPodcastRecommendations: Type.Boolean(),
  emailNewsletterRecap: Type.Boolean(),
  emailNewsletterRecapFrequency: NewsletterFrequency,
  emailProduct: Type.Boolean(),
});
/** A member's e-mail preferences. */
export type EmailAccount = Static<typeof EmailAccount>;

/** `GET/PUT api/v1/email/accounts/:id` answer; `meta.recapPreview` links to a recap preview. */
export const EmailAccountResponse = Type.Object({
  emailAccount: EmailAccount,
  meta: Type.Object({ recapPreview: Nullable(Type.String()) }),
});
/** `GET/PUT api/v1/email/accounts/:id` answer. */
export type EmailAccountResponse = Static<typeof EmailAccountResponse>;

/** `PUT api/v1/email/accounts/:id` body: any subset of the flags. */
export const EmailAccountUpdateBody = Type.Partial(Type.Omit(EmailAccount, ['email']));
/** `PUT api/v1/email/accounts/:id` body. */
export type EmailAccountUpdateBody = Static<typeof EmailAccountUpdateBody>;

/** A newsletter subscriber without an account, keyed by hash; `user` is set once converted. */
export const Subscriber = Type.Object({
  id: Id,
  email: Type.String(),
  hash: Type.String(),
  frequency: NewsletterFrequency,
  converted: Type.Boolean(),
  bounced: Type.Boolean(),
  complained: Type.Boolean(),
  subscribed: Type.Boolean(),
  unsubscribeAll: Type.Boolean(),
  team: Nullable(Type.Object({ id: Id, name: Type.String() })),
  user: Nullable(Type.Object({ id: Id, hash: Type.String() })),
});
/** A newsletter subscriber. */
export type Subscriber = Static<typeof Subscriber>;

/** `GET/PUT api/v1/subscribers/:id` answer. */
export const SubscriberResponse = Type.Object({ subscriber: Subscriber });
/** `GET/PUT api/v1/subscribers/:id` answer. */
export type SubscriberResponse = Static<typeof SubscriberResponse>;

/** `PUT api/v1/subscribers/:id` body. */
export const SubscriberUpdateBody = Type.Partial(
  Type.Object({ subscribed: Type.Boolean(), unsubscribeAll: Type.Boolean(), frequency: NewsletterFrequency }),
);
/** `PUT api/v1/subscribers/:id` body. */
export type SubscriberUpdateBody = Static<typeof SubscriberUpdateBody>;

/**
 * `POST api/v1/subscribers` body (newsletter signup). Errors use the codes `blank`, `invalid`,
 * `has_account`, `taken` and `unsubscribed` on the field `email`.
 */
export const NewsletterSignup = Type.Object({
  email: Type.String({
    maxLength: 254,
    description: 'Checked by the server so it can answer the spec codes.',
  }),
  teamId: Id,
});
/** `POST api/v1/subscribers` body. */
export type NewsletterSignup = Static<typeof NewsletterSignup>;

/** `POST api/v1/subscribers` answer: no hash, the link goes by e-mail. */
export const NewsletterSignupResponse = Type.Object({
  subscriber: Type.Object({ id: Id, email: Type.String(), frequency: NewsletterFrequency }),
});
/** `POST api/v1/subscribers` answer. */
export type NewsletterSignupResponse = Static<typeof NewsletterSignupResponse>;
