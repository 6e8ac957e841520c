/**
 * The chat step of deleting an account (`accounts/account-deletion.ts`): the member's messages stay
 * where others read them (threads and counts stay whole), with the author set to nobody, which chat
 * shows as the '[deleted]' ghost account; the member's likes (and the counts they made) and reports go.
 * @module
 */
import type { Queryable } from '../db/database.js';

/**
 * Anonymises the chat data of `userId`; run inside the deletion's transaction, before the user row goes.
 *
 * @example
 * ```ts
 * await db.transaction((tx) => anonymiseChatMessagesOf(tx, userId));
 * ```
 */
export async function anonymiseChatMessagesOf(db: Queryable, userId: number): Promise<void> {
  const liked = await db.query<{ message_id: number | string }>(
    'DELETE FROM chat_likes WHERE user_id = $1 RETURNING message_id',
    [userId],
  );
  if (liked.rows.length > 0) {
    await db.query(
      `UPDATE chat_messages m SET likes_count = (SELECT count(*) FROM chat_likes l WHERE l.message_id = m.id)
       WHERE m.id = ANY($1::bigint[])`,
      [liked.rows.map((r) => Number(r.message_id))],
    );
  }
  await db.query('DELETE FROM chat_flags WHERE user_id = $1', [userId]);
  await db.query('DELETE FROM chat_channel_moderators WHERE user_id = $1', [userId]);
  await db.query('UPDATE chat_messages SET user_id = NULL WHERE user_id = $1', [userId]);
  await db.query('UPDATE chat_messages SET deleted_by = NULL WHERE deleted_by = $1', [userId]);
}
