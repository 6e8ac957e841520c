/**
 * The session: `GET api/v1/session` (who is signed in), `POST` (sign in: rotates the session) and
 * `DELETE` (sign out: ends it).
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes, type Session, type User } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import { clearHits, hit, throttleKey } from '../accounts/throttle.js';
import { verifyPassword } from '../auth/passwords.js';
import { createSession, deleteSession } from '../auth/sessions.js';
import { findCredentials } from '../auth/users.js';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { clearSessionCookie, readSessionToken, setSessionCookie } from '../http/cookies.js';
import { currentUserId } from '../http/current-user.js';
import { HttpError } from '../http/errors.js';
import { sessionUser } from '../listening/session-listening.js';

/** The 422 of a wrong e-mail or password (one message for both, so accounts cannot be probed). */
export const INVALID_CREDENTIALS = {
  code: 'invalid_credentials',
  field: 'password',
  title: 'Invalid email or password',
};

/** The window of the per-account sign-in throttle, in seconds. */
export const SIGN_IN_ACCOUNT_WINDOW_S = 15 * 60;

/** The 429 of too many sign-ins on one account. */
export const SIGN_IN_THROTTLED = {
  code: 'rate_limited',
  title: 'Too many sign-in attempts. Please try again later.',
};

/** Builds the session singleton for a user (or a visitor). */
export function sessionFor(
  user: User | null,
  config: Pick<ServerConfig, 'version' | 'experiment'> &
    Partial<Pick<ServerConfig, 'recaptchaSiteKey' | 'stripePublishableKey' | 'ads'>>,
): Session {
  // The site loads reCAPTCHA or Stripe.js only when the server names their keys here.
  const publicKeys = {
    ...(config.recaptchaSiteKey ? { recaptchaSiteKey: config.recaptchaSiteKey } : {}),
    ...(config.stripePublishableKey ? { stripePublishableKey: config.stripePublishableKey } : {}),
  };
  return {
    id: 'current',
    version: config.version,
    loggedIn: user !== null,
    user,
    promoTeams: [],
    exp: config.experiment,
    ...(Object.keys(publicKeys).length > 0 ? { publicKeys } : {}),
    // The site reserves ad slots only when an ad network runs (ADS=on); off, the field is left out.
    ...(config.ads ? { ads: true } : {}),
  };
}

/** Registers the session routes. */
export async function sessionRoutes(
  app: FastifyInstance,
  opts: { db: Database; config: ServerConfig },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;

  const get = routes.getSession;
  api.route({
    method: get.method,
    url: get.url,
    schema: { response: get.response },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = await currentUserId(request, db, config);
      const user = userId === null ? null : await sessionUser(db, userId);
      return { session: sessionFor(user, config) };
    },
  });

  const signIn = routes.signIn;
  api.route({
    method: signIn.method,
    url: signIn.url,
    schema: { body: signIn.body, response: signIn.response },
    config: { rateLimit: { max: config.signInRateLimitMax, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      const { username, password } = request.body;
      // Per account (any address, known or not, so the answer cannot tell which exist): a window of
      // 15 minutes; the per-client-address limit is the route's rateLimit above.
      const accountKey = throttleKey('sign-in', username);
      const { hits, retryAfter } = await hit(db, accountKey, SIGN_IN_ACCOUNT_WINDOW_S);
      if (hits > config.signInAccountMax) {
        reply.header('retry-after', String(retryAfter));
        throw new HttpError(429, [SIGN_IN_THROTTLED]);
      }
      const credentials = await findCredentials(db, username);
      const ok = await verifyPassword(credentials?.passwordHash ?? null, password);
      if (!credentials || !ok) throw new HttpError(422, [INVALID_CREDENTIALS]);
      await clearHits(db, accountKey);
      // Rotation: whatever session the browser had is ended, and a fresh token is issued.
      await deleteSession(db, readSessionToken(request, config), request.server.sessionMemo);
      const token = await createSession(db, credentials.id, config.sessionDays);
      setSessionCookie(reply, token, config);
      reply.header('cache-control', 'no-store');
      request.log.info({ userId: credentials.id }, 'signed in');
      // What this device played before signing in becomes the member's (spec 1 §4.1).
      return { session: sessionFor(await sessionUser(db, credentials.id, request.body.hash), config) };
    },
  });

  const signOut = routes.signOut;
  api.route({
    method: signOut.method,
    url: signOut.url,
    schema: { response: signOut.response },
    handler: async (request, reply) => {
      await deleteSession(db, readSessionToken(request, config), request.server.sessionMemo);
      clearSessionCookie(reply, config);
      reply.header('cache-control', 'no-store');
      return { session: sessionFor(null, config) };
    },
  });
}
