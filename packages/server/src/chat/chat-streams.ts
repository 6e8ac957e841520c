/**
 * The realtime streams of chat and comments and which one a message belongs to: a channel's top-level
 * messages, a thread's replies (ChatThreadChannel by message id), an article's or an episode's
 * comments. Shared by the routes (which append and publish) and the cable channels (which subscribe).
 * @module
 */
import type { Queryable } from '../db/database.js';

/** The stream of a channel's top-level messages. */
export const chatChannelStream = (channelId: number) => `chat_channel:${channelId}`;
/** The stream of the replies to one message. */
export const chatThreadStream = (messageId: number) => `chat_thread:${messageId}`;
/** The stream of an article's comments. */
export const articleCommentsStream = (articleId: number) => `article_comments:${articleId}`;
/** The stream of an episode's comments. */
export const episodeCommentsStream = (episodeId: number) => `episode_comments:${episodeId}`;

/** Where a message sits, as stored (a deleted message keeps its article or episode here). */
export interface MessageRef {
  /** Message id. */
  id: number;
  /** Its author (null only for a removed account). */
  userId: number | null;
  /** Its channel; null for comments. */
  channelId: number | null;
  /** The message it replies to. */
  parentId: number | null;
  /** The article it comments on or shares. */
  articleId: number | null;
  /** The episode it comments on or shares. */
  episodeId: number | null;
  /** True once deleted. */
  deleted: boolean;
}

/** Loads where a message sits, or null when there is no such message. */
export async function loadMessageRef(db: Queryable, id: number): Promise<MessageRef | null> {
  const { rows } = await db.query<{
    id: number | string;
    user_id: number | null;
    channel_id: number | null;
    parent_id: number | string | null;
    article_id: number | string | null;
    episode_id: number | string | null;
    deleted: boolean;
  }>(
    `SELECT id, user_id, channel_id, parent_id, article_id, episode_id, deleted_at IS NOT NULL AS deleted
     FROM chat_messages WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    id: Number(row.id),
    userId: row.user_id,
    channelId: row.channel_id,
    parentId: num(row.parent_id),
    articleId: num(row.article_id),
    episodeId: num(row.episode_id),
    deleted: row.deleted,
  };
}

/** True for an article or episode comment (not a channel message). */
export const isComment = (ref: MessageRef) => ref.channelId === null;

/** The stream a message's creation, deletion and like counts are broadcast on. */
export function homeStream(ref: MessageRef): string {
  if (ref.parentId !== null) return chatThreadStream(ref.parentId);
  if (ref.channelId !== null) return chatChannelStream(ref.channelId);
  if (ref.articleId !== null) return articleCommentsStream(ref.articleId);
  return episodeCommentsStream(ref.episodeId ?? 0);
}
