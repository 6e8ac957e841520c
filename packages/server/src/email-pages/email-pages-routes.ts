/**
 * The hash-link e-mail pages' calls (spec 3 §7): `GET/PUT api/v1/email/accounts/:id` and
 * `GET/PUT api/v1/subscribers/:id`, and RFC 8058 one-click unsubscribes. GETs only read, so a mail
 * scanner prefetching a link changes nothing; the pages change flags with PUT (CSRF-checked like every
 * API write). A mail's `List-Unsubscribe` URL is the unsubscribe page itself: a browser's GET gets the
 * page, a mail client's `POST` with `List-Unsubscribe=One-Click` unsubscribes at once (no cookie, no
 * CSRF token: the 128-bit link is the credential, as RFC 8058 intends). Every page and call of these
 * links answers `Referrer-Policy: no-referrer`, so the hash never leaves in a Referer.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { registerRateLimit } from '../http/security.js';
import { isNotificationType, NOTIFICATION_FLAGS } from '../notifications/notification-flags.js';
import {
  type EMAIL_FLAG_COLUMNS,
  memberOfEmailHash,
  readEmailAccount,
  readSubscriber,
  updateEmailAccount,
  updateSubscriber,
} from './email-preferences.js';
import { memberRecapPreview } from './recap-newsletter.js';

const NOT_FOUND = [{ code: 'not_found', title: 'This link is not valid.' }];

/** Paths whose answers carry `Referrer-Policy: no-referrer` (the pages and their calls). */
const NO_REFERRER =
  /^\/(?:email\/|api\/v1\/email\/accounts\/|api\/v1\/subscribers\/|api\/v1\/email_changes\/)/;

/**
 * Sets `Referrer-Policy: no-referrer` on the e-mail pages and their calls; register on the root app
 * after the security headers, so it overrides their policy for these paths only.
 */
export function registerEmailPageHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (NO_REFERRER.test(request.url)) reply.raw.setHeader('Referrer-Policy', 'no-referrer');
    done();
  });
}

/** The path of a member's recap preview page (`meta.recapPreview`). */
export const recapPreviewPath = (hash: string) => `/email/newsletter/preview/${encodeURIComponent(hash)}`;

/** Registers the e-mail account and subscriber calls (inside the API scope). */
export async function emailPageRoutes(app: FastifyInstance, opts: { db: Database }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = opts;

  const getAccount = routes.getEmailAccount;
  api.route({
    method: getAccount.method,
    url: getAccount.url,
    schema: { params: getAccount.params, response: getAccount.response },
    handler: async (request) => {
      const userId = await memberOfEmailHash(db, request.params.id);
      const account = userId === null ? null : await readEmailAccount(db, userId);
      if (!account) throw new HttpError(404, NOT_FOUND);
      return { emailAccount: account, meta: { recapPreview: recapPreviewPath(request.params.id) } };
    },
  });

  const putAccount = routes.updateEmailAccount;
  api.route({
    method: putAccount.method,
    url: putAccount.url,
    schema: { params: putAccount.params, body: putAccount.body, response: putAccount.response },
    handler: async (request) => {
      const userId = await memberOfEmailHash(db, request.params.id);
      const account = userId === null ? null : await updateEmailAccount(db, userId, request.body);
      if (!account) throw new HttpError(404, NOT_FOUND);
      return { emailAccount: account, meta: { recapPreview: recapPreviewPath(request.params.id) } };
    },
  });

  const getSub = routes.getSubscriber;
  api.route({
    method: getSub.method,
    url: getSub.url,
    schema: { params: getSub.params, response: getSub.response },
    handler: async (request) => {
      const subscriber = await readSubscriber(db, request.params.id);
      if (!subscriber) throw new HttpError(404, NOT_FOUND);
      return { subscriber };
    },
  });

  const putSub = routes.updateSubscriber;
  api.route({
    method: putSub.method,
    url: putSub.url,
    schema: { params: putSub.params, body: putSub.body, response: putSub.response },
    handler: async (request) => {
      const subscriber = await updateSubscriber(db, request.params.id, request.body);
      if (!subscriber) throw new HttpError(404, NOT_FOUND);
      return { subscriber };
    },
  });
}

/** True when a one-click body says `List-Unsubscribe=One-Click` (form-encoded or multipart). */
export function isOneClickBody(body: unknown): boolean {
  return typeof body === 'string' && /(?:^|[&\s"])List-Unsubscribe"?(?:=|\s*\r?\n\r?\n)One-Click/.test(body);
}

/**
 * Registers the recap preview page (`GET /email/newsletter/preview/:id`, read only) and the RFC 8058
 * one-click unsubscribes on the unsubscribe pages' URLs (outside `/api`, on the root app): `POST /email/newsletter/unsubscribe/:id` (the member's recap),
 * `/email/notifications/unsubscribe/:id?type=` (one notification type, or every notification mail),
 * `/email/subscriber/unsubscribe/:id` (a subscriber's recap).
 */
export async function oneClickUnsubscribeRoutes(
  app: FastifyInstance,
  opts: {
    db: Database;
    config: Pick<ServerConfig, 'production' | 'rateLimitSkipSecret' | 'rateLimitMax' | 'publicOrigin'>;
  },
): Promise<void> {
  const { db } = opts;
  // Outside /api, so the API's per-IP limit is registered again for these routes.
  await registerRateLimit(app, opts.config, 'email-pages');
  const asText = (_req: unknown, body: string, done: (err: null, body: string) => void) => done(null, body);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 2048 },
    asText,
  );
  app.addContentTypeParser('multipart/form-data', { parseAs: 'string', bodyLimit: 2048 }, asText);

  // The recap preview: a read-only page of what the next recap mail holds.
  app.get<{ Params: { id: string } }>('/email/newsletter/preview/:id', async (request, reply) => {
    const userId = await memberOfEmailHash(db, request.params.id);
    const html =
      userId === null
        ? null
        : await memberRecapPreview(db, userId, request.params.id, opts.config.publicOrigin, new Date());
    if (html === null) throw new HttpError(404, NOT_FOUND);
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
  });

  const done = { unsubscribed: true };
  app.post<{ Params: { id: string }; Querystring: { type?: string } }>(
    '/email/:list/unsubscribe/:id',
    async (request, reply) => {
      const { list, id } = request.params as { list: string; id: string };
      if (!isOneClickBody(request.body)) {
        throw new HttpError(422, [{ code: 'invalid', title: 'Expected List-Unsubscribe=One-Click' }]);
      }
      if (list === 'subscriber') {
        if (!(await updateSubscriber(db, id, { subscribed: false }))) throw new HttpError(404, NOT_FOUND);
        return reply.send(done);
      }
      if (list !== 'newsletter' && list !== 'notifications') throw new HttpError(404, NOT_FOUND);
      const userId = await memberOfEmailHash(db, id);
      if (userId === null) throw new HttpError(404, NOT_FOUND);
      await updateEmailAccount(db, userId, unsubscribeBody(list, request.query.type));
      return reply.send(done);
    },
  );
}

/**
 * The flags an unsubscribe link turns off: the recap for the newsletter; for notifications, the
 * type's mail, or every notification mail without a type (the recap and product mail stay).
 */
export function unsubscribeBody(
  list: 'newsletter' | 'notifications',
  type: string | undefined,
): Partial<Record<keyof typeof EMAIL_FLAG_COLUMNS, boolean>> {
  if (list === 'newsletter') return { emailNewsletterRecap: false };
  if (isNotificationType(type)) return { [NOTIFICATION_FLAGS[type].emailField]: false };
  const all: Partial<Record<keyof typeof EMAIL_FLAG_COLUMNS, boolean>> = {};
  for (const flags of Object.values(NOTIFICATION_FLAGS)) all[flags.emailField] = false;
  return all;
}
