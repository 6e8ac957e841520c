/**
 * CSRF protection by double-submit cookie: every response sets `sportspyder_csrf` when the browser has
 * none, and every POST/PUT/PATCH/DELETE under /api must echo it in `X-CSRF-Token` or gets a 403.
 * A cross-site page can neither read the cookie nor set that header, so it cannot forge the request.
 * @module
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newToken } from '../auth/sessions.js';
import type { ServerConfig } from '../config.js';
import { CSRF_COOKIE, CSRF_HEADER } from './cookies.js';
import { sendErrors } from './errors.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The 403 body of a missing or wrong token. */
export const CSRF_INVALID = {
  errors: [{ code: 'csrf_invalid', title: 'Invalid or missing CSRF token. Reload the page and try again.' }],
};

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Registers the CSRF cookie and check (needs @fastify/cookie). */
export const csrfPlugin = fp(
  async (app: FastifyInstance, options: { config: Pick<ServerConfig, 'production'> }) => {
    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[CSRF_COOKIE];
      if (!cookie) {
        reply.setCookie(CSRF_COOKIE, newToken(), {
          path: '/',
          httpOnly: false, // the client reads it to echo it in the header
          sameSite: 'lax',
          secure: options.config.production,
        });
      }
      const path = request.url.split('?')[0] ?? '';
      if (!UNSAFE.has(request.method) || !(path === '/api' || path.startsWith('/api/'))) return;
      const header = request.headers[CSRF_HEADER];
      if (!cookie || typeof header !== 'string' || !sameToken(cookie, header)) {
        return sendErrors(reply, 403, CSRF_INVALID);
      }
    });
  },
  { name: 'sportspyder-csrf', dependencies: ['@fastify/cookie'] },
);
