/**
 * The signed-in guard of the member routes: answers the member's id or throws the contract's 401.
 * @module
 */
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { currentUserId } from '../../http/current-user.js';
import { HttpError } from '../../http/errors.js';

/** The 401 item every member route answers to a visitor. */
export const UNAUTHORIZED = {
  code: 'unauthorized',
  title: 'You need to sign in or sign up before continuing.',
};

/**
 * Answers the signed-in member's id, or throws a 401 with the error list for a visitor.
 *
 * @example
 * ```ts
 * const userId = await requireMember(request, db, config);
 * ```
 */
export async function requireMember(
  request: FastifyRequest,
  db: Database,
  config: Pick<ServerConfig, 'production'>,
): Promise<number> {
  const userId = await currentUserId(request, db, config);
  if (userId === null) throw new HttpError(401, [UNAUTHORIZED]);
  return userId;
}
