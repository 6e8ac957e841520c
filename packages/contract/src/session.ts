/**
 * The session singleton (spec 1 §3 "Session") and the sign-in request.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { User } from './user.js';

/** One variant of an experiment with its share in percent. */
export const ExperimentVariant = Type.Object({ id: Type.Integer(), percentage: Type.Number({ minimum: 0 }) });
/** One variant of an experiment. */
export type ExperimentVariant = Static<typeof ExperimentVariant>;

/** The running experiment; variants 4 and 5 switch ads off or on (spec 1 §6). */
export const Experiment = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  platform: Type.String(),
  variants: Type.Array(ExperimentVariant),
});
/** The running experiment. */
export type Experiment = Static<typeof Experiment>;

/**
 * The public keys of the third-party services the server has configured, which the site loads only
 * then: Google reCAPTCHA v3 on the join and contact pages, Stripe's card element on billing. A key
 * left out means the local default (the local captcha token, the local test-card entry).
 */
export const PublicKeys = Type.Object({
  recaptchaSiteKey: Type.Optional(Type.String({ minLength: 1 })),
  stripePublishableKey: Type.Optional(Type.String({ minLength: 1 })),
});
/** The public keys of the configured third-party services. */
export type PublicKeys = Static<typeof PublicKeys>;

/** The session: who is signed in, the deployed version (for reloads) and the experiment. */
export const Session = Type.Object({
  id: Type.String(),
  version: Type.String(),
  loggedIn: Type.Boolean(),
  user: Type.Union([User, Type.Null()]),
  promoTeams: Type.Array(Type.Integer()),
  exp: Type.Union([Experiment, Type.Null()]),
  /** Present only when a third-party key is configured. */
  publicKeys: Type.Optional(PublicKeys),
  /**
   * True when the operator runs an ad network (the server's `ADS` setting): only then does the site
   * reserve ad slots for its script to fill. Left out (the default): no slot takes any space.
   */
  ads: Type.Optional(
    Type.Boolean({
      description: 'True when an ad network is configured (ADS=on); the site then shows ad slots.',
    }),
  ),
});
/** The session. */
export type Session = Static<typeof Session>;

/** `GET/POST/DELETE api/v1/session` answer. */
export const SessionResponse = Type.Object({ session: Session });
/** `GET/POST/DELETE api/v1/session` answer. */
export type SessionResponse = Static<typeof SessionResponse>;

/** `POST api/v1/session` body: sign in with the e-mail as username, the password and the device hash. */
export const SignInBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 200 }),
  hash: Type.Optional(Type.String({ maxLength: 64 })),
});
/** `POST api/v1/session` body. */
export type SignInBody = Static<typeof SignInBody>;
