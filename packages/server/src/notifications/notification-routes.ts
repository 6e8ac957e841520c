/**
 * The member's notification calls (spec 1 §7): `GET api/v1/profile/notifications`, and
 * `GET/PUT api/v1/profile/account`, whose `notificationsRead: true` marks every notification read
 * (then the new count is pushed, so the member's other tabs refetch their session too). The account
 * call also reads and writes the display name, links-in-new-window and every notify and e-mail flag,
 * and changes the e-mail (with the password typed again; a verification mail goes to the new address,
 * an undo link to the old one) and the username (once a week) through `accounts/account-identity.ts`.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type AccountSettings, type AccountUpdateBody, routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import { changeIdentity } from '../accounts/account-identity.js';
import { reuseKey } from '../accounts/account-tokens.js';
import { requireCurrentPassword } from '../accounts/current-password.js';
import { sendEmailChangedMail } from '../accounts/email-change-mail.js';
import { sendVerificationMail } from '../accounts/verification-mail.js';
import { actsByApiKey } from '../api-keys/api-key-auth.js';
import { userNotificationsStream } from '../cable/channels/user-notifications-channel.js';
import type { ServerConfig } from '../config.js';
import type { Outbox } from '../content/members/outbox.js';
import { requireMember } from '../content/members/require-member.js';
import type { Database, Queryable } from '../db/database.js';
import {
  EMAIL_FLAG_COLUMNS,
  settingsEmailLink,
  updateEmailAccount,
} from '../email-pages/email-preferences.js';
import { HttpError } from '../http/errors.js';
import { mailerFor } from '../mail/mailer.js';
import { listNotifications, markNotificationsRead } from './notifications.js';

const NOTIFY_COLUMNS = {
  notifyMessageMentions: 'notify_message_mentions',
  notifyMessageReplies: 'notify_message_replies',
  notifyMessageThreads: 'notify_message_threads',
  notifyMessageLikes: 'notify_message_likes',
  notifyPodcastPopular: 'notify_podcast_popular',
  notifyPodcastRecommendations: 'notify_podcast_recommendations',
  notifyPodcastNewEpisodes: 'notify_podcast_new_episodes',
  notifyEggNewArticle: 'notify_egg_new_article',
} as const;

const SETTINGS_SELECT = `SELECT id, display_name AS name, username, email, links_in_new_window AS "linksInNewWindow",
  email_unsubscribe_all AS "unsubscribeAll",
  (email_newsletter_recap AND NOT email_unsubscribe_all) AS "isSubscribed",
  ${Object.entries(NOTIFY_COLUMNS)
    .map(([field, column]) => `${column} AS "${field}"`)
    .join(', ')},
  ${Object.entries(EMAIL_FLAG_COLUMNS)
    .map(([field, column]) => `${column} AS "${field}"`)
    .join(', ')},
  email_newsletter_recap_frequency AS "emailNewsletterRecapFrequency",
  username_changed_at AS "usernameChangedAt"
  FROM users WHERE id = $1`;

/**
 * The member's settings. The hash is the member's e-mail preference link, the same on every read
 * (issue 47: never a new 365-day link per read); an API key (read only) gets none, since the link
 * changes the member's mail flags.
 */
async function readSettings(
  db: Queryable,
  userId: number,
  link: { key: Buffer; viaApiKey: boolean },
): Promise<AccountSettings> {
  const { rows } = await db.query<Omit<AccountSettings, 'hash'>>(SETTINGS_SELECT, [userId]);
  const row = rows[0];
  if (!row) throw new HttpError(401, [{ code: 'unauthorized', title: 'You need to sign in.' }]);
  const hash = link.viaApiKey ? '' : await settingsEmailLink(db, { userId, email: row.email }, link.key);
  const changedAt = row.usernameChangedAt as Date | string | null | undefined;
  return {
    ...row,
    id: Number(row.id),
    hash,
    usernameChangedAt: changedAt ? new Date(changedAt).toISOString() : null,
  };
}

/** Registers the notification list and the account settings calls. */
export async function notificationRoutes(
  app: FastifyInstance,
  opts: { db: Database; config: ServerConfig; outbox?: Outbox | undefined },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;
  const outbox = opts.outbox ?? mailerFor(db, config, app.log);
  const key = reuseKey(config.csrfSecret);

  const list = routes.listNotifications;
  api.route({
    method: list.method,
    url: list.url,
    schema: { querystring: list.querystring, response: list.response },
    handler: async (request) => {
      const userId = await requireMember(request, db, config);
      const page = Number(request.query.page ?? 1);
      const perPage = Number(request.query.perPage ?? 25);
      const { notifications, total } = await listNotifications(db, userId, { page, perPage });
      return {
        notifications,
        meta: { pagination: { page, perPage, totalCount: total, totalPages: Math.ceil(total / perPage) } },
      };
    },
  });

  const get = routes.getAccount;
  api.route({
    method: get.method,
    url: get.url,
    schema: { response: get.response },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = await requireMember(request, db, config);
      return { account: await readSettings(db, userId, { key, viaApiKey: actsByApiKey(request) }) };
    },
  });

  const put = routes.updateAccount;
  api.route({
    method: put.method,
    url: put.url,
    schema: { body: put.body, response: put.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      const body: AccountUpdateBody = request.body;
      const identity = await changeIdentity(db, userId, body, {
        confirmEmailChange: () =>
          requireCurrentPassword(db, reply, userId, body.currentPassword, config.signInAccountMax),
      });
      if (identity.newEmail) {
        await sendVerificationMail(db, outbox, {
          userId,
          email: identity.newEmail,
          username: identity.username,
        });
      }
      if (identity.oldEmail && identity.newEmail) {
        await sendEmailChangedMail(db, outbox, {
          userId,
          oldEmail: identity.oldEmail,
          newEmail: identity.newEmail,
        });
      }
      const {
        notificationsRead,
        name,
        linksInNewWindow,
        email: _e,
        username: _u,
        currentPassword: _p,
        ...flags
      } = body;
      const sets: string[] = [];
      const values: unknown[] = [userId];
      const set = (column: string, value: unknown) => {
        values.push(value);
        sets.push(`${column} = $${values.length}`);
      };
      if (name !== undefined) set('display_name', name === null || name.trim() === '' ? null : name.trim());
      if (linksInNewWindow !== undefined) set('links_in_new_window', linksInNewWindow);
      for (const [field, column] of Object.entries(NOTIFY_COLUMNS)) {
        const value = flags[field as keyof typeof NOTIFY_COLUMNS];
        if (value !== undefined) set(column, value);
      }
      if (sets.length > 0) await db.query(`UPDATE users SET ${sets.join(', ')} WHERE id = $1`, values);
      const {
        notifyMessageMentions: _a,
        notifyMessageReplies: _b,
        notifyMessageThreads: _c,
        notifyMessageLikes: _d,
        notifyPodcastPopular: _f,
        notifyPodcastRecommendations: _g,
        notifyPodcastNewEpisodes: _h,
        notifyEggNewArticle: _i,
        ...emailFlags
      } = flags;
      if (Object.keys(emailFlags).length > 0) await updateEmailAccount(db, userId, emailFlags);
      if (notificationsRead && (await markNotificationsRead(db, userId)) > 0) {
        await app.broadcaster.publish(userNotificationsStream(userId), {
          type: 'notification',
          notificationsCount: 0,
        });
      }
      return { account: await readSettings(db, userId, { key, viaApiKey: false }) };
    },
  });
}
