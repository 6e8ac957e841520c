/**
 * CSRF protection by OWASP's signed double-submit cookie. The readable cookie `sportspyder_csrf` holds
 * `nonce.HMAC(secret, binding, nonce)`, where the binding is the session (the SHA-256 of the session
 * cookie) or, for a visitor, a random pre-session id kept in an httpOnly cookie. Every POST/PUT/PATCH/
 * DELETE under /api must echo the cookie in `X-CSRF-Token`, and the token must verify for the request's
 * own binding: a token from another session, or a cookie tossed in from a sibling domain, fails. A
 * cross-site page can neither read the cookie nor set the header. The same requests must be JSON (a
 * cross-site HTML form can only send form or text bodies): any other content type is refused with 415.
 *
 * Tokens follow the session: a response that sets, changes or clears the session cookie (sign-in,
 * sign-up, password change, sign-out) carries a new token bound to what the browser will hold next, so
 * the client needs no extra round trip and keeps reading the cookie as before.
 * @module
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHAT_EMBED_FRAME_HEADER } from '@sportspyder/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { newToken, sessionIdFor } from '../auth/sessions.js';
import type { ServerConfig } from '../config.js';
import { CSRF_COOKIE, CSRF_HEADER, sessionCookieName } from './cookies.js';
import { sendErrors } from './errors.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The 403 body of a missing or wrong token. */
export const CSRF_INVALID = {
  errors: [{ code: 'csrf_invalid', title: 'Invalid or missing CSRF token. Reload the page and try again.' }],
};

/** The 415 body of a state-changing API call that is not JSON. */
export const NOT_JSON = {
  errors: [
    {
      code: 'unsupported_media_type',
      title: 'Send the request body as JSON (Content-Type: application/json).',
    },
  ],
};

/** Name of the visitor's pre-session id cookie (`__Host-` prefixed in production, like the session). */
export function preSessionCookieName(config: Pick<ServerConfig, 'production'>): string {
  return config.production ? '__Host-sportspyder_presession' : 'sportspyder_presession';
}

/** Whether a request is a state-changing call of the API (the calls the check applies to). */
export function isCheckedRequest(method: string, url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return UNSAFE.has(method) && (path === '/api' || path.startsWith('/api/'));
}

/** A JSON media type (`application/json`, `application/*+json`), parameters ignored. */
function isJson(contentType: string): boolean {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  return type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type);
}

/** Signs and checks tokens for one secret. */
export class CsrfTokens {
  readonly #secret: Buffer;

  constructor(secret: string | Buffer) {
    this.#secret = Buffer.isBuffer(secret) ? secret : Buffer.from(secret, 'utf8');
  }

  #mac(binding: string, nonce: string): string {
    // The binding is prefixed by its kind, so a session id can never pass for a pre-session id.
    return createHmac('sha256', this.#secret).update(`${binding}\n${nonce}`).digest('base64url');
  }

  /** A new token for `binding` (a fresh random nonce each time). */
  issue(binding: string): string {
    const nonce = randomBytes(16).toString('base64url');
    return `${nonce}.${this.#mac(binding, nonce)}`;
  }

  /** Whether `token` was issued for `binding` with this secret. */
  verify(token: string | undefined, binding: string | null): boolean {
    if (!token || binding === null || token.length > 128) return false;
    const dot = token.indexOf('.');
    if (dot <= 0) return false;
    const expected = Buffer.from(this.#mac(binding, token.slice(0, dot)));
    const given = Buffer.from(token.slice(dot + 1));
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

/** The binding of a session cookie value. */
function sessionBinding(sessionToken: string): string {
  return `session:${sessionIdFor(sessionToken)}`;
}

/** The binding of a pre-session id. */
function preSessionBinding(id: string): string {
  return `pre:${id}`;
}

/** The value a response's Set-Cookie headers give cookie `name`: a string, '' when cleared, undefined when untouched. */
function cookieSetBy(reply: FastifyReply, name: string): string | undefined {
  const header = reply.getHeader('set-cookie');
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [String(header)];
  let value: string | undefined;
  for (const line of lines) {
    if (!line.startsWith(`${name}=`)) continue;
    const raw = line.slice(name.length + 1).split(';')[0] ?? '';
    const cleared = /;\s*max-age=0\b/i.test(line) || raw === '';
    value = cleared ? '' : decodeURIComponent(raw);
  }
  return value;
}

/**
 * The CSRF secret when CSRF_SECRET is not set and the server keeps data on disk: 32 random bytes made
 * once in `<dataDir>/csrf-secret` and read by every later start and every process sharing the folder
 * (so tokens survive a restart). Created under a temporary name and hard-linked into place, so two
 * processes starting together agree on one secret.
 *
 * @example
 * ```ts
 * config.csrfSecret ??= persistedCsrfSecret(config.dataDir);
 * ```
 */
export function persistedCsrfSecret(dataDir: string): string {
  const file = join(dataDir, 'csrf-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(temp, randomBytes(32).toString('base64url'), { mode: 0o600 });
    try {
      linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(temp, { force: true });
    }
    return readFileSync(file, 'utf8').trim();
  }
}

/** An unsafe route the check does not cover (registered outside /api). */
export interface CsrfExemptRoute {
  method: string;
  url: string;
}

const exemptByApp = new WeakMap<FastifyInstance, CsrfExemptRoute[]>();

/**
 * The state-changing routes of `app` outside the CSRF check (outside /api), as registered: the
 * security test compares them with the documented list, so a new one cannot appear unnoticed.
 */
export function csrfExemptRoutes(app: FastifyInstance): CsrfExemptRoute[] {
  return [...(exemptByApp.get(app) ?? [])];
}

/** Registers the CSRF cookies and checks (needs @fastify/cookie). */
export const csrfPlugin = fp(
  async (app: FastifyInstance, options: { config: Pick<ServerConfig, 'production' | 'csrfSecret'> }) => {
    const { config } = options;
    // Without CSRF_SECRET (tests, an in-memory server) a per-process secret is as safe: tokens only
    // have to outlive the process, and a stale cookie is replaced by the next answer.
    const tokens = new CsrfTokens(config.csrfSecret ?? randomBytes(32));
    const sessionCookie = sessionCookieName(config);
    const preSessionCookie = preSessionCookieName(config);
    const cookieOptions = { path: '/', sameSite: 'lax' as const, secure: config.production };

    const exempt: CsrfExemptRoute[] = [];
    exemptByApp.set(app, exempt);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (UNSAFE.has(method) && !isCheckedRequest(method, route.url))
          exempt.push({ method, url: route.url });
      }
    });

    /** The binding of a request as it arrived, or null for a browser with neither cookie. */
    function requestBinding(request: FastifyRequest): string | null {
      const session = request.cookies[sessionCookie];
      if (session) return sessionBinding(session);
      const pre = request.cookies[preSessionCookie];
      return pre ? preSessionBinding(pre) : null;
    }

    app.addHook('onRequest', async (request, reply) => {
      // Checked after routing: a request no route took changes nothing, and answers its own 404 or 405
      // (http/method-not-allowed.ts), so `DELETE /api/v1/sports` learns its method is wrong, not its token.
      if (request.is404 || !isCheckedRequest(request.method, request.url)) return;
      const cookie = request.cookies[CSRF_COOKIE];
      const header = request.headers[CSRF_HEADER];
      // The chat embed's frame authenticates by its own header, never by cookies (embed/chat-embed-auth.ts
      // answers a bad one with 401), and a header is what CSRF cannot forge: no cookie token applies.
      const frame = request.headers[CHAT_EMBED_FRAME_HEADER] !== undefined;
      if (
        !frame &&
        (typeof header !== 'string' || header !== cookie || !tokens.verify(header, requestBinding(request)))
      ) {
        return sendErrors(reply, 403, CSRF_INVALID);
      }
      const contentType = request.headers['content-type'];
      if (contentType !== undefined && !isJson(contentType)) return sendErrors(reply, 415, NOT_JSON);
    });

    // Runs after @fastify/cookie's own onSend (registered first, a declared dependency), so the
    // handler's session cookie is already in the Set-Cookie header and later setCookie calls are
    // written at once.
    app.addHook('onSend', async (request, reply, payload) => {
      const setSession = cookieSetBy(reply, sessionCookie);
      // A response shared caches may keep (assets, RSS) must not hand one visitor's cookies to all.
      const shared = /\bpublic\b/i.test(String(reply.getHeader('cache-control') ?? ''));
      if (shared && setSession === undefined) return payload;
      const session = setSession === undefined ? request.cookies[sessionCookie] : setSession;
      let binding: string;
      if (session) {
        binding = sessionBinding(session);
      } else {
        let pre = request.cookies[preSessionCookie];
        if (!pre) {
          pre = newToken();
          reply.setCookie(preSessionCookie, pre, { ...cookieOptions, httpOnly: true });
        }
        binding = preSessionBinding(pre);
      }
      if (!tokens.verify(request.cookies[CSRF_COOKIE], binding)) {
        // httpOnly false: the client reads it to echo it in the header.
        reply.setCookie(CSRF_COOKIE, tokens.issue(binding), { ...cookieOptions, httpOnly: false });
      }
      return payload;
    });
  },
  { name: 'sportspyder-csrf', dependencies: ['@fastify/cookie'] },
);
