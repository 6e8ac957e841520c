/**
 * Every change to chat (spec 3 §4 to §6, §9): sending a message, reply, share or comment under the
 * rules (accepted chat rules, the send cooldown, no repeated content), deleting (the author, the
 * channel's moderators, admins), liking (one like per member and message, however many requests race)
 * and reporting. Each change and the broadcasts announcing it are written in one transaction (the
 * broadcasts to the durable stream log), and published only after it committed.
 * @module
 */
import type { FlagReasonId, Message } from '@sportspyder/contract';
import type { Broadcaster } from '../cable/broadcaster.js';
import type { Database, Queryable } from '../db/database.js';
import { HttpError, NOT_FOUND } from '../http/errors.js';
import { channelAccess, isAdmin } from './chat-channels.js';
import { DELETED_CONTENT, loadMessage } from './chat-messages.js';
import { notifyLike, notifyNewMessage } from './chat-notifications.js';
import { chatChannelStream, homeStream, loadMessageRef, type MessageRef } from './chat-streams.js';
import { activeChatBan, announceReport } from './moderation-queue.js';
import { appendToStream, publishEntries, type StreamEntry } from './stream-log.js';

/** Seconds a member waits between two sends (spec 3 §4 "can-send-at"; the value: docs/decisions/chat.md). */
export const CHAT_SEND_COOLDOWN_SECONDS = 5;

/** How far back a repeated message counts as a duplicate, in hours. */
export const DUPLICATE_WINDOW_HOURS = 24;

/** The content of article and episode shares (spec 3 §2). */
export const SHARE_CONTENT = { article: '[article]', episode: '[episode]' } as const;

/** The chat feature flags of spec 3 §6 / §9: off in every environment, so no route offers them. */
export const CHAT_FEATURES = { edit: false, block: false, follow: false, pin: false } as const;

/** The 403 of a member who has not accepted the chat rules yet (the site then shows the rules). */
export const RULES_NOT_ACCEPTED = {
  code: 'rules_not_accepted',
  title: 'Please accept the chat rules before posting.',
};

/** The 403 of a member an admin banned from chat (issue 48); the title names the end of the ban. */
export const bannedFromChat = (until: Date) => ({
  code: 'banned',
  title: `You are banned from chat until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
});

/** The 422 of repeated content (spec 3 §8: the site shows 'You already sent this message'). */
export const DUPLICATE_CONTENT = {
  code: 'duplicate_content',
  field: 'content',
  title: 'You already sent this message',
};

/** The 429 title of a send within the cooldown (spec 3 §8). */
export const cooldownTitle = (limit: number) => `You can send a message every ${limit} secs`;

/** A 429 that tells when to come back (the route sets `Retry-After` from it). */
export class CooldownError extends HttpError {
  constructor(
    /** Seconds until the member may send again. */
    readonly retryAfterSeconds: number,
    limit: number,
  ) {
    super(429, [{ code: 'rate_limited', title: cooldownTitle(limit) }]);
  }
}

const notFound = () => new HttpError(404, NOT_FOUND.errors);
const forbidden = (title: string) => new HttpError(403, [{ code: 'forbidden', title }]);
const invalid = (field: string, title: string) => new HttpError(422, [{ code: 'invalid', field, title }]);

// Serialises one member's sends (cooldown and duplicate checks see each other); any constant works.
const SEND_LOCK = 4_205_914;

/**
 * Locks a row whose count a transaction will recompute, first thing in the transaction. On PostgreSQL
 * (read committed) an UPDATE that waited for another transaction's lock still counts with the
 * snapshot it started with, missing that transaction's row; statements run after this lock count
 * with fresh ones. Taken before any insert that references the row (whose foreign key takes a share
 * lock), so two transactions never both hold a share lock and wait for each other's.
 */
async function lockRow(
  tx: Queryable,
  table: 'chat_messages' | 'podcast_episodes',
  id: number,
): Promise<void> {
  await tx.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [id]);
}

/** Locks the parent and the commented episode a send or delete recounts (see {@link lockRow}). */
async function lockCounted(
  tx: Queryable,
  place: { parentId: number | null; channelId?: number | null; episodeId: number | null },
): Promise<void> {
  if (place.parentId !== null) await lockRow(tx, 'chat_messages', place.parentId);
  if (place.episodeId !== null && !place.channelId) await lockRow(tx, 'podcast_episodes', place.episodeId);
}

/** Where a message is sent. */
export type SendTarget =
  | { kind: 'channel'; channelId: number; parentId?: number | null; articleId?: number; episodeId?: number }
  | { kind: 'article'; articleId: number }
  | { kind: 'episode'; episodeId: number };

/** What {@link ChatWrites.send} needs. */
export interface SendInput {
  /** The signed-in member. */
  userId: number;
  /** The content as typed (validated by the contract: 1..300 characters, one non-whitespace). */
  content: string;
  /** Where it goes. */
  target: SendTarget;
}

/** The chat writes of one app: its database, broadcaster and send cooldown. */
export class ChatWrites {
  constructor(
    private readonly db: Database,
    private readonly broadcaster: Broadcaster,
    /** Seconds between two sends of a member. */
    readonly cooldownSeconds: number = CHAT_SEND_COOLDOWN_SECONDS,
  ) {}

  /** Runs `fn` in a transaction collecting log entries, then publishes them once committed. */
  private async logged<T>(
    fn: (
      tx: Queryable,
      log: (stream: string, message: Message, meta?: object) => Promise<void>,
    ) => Promise<T>,
  ): Promise<T> {
    const entries: StreamEntry[] = [];
    const result = await this.db.transaction(async (tx) =>
      fn(tx, async (stream, message, meta) => {
        entries.push(await appendToStream(tx, stream, { messages: [message], ...(meta ? { meta } : {}) }));
      }),
    );
    await publishEntries(this.broadcaster, entries);
    return result;
  }

  /**
   * Sends a message, reply, share or comment and answers it; throws the contract's 403 (rules), 404,
   * 422 (duplicate, bad parent or reference) or a {@link CooldownError}.
   */
  async send(input: SendInput): Promise<Message> {
    const { userId, target } = input;
    const accepted = await this.db.query<{ chat_accepted_rules: boolean }>(
      'SELECT chat_accepted_rules FROM users WHERE id = $1',
      [userId],
    );
    if (accepted.rows[0]?.chat_accepted_rules !== true) throw new HttpError(403, [RULES_NOT_ACCEPTED]);
    const ban = await activeChatBan(this.db, userId);
    if (ban) throw new HttpError(403, [bannedFromChat(ban)]);
    const place = await this.resolveTarget(target, userId);
    const content = place.share ?? input.content.trim();
    return this.logged(async (tx, log) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [SEND_LOCK, userId]);
      await lockCounted(tx, place);
      const wait = await tx.query<{ wait: number | string | null }>(
        `SELECT ceil(extract(epoch FROM (max(created_at) + make_interval(secs => $2) - now()))) AS wait
         FROM chat_messages WHERE user_id = $1`,
        [userId, this.cooldownSeconds],
      );
      const seconds = Number(wait.rows[0]?.wait ?? 0);
      if (seconds > 0) throw new CooldownError(seconds, this.cooldownSeconds);
      const values = [userId, place.channelId, place.parentId, place.articleId, place.episodeId, content];
      const duplicate = await tx.query(
        `SELECT 1 FROM chat_messages
         WHERE user_id = $1 AND deleted_at IS NULL AND channel_id IS NOT DISTINCT FROM $2
           AND parent_id IS NOT DISTINCT FROM $3 AND article_id IS NOT DISTINCT FROM $4
           AND episode_id IS NOT DISTINCT FROM $5 AND lower(content) = lower($6)
           AND created_at > now() - make_interval(hours => $7)
         LIMIT 1`,
        [...values, DUPLICATE_WINDOW_HOURS],
      );
      if (duplicate.rows.length > 0) throw new HttpError(422, [DUPLICATE_CONTENT]);
      const inserted = await tx.query<{ id: number | string }>(
        `INSERT INTO chat_messages (user_id, channel_id, parent_id, article_id, episode_id, content)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        values,
      );
      const id = Number(inserted.rows[0]?.id);
      await this.recount(tx, place);
      const message = (await loadMessage(tx, id)) as Message;
      const ref = (await loadMessageRef(tx, id)) as MessageRef;
      await log(homeStream(ref), message);
      await this.logParent(tx, ref, log);
      await notifyNewMessage(tx, ref, content);
      return message;
    });
  }

  /**
   * Deletes a message (its author; a moderator of its channel; an admin) and answers it as deleted.
   * Deleting twice changes nothing more.
   */
  async delete(
    userId: number,
    id: number,
    expected: Partial<Pick<MessageRef, 'episodeId' | 'articleId' | 'channelId'>> = {},
  ): Promise<Message> {
    const ref = await this.readable(id, userId);
    for (const [key, value] of Object.entries(expected)) {
      if (value !== undefined && ref[key as keyof MessageRef] !== value) throw notFound();
    }
    if (ref.userId !== userId && !(await this.moderates(ref, userId))) {
      throw forbidden('You can only delete your own messages.');
    }
    if (ref.deleted) return (await loadMessage(this.db, id)) as Message;
    const counted = { parentId: ref.parentId, episodeId: ref.channelId === null ? ref.episodeId : null };
    return this.logged(async (tx, log) => {
      await lockCounted(tx, counted);
      const { rows } = await tx.query(
        `UPDATE chat_messages SET deleted_at = now(), deleted_by = $2, content = $3
         WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
        [id, userId, DELETED_CONTENT],
      );
      const message = (await loadMessage(tx, id)) as Message;
      // A concurrent delete won: it announced it.
      if (rows.length === 0) return message;
      await this.recount(tx, counted);
      await log(homeStream(ref), message);
      await this.logParent(tx, ref, log);
      return message;
    });
  }

  /**
   * Likes (`like: true`) or unlikes a message for a member; answers the like's id and whether this
   * request changed anything. The unique (message, member) row makes concurrent likes count once;
   * the count is recomputed from the rows, so it cannot drift.
   */
  async setLike(
    userId: number,
    messageId: number,
    like: boolean,
  ): Promise<{ id: number | null; changed: boolean }> {
    const ref = await this.readable(messageId, userId);
    if (like && ref.deleted) throw invalid('messageId', 'This message was deleted');
    return this.logged(async (tx, log) => {
      await lockRow(tx, 'chat_messages', messageId);
      const changedRows = like
        ? await tx.query<{ id: number | string }>(
            `INSERT INTO chat_likes (message_id, user_id) VALUES ($1, $2)
             ON CONFLICT (message_id, user_id) DO NOTHING RETURNING id`,
            [messageId, userId],
          )
        : await tx.query<{ id: number | string }>(
            'DELETE FROM chat_likes WHERE message_id = $1 AND user_id = $2 RETURNING id',
            [messageId, userId],
          );
      const changed = changedRows.rows[0];
      if (!changed) {
        const existing = await tx.query<{ id: number | string }>(
          'SELECT id FROM chat_likes WHERE message_id = $1 AND user_id = $2',
          [messageId, userId],
        );
        return { id: existing.rows[0] ? Number(existing.rows[0].id) : null, changed: false };
      }
      await tx.query(
        `UPDATE chat_messages SET likes_count = (SELECT count(*) FROM chat_likes WHERE message_id = $1)
         WHERE id = $1`,
        [messageId],
      );
      // A push with likes meta is a count change, not a new message (spec 3 §4): listeners' own likes
      // come from their REST lists, so the list is empty here.
      const liked = (await loadMessage(tx, messageId)) as Message;
      await log(homeStream(ref), liked, { likes: [] });
      if (like) await notifyLike(tx, ref, userId, liked.content);
      return { id: Number(changed.id), changed: true };
    });
  }

  /** Reports a message (one report per member and message; a second one replaces the first). */
  async flag(
    userId: number,
    messageId: number,
    input: { reasonId: FlagReasonId; message?: string | undefined; hash?: string | undefined },
  ): Promise<{ id: number; chatMessageId: number; chatFlagReasonId: FlagReasonId; message: string | null }> {
    const ref = await this.readable(messageId, userId);
    if (ref.userId === userId) throw invalid('messageId', 'You cannot report your own message');
    // Only 'Other' (6) carries a text (spec 3 §9).
    const text = input.reasonId === 6 ? input.message?.trim() || null : null;
    const { rows } = await this.db.query<{ id: number | string }>(
      `INSERT INTO chat_flags (message_id, user_id, reason_id, message, hash) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (message_id, user_id) DO UPDATE SET reason_id = EXCLUDED.reason_id,
         message = EXCLUDED.message, hash = EXCLUDED.hash, status = 'open', created_at = now()
       RETURNING id`,
      [messageId, userId, input.reasonId, text, input.hash ?? null],
    );
    // The admins' open queues hear of it; a failed push must not fail the member's report.
    await announceReport(this.db, this.broadcaster, messageId).catch(() => undefined);
    return {
      id: Number(rows[0]?.id),
      chatMessageId: messageId,
      chatFlagReasonId: input.reasonId,
      message: text,
    };
  }

  /** The message if `userId` (null: a visitor) may read it; otherwise the contract's 404. */
  async readable(id: number, userId: number | null): Promise<MessageRef> {
    const ref = await loadMessageRef(this.db, id);
    if (!ref) throw notFound();
    if (ref.channelId !== null) {
      const access = await channelAccess(this.db, ref.channelId, userId);
      if (!access?.canRead) throw notFound();
    }
    return ref;
  }

  // Comments have no moderators (spec 3 §6 "Comments always pass moderator false"): admins only.
  private async moderates(ref: MessageRef, userId: number): Promise<boolean> {
    if (ref.channelId === null) return isAdmin(this.db, userId);
    return (await channelAccess(this.db, ref.channelId, userId))?.isModerator === true;
  }

  /** Checks the place of a send and answers the columns of the new row. */
  private async resolveTarget(
    target: SendTarget,
    userId: number,
  ): Promise<{
    channelId: number | null;
    parentId: number | null;
    articleId: number | null;
    episodeId: number | null;
    share: string | null;
  }> {
    if (target.kind === 'article') {
      await this.mustExist('articles', target.articleId);
      return { channelId: null, parentId: null, articleId: target.articleId, episodeId: null, share: null };
    }
    if (target.kind === 'episode') {
      await this.mustExist('podcast_episodes', target.episodeId);
      return { channelId: null, parentId: null, articleId: null, episodeId: target.episodeId, share: null };
    }
    const access = await channelAccess(this.db, target.channelId, userId);
    if (!access?.canRead) throw notFound();
    if (target.articleId !== undefined && target.episodeId !== undefined) {
      throw invalid('episodeId', 'Share an article or an episode, not both');
    }
    let parentId: number | null = null;
    if (target.parentId !== undefined && target.parentId !== null) {
      const parent = await loadMessageRef(this.db, target.parentId);
      if (!parent || parent.channelId !== target.channelId)
        throw invalid('parentId', 'Parent message not found');
      if (parent.deleted) throw invalid('parentId', 'This message was deleted');
      // Threads are one level deep: a reply to a reply joins its thread.
      parentId = parent.parentId ?? parent.id;
    }
    if (target.articleId !== undefined) await this.mustExist('articles', target.articleId, 'articleId');
    if (target.episodeId !== undefined)
      await this.mustExist('podcast_episodes', target.episodeId, 'episodeId');
    return {
      channelId: target.channelId,
      parentId,
      articleId: target.articleId ?? null,
      episodeId: target.episodeId ?? null,
      share:
        target.articleId !== undefined
          ? SHARE_CONTENT.article
          : target.episodeId !== undefined
            ? SHARE_CONTENT.episode
            : null,
    };
  }

  /** A 404 (or, for a reference in a body, a 422 naming `field`) unless the row exists. */
  async mustExist(table: 'articles' | 'podcast_episodes', id: number, field?: string): Promise<void> {
    const { rows } = await this.db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [id]);
    if (rows.length > 0) return;
    throw field ? invalid(field, 'Not found') : notFound();
  }

  /** Recomputes the counts a message change touches: its parent's replies, its episode's comments. */
  private async recount(
    tx: Queryable,
    place: { parentId: number | null; channelId?: number | null; episodeId: number | null },
  ): Promise<void> {
    if (place.parentId !== null) {
      await tx.query(
        `UPDATE chat_messages SET replies_count =
           (SELECT count(*) FROM chat_messages r WHERE r.parent_id = $1 AND r.deleted_at IS NULL)
         WHERE id = $1`,
        [place.parentId],
      );
    }
    if (place.episodeId !== null && !place.channelId) {
      await tx.query(
        `UPDATE podcast_episodes SET messages_count =
           (SELECT count(*) FROM chat_messages c WHERE c.episode_id = $1 AND c.channel_id IS NULL
              AND c.deleted_at IS NULL)
         WHERE id = $1`,
        [place.episodeId],
      );
    }
  }

  /** A reply changes its parent's replies count: the channel hears of the parent again. */
  private async logParent(
    tx: Queryable,
    ref: MessageRef,
    log: (stream: string, message: Message) => Promise<void>,
  ): Promise<void> {
    if (ref.parentId === null || ref.channelId === null) return;
    const parent = await loadMessage(tx, ref.parentId);
    if (parent) await log(chatChannelStream(ref.channelId), parent);
  }
}
