/**
 * The admin's moderation queue (issue 48): the reported messages and comments whose reports are still
 * open, each with its reports, its place (channel, article, episode) and the messages around it; and
 * the admin's actions on one — delete, dismiss, ban its author from chat for some days (the message is
 * deleted too) — each recorded in `moderation_actions` with the admin and the time, and announced on
 * the admins' stream so every open queue drops the item. New reports are announced there too.
 * @module
 */
import type {
  FlagReasonId,
  Message,
  ModerationAction,
  ModerationActionKind,
  ModerationItem,
  ModerationPush,
} from '@sportspyder/contract';
import type { Broadcaster } from '../cable/broadcaster.js';
import type { Database, Queryable } from '../db/database.js';
import { HttpError, NOT_FOUND } from '../http/errors.js';
import { loadMessage } from './chat-messages.js';
import { loadMessageRef } from './chat-streams.js';
import type { ChatWrites } from './chat-writes.js';

/** The stream every admin's open queue listens to (`AdminModerationChannel`). */
export const ADMIN_MODERATION_STREAM = 'admin_moderation';

/** Most items the queue answers at once (the oldest wait for the next page of work). */
export const MODERATION_QUEUE_MAX = 100;

/** Messages shown on each side of a queued one. */
export const MODERATION_CONTEXT_EACH_SIDE = 2;

const iso = (value: Date | string) => new Date(value).toISOString();

/** A queued item of one message, or null when it has no open report. */
export async function loadModerationItem(db: Queryable, messageId: number): Promise<ModerationItem | null> {
  const message = await loadMessage(db, messageId);
  const ref = await loadMessageRef(db, messageId);
  if (!message || !ref) return null;
  const { rows: reports } = await db.query<{
    id: number | string;
    reason_id: number;
    message: string | null;
    user_id: number;
    username: string;
    created_at: Date | string;
  }>(
    `SELECT f.id, f.reason_id, f.message, f.user_id, u.username, f.created_at
     FROM chat_flags f JOIN users u ON u.id = f.user_id
     WHERE f.message_id = $1 AND f.status = 'open' ORDER BY f.created_at DESC, f.id DESC`,
    [messageId],
  );
  if (reports.length === 0) return null;
  const place = await db.query<{
    channel_name: string | null;
    article_title: string | null;
    episode_title: string | null;
    podcast_id: number | null;
    banned_until: Date | string | null;
  }>(
    `SELECT c.name AS channel_name, a.title AS article_title, e.title AS episode_title, e.podcast_id,
       (SELECT b.banned_until FROM chat_bans b WHERE b.user_id = m.user_id AND b.banned_until > now())
         AS banned_until
     FROM chat_messages m
     LEFT JOIN chat_channels c ON c.id = m.channel_id
     LEFT JOIN articles a ON a.id = m.article_id AND m.channel_id IS NULL
     LEFT JOIN podcast_episodes e ON e.id = m.episode_id AND m.channel_id IS NULL
     WHERE m.id = $1`,
    [messageId],
  );
  const where = place.rows[0];
  // The neighbours: the same channel and thread, or the same article's or episode's comments.
  const { rows: around } = await db.query<{ id: number | string }>(
    `(SELECT id FROM chat_messages n
       WHERE n.id < $1 AND n.channel_id IS NOT DISTINCT FROM $2 AND n.parent_id IS NOT DISTINCT FROM $3
         AND ($2::integer IS NOT NULL OR (n.article_id IS NOT DISTINCT FROM $4 AND n.episode_id IS NOT DISTINCT FROM $5))
       ORDER BY n.id DESC LIMIT $6)
     UNION ALL
     (SELECT id FROM chat_messages n
       WHERE n.id > $1 AND n.channel_id IS NOT DISTINCT FROM $2 AND n.parent_id IS NOT DISTINCT FROM $3
         AND ($2::integer IS NOT NULL OR (n.article_id IS NOT DISTINCT FROM $4 AND n.episode_id IS NOT DISTINCT FROM $5))
       ORDER BY n.id ASC LIMIT $6)`,
    [messageId, ref.channelId, ref.parentId, ref.articleId, ref.episodeId, MODERATION_CONTEXT_EACH_SIDE],
  );
  const context: Message[] = [];
  for (const id of around.map((r) => Number(r.id)).sort((a, b) => a - b)) {
    const neighbour = await loadMessage(db, id);
    if (neighbour) context.push(neighbour);
  }
  return {
    message,
    place: {
      channel:
        ref.channelId !== null && where?.channel_name != null
          ? { id: ref.channelId, name: where.channel_name }
          : null,
      article:
        ref.articleId !== null && where?.article_title != null
          ? { id: ref.articleId, title: where.article_title }
          : null,
      episode:
        ref.episodeId !== null && where?.episode_title != null
          ? { id: ref.episodeId, podcastId: Number(where.podcast_id), title: where.episode_title }
          : null,
    },
    context,
    reports: reports.map((r) => ({
      id: Number(r.id),
      reasonId: r.reason_id as FlagReasonId,
      text: r.message,
      reporter: { id: r.user_id, username: r.username },
      createdAt: iso(r.created_at),
    })),
    lastReportedAt: iso(reports[0]?.created_at ?? new Date()),
    authorBannedUntil: where?.banned_until ? iso(where.banned_until) : null,
  };
}

/** The open queue, the most recently reported first. */
export async function listModerationQueue(db: Queryable): Promise<ModerationItem[]> {
  const { rows } = await db.query<{ message_id: number | string }>(
    `SELECT message_id FROM chat_flags WHERE status = 'open'
     GROUP BY message_id ORDER BY max(created_at) DESC, message_id DESC LIMIT $1`,
    [MODERATION_QUEUE_MAX],
  );
  const items: ModerationItem[] = [];
  for (const row of rows) {
    const item = await loadModerationItem(db, Number(row.message_id));
    if (item) items.push(item);
  }
  return items;
}

/** Tells every open queue that a message was reported (after the report is stored). */
export async function announceReport(
  db: Queryable,
  broadcaster: Broadcaster,
  messageId: number,
): Promise<void> {
  const item = await loadModerationItem(db, messageId);
  if (!item) return;
  const push: ModerationPush = { type: 'report', item };
  await broadcaster.publish(ADMIN_MODERATION_STREAM, push);
}

/** What {@link actOnReport} needs. */
export interface ModerationDeps {
  db: Database;
  broadcaster: Broadcaster;
  writes: ChatWrites;
}

/**
 * Acts on a reported message as `admin`: `delete` deletes it, `ban` deletes it and bans its author
 * from chat for `banDays` days, `dismiss` leaves it; every open report of it closes ('actioned' or
 * 'dismissed') and the action is recorded. 404 when the message has no open report.
 */
export async function actOnReport(
  deps: ModerationDeps,
  admin: { id: number; username: string },
  messageId: number,
  input: { action: ModerationActionKind; banDays?: number | undefined },
): Promise<ModerationAction> {
  const { db, broadcaster, writes } = deps;
  if (input.action === 'ban' && input.banDays === undefined) {
    throw new HttpError(422, [{ code: 'invalid', field: 'banDays', title: 'Say for how many days.' }]);
  }
  const ref = await loadMessageRef(db, messageId);
  const open = await db.query('SELECT 1 FROM chat_flags WHERE message_id = $1 AND status = $2 LIMIT 1', [
    messageId,
    'open',
  ]);
  if (!ref || open.rows.length === 0) throw new HttpError(404, NOT_FOUND.errors);
  // The delete goes through chat's own path, so every open list shows it deleted at once.
  if (input.action !== 'dismiss') await writes.delete(admin.id, messageId);
  const recorded = await db.transaction(async (tx) => {
    let bannedUntil: string | null = null;
    if (input.action === 'ban' && ref.userId !== null) {
      const { rows } = await tx.query<{ banned_until: Date | string }>(
        `INSERT INTO chat_bans (user_id, banned_until, banned_by)
         VALUES ($1, now() + make_interval(days => $2), $3)
         ON CONFLICT (user_id) DO UPDATE SET banned_until = EXCLUDED.banned_until,
           banned_by = EXCLUDED.banned_by, created_at = now()
         RETURNING banned_until`,
        [ref.userId, input.banDays, admin.id],
      );
      bannedUntil = rows[0] ? iso(rows[0].banned_until) : null;
    }
    await tx.query(`UPDATE chat_flags SET status = $2 WHERE message_id = $1 AND status = 'open'`, [
      messageId,
      input.action === 'dismiss' ? 'dismissed' : 'actioned',
    ]);
    const { rows } = await tx.query<{ id: number | string; created_at: Date | string }>(
      `INSERT INTO moderation_actions (message_id, target_user_id, moderator_id, action, banned_until)
       VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at`,
      [messageId, ref.userId, admin.id, input.action, bannedUntil],
    );
    const target =
      ref.userId === null
        ? null
        : ((
            await tx.query<{ id: number; username: string }>('SELECT id, username FROM users WHERE id = $1', [
              ref.userId,
            ])
          ).rows[0] ?? null);
    return {
      id: Number(rows[0]?.id),
      action: input.action,
      messageId,
      targetUser: target ? { id: target.id, username: target.username } : null,
      moderator: { id: admin.id, username: admin.username },
      bannedUntil,
      createdAt: iso(rows[0]?.created_at ?? new Date()),
    } satisfies ModerationAction;
  });
  const push: ModerationPush = { type: 'resolved', messageId, action: recorded };
  await broadcaster.publish(ADMIN_MODERATION_STREAM, push);
  return recorded;
}

/** The chat ban of a member still running, or null. */
export async function activeChatBan(db: Queryable, userId: number): Promise<Date | null> {
  const { rows } = await db.query<{ banned_until: Date | string }>(
    'SELECT banned_until FROM chat_bans WHERE user_id = $1 AND banned_until > now()',
    [userId],
  );
  return rows[0] ? new Date(rows[0].banned_until) : null;
}
