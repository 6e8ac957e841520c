/**
 * Chat channels (spec 3 §3 "Channel", §6 "Moderator"): the general, sport and team lists, each channel
 * with its moderators, and who may read a channel and moderate it. Admins moderate every channel; a
 * moderators-only channel is read by its moderators and admins alone.
 * @module
 */
import type { Channel } from '@sportspyder/contract';
import type { Queryable } from '../db/database.js';

/** What the routes and cable channels need to know of a channel for one connection or request. */
export interface ChannelAccess {
  /** Channel id. */
  id: number;
  /** True when the member may read and post in it. */
  canRead: boolean;
  /** True for the channel's moderators and admins: they may delete any message in it. */
  isModerator: boolean;
}

interface ChannelRow {
  id: number;
  name: string;
  is_default: boolean;
  moderators: number[] | null;
}

/** The place a channel list belongs to. */
export type ChannelScope = 'general' | `sport:${number}` | `team:${number}`;

/**
 * The channels of a place in their order, `selected` on the default one; moderators-only channels
 * are listed to their moderators and admins only.
 */
export async function listChannels(
  db: Queryable,
  scope: ChannelScope,
  userId: number | null,
): Promise<Channel[]> {
  const { rows } = await db.query<ChannelRow>(
    `SELECT c.id, c.name, c.is_default,
       (SELECT array_agg(m.user_id ORDER BY m.user_id) FROM chat_channel_moderators m WHERE m.channel_id = c.id)
         AS moderators
     FROM chat_channels c
     WHERE c.scope = $1
       AND (NOT c.moderators_only
         OR EXISTS (SELECT 1 FROM users u WHERE u.id = $2 AND u.admin)
         OR EXISTS (SELECT 1 FROM chat_channel_moderators m WHERE m.channel_id = c.id AND m.user_id = $2))
     ORDER BY c.position, c.id`,
    [scope, userId],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    moderators: (row.moderators ?? []).map(Number),
    selected: row.is_default,
  }));
}

/** A channel's access for `userId` (null: a visitor), or null when the channel does not exist. */
export async function channelAccess(
  db: Queryable,
  channelId: number,
  userId: number | null,
): Promise<ChannelAccess | null> {
  const { rows } = await db.query<{ moderators_only: boolean; is_moderator: boolean }>(
    `SELECT c.moderators_only,
       (EXISTS (SELECT 1 FROM users u WHERE u.id = $2 AND u.admin)
         OR EXISTS (SELECT 1 FROM chat_channel_moderators m WHERE m.channel_id = c.id AND m.user_id = $2))
         AS is_moderator
     FROM chat_channels c WHERE c.id = $1`,
    [channelId, userId],
  );
  const row = rows[0];
  if (!row) return null;
  return { id: channelId, canRead: !row.moderators_only || row.is_moderator, isModerator: row.is_moderator };
}

/** True when the user is an admin (admins moderate comments and every channel). */
export async function isAdmin(db: Queryable, userId: number): Promise<boolean> {
  const { rows } = await db.query<{ admin: boolean }>('SELECT admin FROM users WHERE id = $1', [userId]);
  return rows[0]?.admin === true;
}

/**
 * One channel with its name and moderators for `userId` (a message link knows only the id), or null
 * when there is none or the reader may not read it (a moderators-only channel).
 */
export async function loadChannel(
  db: Queryable,
  channelId: number,
  userId: number | null,
): Promise<Channel | null> {
  const access = await channelAccess(db, channelId, userId);
  if (!access?.canRead) return null;
  const { rows } = await db.query<ChannelRow>(
    `SELECT c.id, c.name, c.is_default,
       (SELECT array_agg(m.user_id ORDER BY m.user_id) FROM chat_channel_moderators m WHERE m.channel_id = c.id)
         AS moderators
     FROM chat_channels c WHERE c.id = $1`,
    [channelId],
  );
  const row = rows[0];
  if (!row) return null;
  return { id: row.id, name: row.name, moderators: (row.moderators ?? []).map(Number), selected: true };
}
