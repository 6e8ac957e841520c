/**
 * The session user's listening data (spec 1 §3 "User": podcastListens; §4.1: the first session read
 * merges server listening data into the device's): filled in by the session routes from the listens
 * table, after taking over the device's listens when the request names the device.
 * @module
 */
import type { User } from '@sportspyder/contract';
import type { Database } from '../db/database.js';
import { claimDeviceListens } from './claim-device-listens.js';
import { sessionListeningData } from './load-listens.js';

/**
 * Answers `user` with its `podcastListens` read from the server (null stays null). With a device
 * `hash` (signing in), the device's listens become the member's first.
 *
 * @example
 * ```ts
 * const user = await withListeningData(db, await loadUser(db, userId));
 * ```
 */
export async function withListeningData(
  db: Database,
  user: User | null,
  hash?: string,
): Promise<User | null> {
  if (!user) return null;
  if (hash) await claimDeviceListens(db, user.id, hash);
  return { ...user, podcastListens: await sessionListeningData(db, user.id) };
}
