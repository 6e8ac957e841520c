/**
 * The guard of the admin calls: a visitor gets the contract's 401, a member who is not an admin
 * (`users.admin`) a 403 that says so, an admin goes through with their id and username (the username
 * signs what they change, e.g. "Disabled by admin").
 * @module
 */
import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import { UNAUTHORIZED } from '../content/members/require-member.js';
import type { Database } from '../db/database.js';
import { currentUserId } from '../http/current-user.js';
import { HttpError } from '../http/errors.js';

/** The 403 item of a member who is not an admin. */
export const NOT_AN_ADMIN = {
  code: 'forbidden',
  title: 'Only administrators can manage sources.',
};

/** The admin making a request. */
export interface AdminUser {
  /** Their user id. */
  id: number;
  /** Their username. */
  username: string;
}

const checked = new WeakMap<FastifyRequest, Promise<AdminUser>>();

/**
 * Answers the signed-in admin, or throws the 401 (visitor) or 403 (member, not an admin). Looked up
 * once per request, so a hook and the handler can both ask.
 * @example
 * const admin = await requireAdmin(request, db, config);
 */
export function requireAdmin(
  request: FastifyRequest,
  db: Database,
  config: Pick<ServerConfig, 'production'>,
): Promise<AdminUser> {
  let found = checked.get(request);
  if (!found) {
    found = lookUpAdmin(request, db, config);
    checked.set(request, found);
  }
  return found;
}

async function lookUpAdmin(
  request: FastifyRequest,
  db: Database,
  config: Pick<ServerConfig, 'production'>,
): Promise<AdminUser> {
  const userId = await currentUserId(request, db, config);
  if (userId === null) throw new HttpError(401, [UNAUTHORIZED]);
  const { rows } = await db.query<{ username: string; admin: boolean }>(
    'SELECT username, admin FROM users WHERE id = $1',
    [userId],
  );
  const user = rows[0];
  if (!user) throw new HttpError(401, [UNAUTHORIZED]);
  if (user.admin !== true) throw new HttpError(403, [NOT_AN_ADMIN]);
  return { id: userId, username: user.username };
}
