/**
 * Member notifications (spec 1 §3 "Notification", §4.1): created by the server when their events
 * happen, only for members whose notify flag of the type is on, and marked to be mailed when the
 * e-mail flag is on too (and unsubscribe-all is off). Creation only writes rows (it may run inside an
 * ingest transaction); `dispatchNotifications` then pushes each member's new unread count on
 * `user_notifications:<id>` (the client refetches the session) and mails the pending ones. It runs
 * right after a creation through the API, after stored ingestion, and on a timer, so rows written by
 * another process (the ingest worker) are pushed too.
 * @module
 */
import type { Notification, NotificationType } from '@sportspyder/contract';
import type { Broadcaster } from '../cable/broadcaster.js';
import { userNotificationsStream } from '../cable/channels/user-notifications-channel.js';
import type { Outbox } from '../content/members/outbox.js';
import type { Database, Queryable } from '../db/database.js';
import { NOTIFICATION_TEMPLATE } from '../email-pages/bulk-mail-templates.js';
import { issueEmailLink } from '../email-pages/email-preferences.js';
import { NOTIFICATION_FLAGS } from './notification-flags.js';

/** A chat message as a notification shows it (the chat issue calls {@link createNotifications}). */
export interface NotificationMessageInput {
  id: number;
  content: string;
  parentId: number | null;
  channelId: number | null;
  username: string;
}

/** What {@link createNotifications} records. */
export interface NewNotification {
  type: NotificationType;
  /** Who is notified (the flags decide who actually gets it). */
  userIds: number[];
  /** The sentence the list shows, e.g. "replied to your message". */
  event: string;
  message?: NotificationMessageInput;
  articleId?: number;
  episodeId?: number;
  messagesCount?: number;
}

/**
 * Records a notification for every member in `userIds` whose notify flag of the type is on (one
 * statement); answers who got one. Call {@link dispatchNotifications} after the transaction.
 * @example
 * await createNotifications(db, { type: 'message_replies', userIds: [author], event: 'replied to your message', message });
 */
export async function createNotifications(db: Queryable, input: NewNotification): Promise<number[]> {
  if (input.userIds.length === 0) return [];
  const flags = NOTIFICATION_FLAGS[input.type];
  const { rows } = await db.query<{ user_id: number }>(
    `INSERT INTO notifications (user_id, type, event, message_id, message, article_id, episode_id,
       messages_count, mail_pending, push_pending)
     SELECT u.id, $2, $3, $4, $5::jsonb, $6, $7, $8, u.${flags.email} AND NOT u.email_unsubscribe_all, true
     FROM users u WHERE u.id = ANY($1::int[]) AND u.${flags.notify}
     RETURNING user_id`,
    [
      input.userIds,
      input.type,
      input.event,
      input.message?.id ?? null,
      input.message ? JSON.stringify(input.message) : null,
      input.articleId ?? null,
      input.episodeId ?? null,
      input.messagesCount ?? 0,
    ],
  );
  return rows.map((r) => Number(r.user_id));
}

/**
 * Notifies the followers of the episodes' podcasts of new episodes (inside the ingest transaction,
 * one INSERT…SELECT for all of a feed's new episodes); answers how many notifications were made.
 * @example
 * await notifyNewEpisodes(tx, [101, 102]);
 */
export async function notifyNewEpisodes(db: Queryable, episodeIds: number[]): Promise<number> {
  if (episodeIds.length === 0) return 0;
  const { rows } = await db.query<{ n: number }>(
    `WITH made AS (
       INSERT INTO notifications (user_id, type, event, episode_id, mail_pending, push_pending)
       SELECT f.user_id, 'podcast_new_episodes', 'New episode of ' || p.title, e.id,
              u.email_podcast_new_episodes AND NOT u.email_unsubscribe_all, true
       FROM podcast_episodes e
       JOIN podcasts p ON p.id = e.podcast_id
       JOIN podcast_follows f ON f.podcast_id = e.podcast_id
       JOIN users u ON u.id = f.user_id AND u.notify_podcast_new_episodes
       WHERE e.id = ANY($1::bigint[])
       RETURNING 1)
     SELECT count(*)::int AS n FROM made`,
    [episodeIds],
  );
  return Number(rows[0]?.n ?? 0);
}

interface NotificationRow {
  id: number | string;
  type: NotificationType;
  event: string;
  read_at: Date | string | null;
  created_at: Date | string;
  messages_count: number;
  message: Notification['message'] | string | null;
  episode_id: number | string | null;
  episode_title: string | null;
  podcast_id: number | null;
  episode_image: string | null;
  article_id: number | string | null;
  article_title: string | null;
  article_url: string | null;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * A page of a member's notifications, newest first, with the total.
 * @example
 * const { notifications, total } = await listNotifications(db, 7, { page: 1, perPage: 25 });
 */
export async function listNotifications(
  db: Queryable,
  userId: number,
  paging: { page: number; perPage: number },
): Promise<{ notifications: Notification[]; total: number }> {
  const { rows } = await db.query<NotificationRow>(
    `SELECT n.id, n.type, n.event, n.read_at, n.created_at, n.messages_count, n.message,
       e.id AS episode_id, e.title AS episode_title, e.podcast_id, COALESCE(e.image_url, p.image_url) AS episode_image,
       a.id AS article_id, a.title AS article_title, a.url AS article_url
     FROM notifications n
     -- A comment's notification names its article or episode from the message itself, so the list
     -- links every message to its place (a channel message keeps its channel, even when it shares one).
     LEFT JOIN chat_messages cm ON cm.id = n.message_id AND cm.channel_id IS NULL
     LEFT JOIN podcast_episodes e ON e.id = COALESCE(n.episode_id, cm.episode_id)
     LEFT JOIN podcasts p ON p.id = e.podcast_id
     LEFT JOIN articles a ON a.id = COALESCE(n.article_id, cm.article_id)
     WHERE n.user_id = $1 ORDER BY n.created_at DESC, n.id DESC LIMIT $2 OFFSET $3`,
    [userId, paging.perPage, (paging.page - 1) * paging.perPage],
  );
  const { rows: count } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1',
    [userId],
  );
  return {
    total: Number(count[0]?.n ?? 0),
    notifications: rows.map((row) => ({
      id: Number(row.id),
      type: row.type,
      event: row.event,
      readAt: row.read_at === null ? null : iso(row.read_at),
      createdAt: iso(row.created_at),
      messagesCount: Number(row.messages_count),
      message: typeof row.message === 'string' ? JSON.parse(row.message) : row.message,
      episode:
        row.episode_id === null
          ? null
          : {
              id: Number(row.episode_id),
              title: row.episode_title ?? '',
              podcastId: Number(row.podcast_id),
              imageUrl: row.episode_image,
            },
      article:
        row.article_id === null
          ? null
          : { id: Number(row.article_id), title: row.article_title ?? '', finalUrl: row.article_url ?? '' },
    })),
  };
}

/** Marks every unread notification of a member read; answers how many were. */
export async function markNotificationsRead(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL RETURNING id',
    [userId],
  );
  return rows.length;
}

/** A member's unread count. */
export async function unreadCount(db: Queryable, userId: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL',
    [userId],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Pushes the new unread counts of members with fresh notifications and mails the pending ones. Each
 * row is claimed by one UPDATE, so two processes never push or mail it twice.
 * @example
 * await dispatchNotifications(db, app.broadcaster, mailer);
 */
export async function dispatchNotifications(
  db: Database,
  broadcaster: Broadcaster,
  outbox: Outbox | undefined,
): Promise<{ pushed: number; mailed: number }> {
  const { rows } = await db.query<{
    id: number | string;
    user_id: number;
    type: NotificationType;
    event: string;
    mail: boolean;
    email: string;
    title: string | null;
  }>(
    `WITH claimed AS (
       UPDATE notifications n SET push_pending = false, mail_pending = false
       FROM (SELECT id, mail_pending FROM notifications WHERE mail_pending OR push_pending ORDER BY id LIMIT 500
             FOR UPDATE SKIP LOCKED) AS old
       WHERE n.id = old.id AND (n.mail_pending OR n.push_pending)
       RETURNING n.id, n.user_id, n.type, n.event, old.mail_pending AS mail, n.episode_id, n.article_id)
     SELECT c.id, c.user_id, c.type, c.event, c.mail, u.email, COALESCE(e.title, a.title) AS title
     FROM claimed c JOIN users u ON u.id = c.user_id
     LEFT JOIN podcast_episodes e ON e.id = c.episode_id
     LEFT JOIN articles a ON a.id = c.article_id`,
  );
  // `mail` comes from the sub-select: RETURNING alone would show the cleared flag.
  const users = new Set(rows.map((r) => Number(r.user_id)));
  for (const userId of users) {
    await broadcaster.publish(userNotificationsStream(userId), {
      type: 'notification',
      notificationsCount: await unreadCount(db, userId),
    });
  }
  let mailed = 0;
  if (outbox) {
    for (const row of rows) {
      if (!row.mail) continue;
      const token = await issueEmailLink(db, { userId: Number(row.user_id), email: row.email });
      await outbox.enqueue({
        to: row.email,
        template: NOTIFICATION_TEMPLATE,
        data: { token, type: row.type, event: row.event, title: row.title ?? '' },
      });
      mailed++;
    }
  }
  return { pushed: users.size, mailed };
}
