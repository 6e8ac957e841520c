/**
 * Moves a device's listens to the member signed in on it (spec 1 §4.1: the first session read merges
 * listening data): what was played on the device before signing in becomes the member's history.
 * Runs when a signed-in request carries the device hash (sign in, the listens list, player events).
 * @module
 */
import type { Database } from '../db/database.js';
import { listenerKey } from './listening-rules.js';

/**
 * Merges the listens of device `hash` into member `userId`: an episode both have keeps the newer
 * position (and stays completed if either completed it); the others change owner, and their count
 * is the answer. A device without listens costs one indexed probe.
 *
 * @example
 * ```ts
 * await claimDeviceListens(db, userId, request.query.hash);
 * ```
 */
export async function claimDeviceListens(db: Database, userId: number, hash: string): Promise<number> {
  const device = listenerKey({ userId: null, hash });
  const member = listenerKey({ userId, hash });
  const probe = await db.query('SELECT 1 FROM podcast_listens WHERE listener = $1 LIMIT 1', [device]);
  if (probe.rows.length === 0) return 0;
  const merge = () =>
    db.transaction(async (tx) => {
      await tx.query(
        `UPDATE podcast_listens m SET
           time = CASE WHEN d.updated_at > m.updated_at THEN d.time ELSE m.time END,
           duration = coalesce(m.duration, d.duration),
           completed_at = coalesce(m.completed_at, d.completed_at),
           created_at = least(m.created_at, d.created_at),
           updated_at = greatest(m.updated_at, d.updated_at)
         FROM podcast_listens d
         WHERE m.listener = $1 AND d.listener = $2 AND d.episode_id = m.episode_id`,
        [member, device],
      );
      await tx.query(
        `DELETE FROM podcast_listens d USING podcast_listens m
         WHERE d.listener = $2 AND m.listener = $1 AND m.episode_id = d.episode_id`,
        [member, device],
      );
      const { rows } = await tx.query<{ id: number }>(
        'UPDATE podcast_listens SET user_id = $1 WHERE listener = $2 RETURNING id',
        [userId, device],
      );
      return rows.length;
    });
  try {
    return await merge();
  } catch (error) {
    // Two requests of the same device raced (PostgreSQL): the other one moved a row first; once more.
    if ((error as { code?: string }).code !== '23505') throw error;
    return merge();
  }
}
