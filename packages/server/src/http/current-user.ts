/**
 * Who is making a request: the user of the session cookie, looked up once per request, or the member
 * of an API key on a bearer-authenticated read (`api-keys/api-key-auth.ts` says so first).
 * @module
 */
import type { FastifyRequest } from 'fastify';
import type { SessionMemo } from '../auth/session-memo.js';
import { findSessionUser } from '../auth/sessions.js';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { readSessionToken } from './cookies.js';

const cache = new WeakMap<FastifyRequest, Promise<number | null>>();

/** Answers the signed-in user's id of a request, or null for a visitor. */
export function currentUserId(
  request: FastifyRequest,
  db: Database,
  config: Pick<ServerConfig, 'production'>,
): Promise<number | null> {
  let found = cache.get(request);
  if (!found) {
    // The app's memo of live sessions (absent on a bare Fastify instance in unit tests).
    const memo = (request.server as { sessionMemo?: SessionMemo }).sessionMemo;
    // The address and browser are recorded for the member's list of signed-in sessions.
    const seen = { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
    found = findSessionUser(db, readSessionToken(request, config), memo, seen);
    cache.set(request, found);
  }
  return found;
}

/** Makes `userId` the request's user, whatever its cookies say (an API key's member on a read). */
export function actAsMember(request: FastifyRequest, userId: number): void {
  cache.set(request, Promise.resolve(userId));
}
