/**
 * The member's signed-in sessions (issue 47): `GET api/v1/profile/sessions` lists them (device in
 * plain words, place when a local GeoIP database is at hand, last seen, the current one marked),
 * `DELETE api/v1/profile/sessions/{id}` ends one and `DELETE api/v1/profile/sessions` every other one.
 * An ended session's next request is a visitor's at once, on every process: the session memo forgets
 * the member's sessions through the cache-invalidation bus, which also drops the member's cached
 * answers. The calls need the session cookie (an API key is no session to mark or keep), and the
 * DELETEs the CSRF token, as every change does.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type ApiErrorItem, routes, type SignedInSession } from '@sportspyder/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import { UNAUTHORIZED } from '../content/members/require-member.js';
import type { Database } from '../db/database.js';
import { clearSessionCookie, readSessionToken } from '../http/cookies.js';
import { HttpError } from '../http/errors.js';
import { describeDevice } from './describe-device.js';
import { noPlaceLookup, type PlaceLookup } from './session-place.js';
import { endOtherSessions, endSession, findSessionUser, listSessions, type SessionRow } from './sessions.js';

/** The 404 of a session number that is not one of the member's live sessions. */
export const SESSION_NOT_FOUND: ApiErrorItem = {
  code: 'not_found',
  title: 'That session has already ended.',
};

/** Options of {@link sessionListRoutes}. */
export interface SessionListRoutesOptions {
  db: Database;
  config: ServerConfig;
  /** A place for an address (default: none; `session-place.ts` says how a GeoIP database plugs in). */
  placeLookup?: PlaceLookup | undefined;
}

/** A stored session as the contract shows it. */
export function signedInSession(row: SessionRow, placeLookup: PlaceLookup = noPlaceLookup): SignedInSession {
  let place: string | null = null;
  try {
    place = row.ip ? placeLookup(row.ip) : null;
  } catch {
    // A broken database file must not break the list: the place is then unknown.
  }
  return {
    id: row.number,
    device: describeDevice(row.userAgent),
    place: place ? place.slice(0, 200) : null,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.current,
  };
}

/**
 * Registers the three calls.
 *
 * @example
 * ```ts
 * await api.register(sessionListRoutes, { db, config });
 * ```
 */
export async function sessionListRoutes(app: FastifyInstance, opts: SessionListRoutesOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;
  const placeLookup = opts.placeLookup ?? noPlaceLookup;

  /** The member and token of the request's session cookie (never an API key's member), or a 401. */
  const signedIn = async (request: FastifyRequest) => {
    const token = readSessionToken(request, config);
    const userId = await findSessionUser(db, token, request.server.sessionMemo);
    if (userId === null || !token) throw new HttpError(401, [UNAUTHORIZED]);
    return { userId, token };
  };

  const answer = async (reply: FastifyReply, userId: number, token: string) => {
    reply.header('cache-control', 'no-store');
    const rows = await listSessions(db, userId, token);
    return { sessions: rows.map((row) => signedInSession(row, placeLookup)) };
  };

  const list = routes.listSessions;
  api.route({
    method: list.method,
    url: list.url,
    schema: { response: list.response },
    handler: async (request, reply) => {
      const { userId, token } = await signedIn(request);
      return answer(reply, userId, token);
    },
  });

  const endOne = routes.endSession;
  api.route({
    method: endOne.method,
    url: endOne.url,
    schema: { params: endOne.params, response: endOne.response },
    handler: async (request, reply) => {
      const { userId, token } = await signedIn(request);
      const ended = await endSession(db, userId, request.params.id, token, request.server.sessionMemo);
      if (!ended) throw new HttpError(404, [SESSION_NOT_FOUND]);
      request.log.info({ userId, current: ended.current }, 'session ended from the session list');
      if (ended.current) {
        // This browser signed itself out: it has no sessions to list any more.
        clearSessionCookie(reply, config);
        reply.header('cache-control', 'no-store');
        return { sessions: [] };
      }
      return answer(reply, userId, token);
    },
  });

  const endOthers = routes.endOtherSessions;
  api.route({
    method: endOthers.method,
    url: endOthers.url,
    schema: { response: endOthers.response },
    handler: async (request, reply) => {
      const { userId, token } = await signedIn(request);
      const ended = await endOtherSessions(db, userId, token, request.server.sessionMemo);
      request.log.info({ userId, ended }, 'other sessions ended');
      return answer(reply, userId, token);
    },
  });
}
