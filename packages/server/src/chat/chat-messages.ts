/**
 * Reads chat messages and comments in the contract's `Message` shape: the author's chat identity, the
 * shared or commented article or episode, counts, and '[Message deleted]' for deleted ones. Also the
 * paging of message lists and the `meta.likes` of a member.
 * @module
 */
import {
  type ChatColor,
  ChatColor as ChatColorSchema,
  type ChatUser,
  type Message,
  type MessageList,
} from '@sportspyder/contract';
import { effectiveProState } from '../auth/users.js';
import type { Queryable } from '../db/database.js';
import { DEMO_ARTICLE_SQL, demoPublisherUrl } from '../demo/demo-publishers.js';

/** What a deleted message reads (spec 3 §2). */
export const DELETED_CONTENT = '[Message deleted]';

/** The 18 colour names of spec 3 §3, read from the contract's union; anything else stored shows as 'Default'. */
export const CHAT_COLORS: readonly ChatColor[] = ChatColorSchema.anyOf.map((literal) => literal.const);

/** A message row with its author and references. */
export interface MessageRow {
  id: number | string;
  content: string;
  user_id: number | string | null;
  channel_id: number | null;
  parent_id: number | string | null;
  article_id: number | string | null;
  episode_id: number | string | null;
  replies_count: number;
  likes_count: number;
  created_at: Date | string;
  deleted_at: Date | string | null;
  updated_at: Date | string | null;
  author_id: number | null;
  username: string | null;
  display_name: string | null;
  user_created_at: Date | string | null;
  chat_color: string | null;
  chat_pro_badge: boolean | null;
  pro_state: '' | 'trial' | 'comp' | 'paid' | null;
  pro_expires_at: Date | string | null;
  article_title: string | null;
  article_url: string | null;
  article_demo: boolean | null;
  episode_title: string | null;
  podcast_id: number | null;
  episode_image: string | null;
  shared_count: number | string;
}

// The author is the ghost account when the user row is gone (an account removed without anonymising).
const MESSAGE_SELECT = `SELECT m.id, m.content, m.user_id, m.channel_id, m.parent_id, m.article_id, m.episode_id,
    m.replies_count, m.likes_count, m.created_at, m.deleted_at, m.updated_at,
    u.id AS author_id, u.username, u.display_name, u.created_at AS user_created_at, u.chat_color,
    u.chat_pro_badge, u.pro_state, u.pro_expires_at,
    a.title AS article_title, a.url AS article_url, (a.id IS NOT NULL AND ${DEMO_ARTICLE_SQL}) AS article_demo,
    e.title AS episode_title, e.podcast_id, COALESCE(e.image_url, p.image_url) AS episode_image,
    CASE
      WHEN m.channel_id IS NULL THEN 0
      WHEN m.article_id IS NOT NULL THEN (SELECT count(*) FROM chat_messages c
        WHERE c.article_id = m.article_id AND c.channel_id IS NULL AND c.deleted_at IS NULL)
      WHEN m.episode_id IS NOT NULL THEN e.messages_count
      ELSE 0
    END AS shared_count
  FROM chat_messages m
  LEFT JOIN users u ON u.id = COALESCE(m.user_id, (SELECT g.id FROM users g WHERE g.system_role = 'ghost'))
  LEFT JOIN articles a ON a.id = m.article_id
  LEFT JOIN podcast_episodes e ON e.id = m.episode_id
  LEFT JOIN podcasts p ON p.id = e.podcast_id`;

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * The author as chat shows it. Only what chat needs of another member is told: the PRO badge (shown
 * when the member chose it and is PRO outside a trial, spec 3 §6), never their PRO days, dates or API
 * access; the PRO fields mirror the badge.
 */
export function chatUserOf(row: MessageRow): ChatUser {
  const state = row.pro_state ? effectiveProState(row.pro_state, row.pro_expires_at) : '';
  const badge = Boolean(row.chat_pro_badge) && (state === 'paid' || state === 'comp');
  const color = CHAT_COLORS.includes(row.chat_color as ChatColor) ? (row.chat_color as string) : 'Default';
  return {
    id: Number(row.author_id ?? 0) || 1,
    username: row.username ?? '[deleted]',
    displayName: row.display_name,
    createdAt: iso(row.user_created_at ?? row.created_at),
    chatColor: color,
    chatProBadge: badge,
    chatAcceptedRules: true,
    pro: badge,
    proState: badge ? state : '',
    proDaysLeft: null,
    proSince: null,
    api: false,
  };
}

/** Turns a row into the contract's `Message` (content as stored: plain text). */
export function toMessage(row: MessageRow): Message {
  const deleted = row.deleted_at !== null;
  return {
    id: Number(row.id),
    content: deleted ? DELETED_CONTENT : row.content,
    user: chatUserOf(row),
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    channelId: row.channel_id,
    repliesCount: row.replies_count,
    messagesCount: Number(row.shared_count),
    likesCount: row.likes_count,
    article:
      deleted || row.article_id === null || row.article_title === null
        ? null
        : {
            id: Number(row.article_id),
            title: row.article_title,
            finalUrl: demoPublisherUrl(row.article_url ?? '', Boolean(row.article_demo)),
          },
    episode:
      deleted || row.episode_id === null || row.episode_title === null
        ? null
        : {
            id: Number(row.episode_id),
            title: row.episode_title,
            podcastId: Number(row.podcast_id),
            imageUrl: row.episode_image,
          },
    createdAt: iso(row.created_at),
    deletedAt: row.deleted_at === null ? null : iso(row.deleted_at),
    updatedAt: row.updated_at === null ? null : iso(row.updated_at),
  };
}

/** Loads one message by id (deleted ones too), or null. */
export async function loadMessage(db: Queryable, id: number): Promise<Message | null> {
  const { rows } = await db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = $1`, [id]);
  return rows[0] ? toMessage(rows[0]) : null;
}

/** Which messages a list holds. */
export type MessageScope =
  | { kind: 'channel'; channelId: number; afterId?: number }
  | { kind: 'replies'; parentId: number }
  | { kind: 'article'; articleId: number }
  | { kind: 'episode'; episodeId: number };

function scopeWhere(scope: MessageScope): { where: string; params: unknown[] } {
  switch (scope.kind) {
    case 'channel':
      return {
        where: 'm.channel_id = $1 AND m.parent_id IS NULL AND m.id > $2',
        params: [scope.channelId, scope.afterId ?? 0],
      };
    case 'replies':
      return { where: 'm.parent_id = $1', params: [scope.parentId] };
    case 'article':
      return { where: 'm.article_id = $1 AND m.channel_id IS NULL', params: [scope.articleId] };
    case 'episode':
      return { where: 'm.episode_id = $1 AND m.channel_id IS NULL', params: [scope.episodeId] };
  }
}

/** Paging and order of a message list. */
export interface MessagePage {
  /** Page number from 1. */
  page: number;
  /** Messages per page. */
  perPage: number;
  /** Oldest first ('asc') or newest first ('desc'). */
  sort: 'asc' | 'desc';
  /** A message link's id: the page that holds it replaces `page` (when it is in the list). */
  aroundId?: number | undefined;
}

/** The page (from 1) of `id` in the list's order, or null when it is not in the list. */
async function pageHolding(
  db: Queryable,
  where: string,
  params: unknown[],
  id: number,
  page: MessagePage,
): Promise<number | null> {
  const n = params.length;
  const before = page.sort === 'asc' ? '<' : '>';
  const { rows } = await db.query<{ found: boolean; before: number | string }>(
    `SELECT EXISTS (SELECT 1 FROM chat_messages m WHERE ${where} AND m.id = $${n + 1}) AS found,
       (SELECT count(*) FROM chat_messages m WHERE ${where} AND m.id ${before} $${n + 1}) AS before`,
    [...params, id],
  );
  const row = rows[0];
  if (!row?.found) return null;
  return Math.floor(Number(row.before) / page.perPage) + 1;
}

/**
 * Lists a page of messages with `meta.pagination` and `meta.likes` (the listed messages `userId`
 * liked; empty for visitors).
 */
export async function listMessages(
  db: Queryable,
  scope: MessageScope,
  page: MessagePage,
  userId: number | null,
): Promise<MessageList> {
  const { where, params } = scopeWhere(scope);
  if (page.aroundId !== undefined) {
    const holding = await pageHolding(db, where, params, page.aroundId, page);
    if (holding !== null) page = { ...page, page: holding };
  }
  const order = page.sort === 'asc' ? 'ASC' : 'DESC';
  const n = params.length;
  const { rows } = await db.query<MessageRow>(
    `${MESSAGE_SELECT} WHERE ${where} ORDER BY m.id ${order} LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...params, page.perPage, (page.page - 1) * page.perPage],
  );
  const total = await db.query<{ count: number | string }>(
    `SELECT count(*) AS count FROM chat_messages m WHERE ${where}`,
    params,
  );
  const totalCount = Number(total.rows[0]?.count ?? 0);
  const messages = rows.map(toMessage);
  return {
    messages,
    meta: {
      pagination: {
        page: page.page,
        perPage: page.perPage,
        totalCount,
        totalPages: Math.ceil(totalCount / page.perPage),
      },
      likes: await likedAmong(
        db,
        userId,
        messages.map((m) => m.id),
      ),
    },
  };
}

/** The ids among `messageIds` that `userId` liked. */
export async function likedAmong(
  db: Queryable,
  userId: number | null,
  messageIds: readonly number[],
): Promise<number[]> {
  if (userId === null || messageIds.length === 0) return [];
  const { rows } = await db.query<{ message_id: number | string }>(
    'SELECT message_id FROM chat_likes WHERE user_id = $1 AND message_id = ANY($2::bigint[]) ORDER BY message_id',
    [userId, messageIds],
  );
  return rows.map((r) => Number(r.message_id));
}
