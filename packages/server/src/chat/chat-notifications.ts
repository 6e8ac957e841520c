/**
 * The chat's notifications (spec 1 §3 "Notification": message_replies, message_mentions,
 * message_threads, message_likes): who hears of a new message or a like, written inside the chat
 * write's own transaction through the notifications module (which applies each member's notify and
 * e-mail flags). The dispatcher of every server process then pushes the new counts and mails them.
 * One member gets one notification per message: a reply to your message that also mentions you is a
 * reply, not a reply and a mention.
 * @module
 */
import type { Queryable } from '../db/database.js';
import { createNotifications, type NotificationMessageInput } from '../notifications/notifications.js';
import type { MessageRef } from './chat-streams.js';

/** The sentences the notification list shows after the member's name. */
export const CHAT_NOTIFICATION_EVENTS = {
  message_replies: 'replied to your message',
  message_threads: 'replied in a thread you are in',
  message_mentions: 'mentioned you',
  message_likes: 'liked your message',
} as const;

// Usernames are 4+ letters, digits or underscores (spec 3 §5); a mention is '@' and one of them,
// not preceded by a word character (so an e-mail address is not a mention).
const MENTION = /(?<![\w@])@([A-Za-z0-9_]{4,})/g;

/** The usernames a message mentions, lower-cased, without repeats. */
export function mentionedUsernames(content: string): string[] {
  return [...new Set([...content.matchAll(MENTION)].map((m) => (m[1] as string).toLowerCase()))];
}

// Members only: the bot and the [deleted] ghost are never notified.
const MEMBER = 'u.system_role IS NULL';

async function authorOf(tx: Queryable, messageId: number): Promise<number | null> {
  const { rows } = await tx.query<{ user_id: number | null }>(
    `SELECT m.user_id FROM chat_messages m JOIN users u ON u.id = m.user_id
     WHERE m.id = $1 AND ${MEMBER}`,
    [messageId],
  );
  return rows[0]?.user_id ?? null;
}

async function messageInput(
  tx: Queryable,
  ref: MessageRef,
  content: string,
): Promise<NotificationMessageInput> {
  const { rows } = await tx.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [
    ref.userId,
  ]);
  return {
    id: ref.id,
    content,
    parentId: ref.parentId,
    channelId: ref.channelId,
    username: rows[0]?.username ?? '',
  };
}

/**
 * Notifies of a new message (call inside the send's transaction): the parent's author of a reply;
 * the others who replied in that thread; the members it mentions who can read it. Answers how many
 * members were notified.
 */
export async function notifyNewMessage(tx: Queryable, ref: MessageRef, content: string): Promise<number> {
  const author = ref.userId;
  if (author === null) return 0;
  const message = await messageInput(tx, ref, content);
  const told = new Set<number>([author]);
  let made = 0;
  const notify = async (type: keyof typeof CHAT_NOTIFICATION_EVENTS, ids: number[]) => {
    const userIds = ids.filter((id) => !told.has(id));
    for (const id of userIds) told.add(id);
    made += (await createNotifications(tx, { type, userIds, event: CHAT_NOTIFICATION_EVENTS[type], message }))
      .length;
  };
  if (ref.parentId !== null) {
    const parentAuthor = await authorOf(tx, ref.parentId);
    if (parentAuthor !== null) await notify('message_replies', [parentAuthor]);
    const { rows } = await tx.query<{ user_id: number }>(
      `SELECT DISTINCT r.user_id FROM chat_messages r JOIN users u ON u.id = r.user_id
       WHERE r.parent_id = $1 AND r.id <> $2 AND r.deleted_at IS NULL AND ${MEMBER}`,
      [ref.parentId, ref.id],
    );
    await notify(
      'message_threads',
      rows.map((r) => Number(r.user_id)),
    );
  }
  const names = mentionedUsernames(content);
  if (names.length > 0) {
    // Only members who could read the message: a moderators-only channel mentions no outsider.
    const { rows } = await tx.query<{ id: number }>(
      `SELECT u.id FROM users u
       WHERE lower(u.username) = ANY($1::text[]) AND ${MEMBER}
         AND ($2::int IS NULL OR NOT EXISTS (
               SELECT 1 FROM chat_channels c WHERE c.id = $2 AND c.moderators_only)
             OR u.admin OR EXISTS (
               SELECT 1 FROM chat_channel_moderators cm WHERE cm.channel_id = $2 AND cm.user_id = u.id))`,
      [names, ref.channelId],
    );
    await notify(
      'message_mentions',
      rows.map((r) => Number(r.id)),
    );
  }
  return made;
}

/**
 * Notifies a message's author of a like (inside the like's transaction), once per message and
 * member: unliking and liking again, or a second liker while the first notice is unread, makes no
 * second notification for the same message until the author has read it.
 */
export async function notifyLike(
  tx: Queryable,
  ref: MessageRef,
  likerId: number,
  content: string,
): Promise<number> {
  const author = await authorOf(tx, ref.id);
  if (author === null || author === likerId) return 0;
  const { rows } = await tx.query(
    `SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'message_likes' AND message_id = $2
       AND read_at IS NULL LIMIT 1`,
    [author, ref.id],
  );
  if (rows.length > 0) return 0;
  const message = await messageInput(tx, ref, content);
  const made = await createNotifications(tx, {
    type: 'message_likes',
    userIds: [author],
    event: CHAT_NOTIFICATION_EVENTS.message_likes,
    message,
  });
  return made.length;
}
