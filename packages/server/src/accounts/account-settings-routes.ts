/**
 * The member's own account calls beside the session and account routes (issue 13, spec 3 §2
 * "Settings", §4 "Chat"): `PUT api/v1/session` (the chat choices: accepted rules, colour, PRO badge;
 * answered with the session like GET), `GET api/v1/profile/export` ("Download my data") and
 * `DELETE api/v1/profile/account` (after the password is typed again; throttled like sign-in).
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type ApiErrorItem, routes } from '@sportspyder/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { verifyPassword } from '../auth/passwords.js';
import { loadUser } from '../auth/users.js';
import type { BillingProvider } from '../billing/billing-provider.js';
import { userNotificationsStream } from '../cable/channels/user-notifications-channel.js';
import type { ServerConfig } from '../config.js';
import { requireMember } from '../content/members/require-member.js';
import type { Database } from '../db/database.js';
import { clearSessionCookie } from '../http/cookies.js';
import { HttpError } from '../http/errors.js';
import { sessionUser } from '../listening/session-listening.js';
import { SIGN_IN_ACCOUNT_WINDOW_S, sessionFor } from '../routes/session.js';
import { deleteAccount } from './account-deletion.js';
import { exportAccount } from './account-export.js';
import { hit, throttleKey } from './throttle.js';

/** The 422 of a wrong password on the account deletion. */
export const DELETE_PASSWORD_WRONG: ApiErrorItem = {
  field: 'password',
  code: 'invalid',
  title: 'Password is incorrect',
};

/** The 422 of turning the PRO badge on without a PRO membership past its trial (spec 3 §6). */
export const PRO_BADGE_NOT_ALLOWED: ApiErrorItem = {
  field: 'chatProBadge',
  code: 'not_pro',
  title: 'The PRO badge is only for PRO members',
};

/** Options of {@link accountSettingsRoutes}. */
export interface AccountSettingsRoutesOptions {
  /** The app's database. */
  db: Database;
  /** The app's configuration. */
  config: ServerConfig;
  /** The card provider, so a deleted account's subscription stops. */
  billingProvider?: BillingProvider | undefined;
}

/**
 * Registers the session update, the account export and the account deletion.
 *
 * @example
 * ```ts
 * await api.register(accountSettingsRoutes, { db, config, billingProvider });
 * ```
 */
export async function accountSettingsRoutes(
  app: FastifyInstance,
  opts: AccountSettingsRoutesOptions,
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;
  const strict = { rateLimit: { max: config.signInRateLimitMax, timeWindow: 60_000 } };

  const update = routes.updateSession;
  api.route({
    method: update.method,
    url: update.url,
    schema: { body: update.body, response: update.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      const { chatAcceptedRules, chatColor, chatProBadge } = request.body;
      if (chatProBadge === true) {
        const user = await loadUser(db, userId);
        if (!user?.pro || user.proState === 'trial') throw new HttpError(422, [PRO_BADGE_NOT_ALLOWED]);
      }
      const sets: string[] = [];
      const values: unknown[] = [userId];
      const set = (column: string, value: unknown) => {
        values.push(value);
        sets.push(`${column} = $${values.length}`);
      };
      if (chatAcceptedRules) set('chat_accepted_rules', true);
      if (chatColor !== undefined) set('chat_color', chatColor);
      if (chatProBadge !== undefined) set('chat_pro_badge', chatProBadge);
      if (sets.length > 0) await db.query(`UPDATE users SET ${sets.join(', ')} WHERE id = $1`, values);
      reply.header('cache-control', 'no-store');
      const user = await sessionUser(db, userId);
      return { session: sessionFor(user, config) };
    },
  });

  const exportRoute = routes.exportAccount;
  api.route({
    method: exportRoute.method,
    url: exportRoute.url,
    schema: { response: exportRoute.response },
    config: strict,
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      const accountExport = await exportAccount(db, userId);
      const day = accountExport.exportedAt.slice(0, 10);
      reply.header('cache-control', 'no-store');
      reply.header('content-disposition', `attachment; filename="sportspyder-account-${day}.json"`);
      return { accountExport };
    },
  });

  const remove = routes.deleteAccount;
  api.route({
    method: remove.method,
    url: remove.url,
    schema: { body: remove.body, response: remove.response },
    config: strict,
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      await throttle(reply, throttleKey('account-delete', userId));
      const { rows } = await db.query<{ password_hash: string }>(
        'SELECT password_hash FROM users WHERE id = $1',
        [userId],
      );
      if (!(await verifyPassword(rows[0]?.password_hash ?? null, request.body.password))) {
        throw new HttpError(422, [DELETE_PASSWORD_WRONG]);
      }
      await deleteAccount(db, userId, { billingProvider: opts.billingProvider });
      app.sessionMemo.ended(userId);
      request.log.info({ userId }, 'account deleted');
      clearSessionCookie(reply, config);
      reply.header('cache-control', 'no-store');
      // The member's other open tabs refetch their session and find themselves signed out.
      await app.broadcaster.publish(userNotificationsStream(userId), {
        type: 'notification',
        notificationsCount: 0,
      });
      return { session: sessionFor(null, config) };
    },
  });

  /** The per-account password throttle of sign-in (429 with Retry-After past the limit). */
  async function throttle(reply: FastifyReply, key: string): Promise<void> {
    const { hits, retryAfter } = await hit(db, key, SIGN_IN_ACCOUNT_WINDOW_S);
    if (hits > config.signInAccountMax) {
      reply.header('retry-after', String(retryAfter));
      throw new HttpError(429, [
        { code: 'rate_limited', title: 'Too many attempts. Please try again later.' },
      ]);
    }
  }
}
