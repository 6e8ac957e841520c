/**
 * The session user with its listening data (spec 1 §3 "User": podcastListens; §4.1: the first session
 * read merges server listening data into the device's): the user's row and its listens are read in one
 * statement (issue 15: a member's user bar is the session's statement and this one), after taking over
 * the device's listens when the request names the device.
 * @module
 */
import type { User } from '@sportspyder/contract';
import { loadUser } from '../auth/users.js';
import type { Database } from '../db/database.js';
import { OneRowBatch } from '../db/one-row-batch.js';
import { claimDeviceListens } from './claim-device-listens.js';
import { sessionListeningData } from './load-listens.js';

/**
 * The member `userId` as the session shows it, with its `podcastListens` read from the server; null
 * when the account is gone. With a device `hash` (signing in), the device's listens become the
 * member's first.
 *
 * @example
 * ```ts
 * const user = await sessionUser(db, userId);
 * ```
 */
export async function sessionUser(db: Database, userId: number, hash?: string): Promise<User | null> {
  if (hash) await claimDeviceListens(db, userId, hash);
  // Both loaders send their one-row statement in this turn: OneRowBatch sends them as one.
  const together = new OneRowBatch(db);
  const [user, podcastListens] = await Promise.all([
    loadUser(together, userId),
    sessionListeningData(together, userId),
  ]);
  return user && { ...user, podcastListens };
}
