/**
 * The chat embed's frame sessions on the API (issue 14). Inside a partner's page the embed's iframe
 * is a cross-site frame: the SameSite=Lax session cookie is not sent there, and SameSite=None would need
 * HTTPS (and is blocked as a third-party cookie more and more). So the frame signs in through a popup,
 * which is first-party: the popup asks for a one-minute code (`createChatEmbedCode`, cookie and CSRF
 * token as usual) and hands it to the frame by postMessage; the frame exchanges it for a frame session
 * (`createChatEmbedSession`) that it keeps in memory and sends in the `x-sportspyder-frame` header.
 *
 * A request carrying that header is authenticated by it alone: the cookies are ignored (a bad token
 * answers 401, never falls back to the cookie), and the CSRF cookie check is skipped (csrf.ts) because
 * a custom header is itself what CSRF cannot forge: another site can neither read the token nor make
 * the browser send it. The frame session works only on the chat and session calls the embed needs
 * ({@link FRAME_SCOPE}); anything else answers 403.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  type ApiErrorItem,
  CHAT_EMBED_CODE_SECONDS,
  CHAT_EMBED_EXCHANGE,
  CHAT_EMBED_FRAME_HEADER,
  CHAT_EMBED_SESSION_SECONDS,
  routes,
} from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import { sessionIdFor } from '../auth/sessions.js';
import type { ServerConfig } from '../config.js';
import { requireMember } from '../content/members/require-member.js';
import type { Database } from '../db/database.js';
import { readSessionToken } from '../http/cookies.js';
import { actAsMember } from '../http/current-user.js';
import { HttpError, sendErrors } from '../http/errors.js';
import { createFrameTokens } from './frame-tokens.js';

/** The refusals of frame requests. */
export const CHAT_EMBED_ERRORS = {
  invalidFrame: { code: 'invalid_frame_session', title: 'Your chat session has ended. Sign in again.' },
  outOfScope: { code: 'frame_scope', title: 'The chat embed cannot make this call.' },
  invalidCode: { code: 'invalid_code', title: 'This sign-in code is not valid. Sign in again.' },
} satisfies Record<string, ApiErrorItem>;

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

/** The calls a frame session may make: reading the session, accepting the rules, and chat. */
export const FRAME_SCOPE: ReadonlySet<string> = new Set(
  [
    routes.getSession,
    routes.updateSession,
    // Every chat call (channels, messages, likes, reports), but not making sign-in codes.
    ...Object.values(routes).filter((r) => r.tag === 'chat' && r !== routes.createChatEmbedCode),
  ].map(key),
);

const EXCHANGE = key(routes.createChatEmbedSession);

/** Options of {@link chatEmbedAuth}. */
export interface ChatEmbedAuthOptions {
  db: Database;
  config: Pick<ServerConfig, 'production' | 'csrfSecret'>;
  /** Clock in ms (tests). */
  now?: () => number;
}

/**
 * Adds frame-session authentication and the two sign-in calls to the API scope `api` (register it
 * before the routes, like the API key authentication).
 *
 * @example
 * ```ts
 * chatEmbedAuth(api, { db, config });
 * ```
 */
export function chatEmbedAuth(app: FastifyInstance, options: ChatEmbedAuthOptions): void {
  const { db, config } = options;
  const tokens = createFrameTokens({ db, secret: config.csrfSecret, now: options.now });
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  // preValidation, as API keys: after the per-address rate limit, before every handler.
  api.addHook('preValidation', async (request, reply) => {
    const header = request.headers[CHAT_EMBED_FRAME_HEADER];
    if (header === undefined) return;
    const route = `${request.method} ${request.routeOptions.url ?? ''}`;
    const value = Array.isArray(header) ? '' : header;
    if (route === EXCHANGE) {
      if (value !== CHAT_EMBED_EXCHANGE)
        return sendErrors(reply, 401, { errors: [CHAT_EMBED_ERRORS.invalidFrame] });
      return;
    }
    if (!FRAME_SCOPE.has(route)) return sendErrors(reply, 403, { errors: [CHAT_EMBED_ERRORS.outOfScope] });
    const userId = value ? await tokens.verifyFrame(value) : null;
    if (userId === null) return sendErrors(reply, 401, { errors: [CHAT_EMBED_ERRORS.invalidFrame] });
    actAsMember(request, userId);
  });

  const code = routes.createChatEmbedCode;
  api.route({
    method: code.method,
    url: code.url,
    schema: { response: code.response },
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      // Only the session cookie makes codes: a frame session cannot extend itself (out of scope above).
      await requireMember(request, db, config);
      const token = readSessionToken(request, config);
      if (!token) throw new HttpError(401, [CHAT_EMBED_ERRORS.invalidFrame]);
      reply.header('cache-control', 'no-store');
      reply.code(201);
      return { code: tokens.issueCode(sessionIdFor(token)), expiresIn: CHAT_EMBED_CODE_SECONDS };
    },
  });

  const exchange = routes.createChatEmbedSession;
  api.route({
    method: exchange.method,
    url: exchange.url,
    schema: { body: exchange.body, response: exchange.response },
    config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      if (request.headers[CHAT_EMBED_FRAME_HEADER] !== CHAT_EMBED_EXCHANGE) {
        throw new HttpError(401, [CHAT_EMBED_ERRORS.invalidFrame]);
      }
      const token = await tokens.redeemCode(request.body.code);
      if (!token) throw new HttpError(422, [{ ...CHAT_EMBED_ERRORS.invalidCode, field: 'code' }]);
      reply.header('cache-control', 'no-store');
      reply.code(201);
      return { token, expiresIn: CHAT_EMBED_SESSION_SECONDS };
    },
  });
}
