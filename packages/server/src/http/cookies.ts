/**
 * The session and CSRF cookies exactly as the brief fixes them: `sportspyder_session` (httpOnly,
 * SameSite=Lax; `__Host-` prefixed and Secure in production) and `sportspyder_csrf` (readable by scripts).
 * @module
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';

/** Name of the CSRF token cookie. */
export const CSRF_COOKIE = 'sportspyder_csrf';
/** Header that must echo the CSRF cookie on state-changing requests. */
export const CSRF_HEADER = 'x-csrf-token';

/** Name of the session cookie for a configuration (`__Host-` prefix in production). */
export function sessionCookieName(config: Pick<ServerConfig, 'production'>): string {
  return config.production ? '__Host-sportspyder_session' : 'sportspyder_session';
}

/** Reads the session token of a request, if any. */
export function readSessionToken(request: FastifyRequest, config: Pick<ServerConfig, 'production'>) {
  return request.cookies[sessionCookieName(config)];
}

/** Sets the session cookie to `token` for `days` days. */
export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  config: Pick<ServerConfig, 'production' | 'sessionDays'>,
): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.production,
    maxAge: config.sessionDays * 86_400,
  });
}

/** Removes the session cookie. */
export function clearSessionCookie(reply: FastifyReply, config: Pick<ServerConfig, 'production'>): void {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.production,
  });
}
