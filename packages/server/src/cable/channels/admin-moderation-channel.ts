/**
 * AdminModerationChannel (issue 48): reports as they arrive and actions as admins take them, for the
 * admin home's open queue. Admins only: everyone else is rejected.
 * @module
 */
import { ADMIN_MODERATION_STREAM } from '../../chat/moderation-queue.js';
import type { Queryable } from '../../db/database.js';
import type { Channel } from '../channel.js';

/** The admins' moderation channel. */
export const adminModerationChannel = (db: Queryable): Channel => ({
  name: 'AdminModerationChannel',
  subscribe: async ({ connection }) => {
    if (connection.userId === null) return null;
    const { rows } = await db.query<{ admin: boolean }>('SELECT admin FROM users WHERE id = $1', [
      connection.userId,
    ]);
    return rows[0]?.admin === true ? [ADMIN_MODERATION_STREAM] : null;
  },
});
