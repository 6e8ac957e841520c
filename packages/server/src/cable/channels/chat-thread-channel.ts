/**
 * ChatThreadChannel `{ messageId }` (spec 3 §7): the replies of one top-level channel message (new,
 * deleted, like counts), with stream offsets and epochs. Rejected for an unknown message, a reply or a
 * comment (threads hang off top-level channel messages), or a channel the connection may not read.
 * @module
 */
import { channelAccess } from '../../chat/chat-channels.js';
import { chatThreadStream, loadMessageRef } from '../../chat/chat-streams.js';
import type { Queryable } from '../../db/database.js';
import type { Channel } from '../channel.js';
import { idParam } from './id-param.js';

/** Builds the channel on a database. */
export function chatThreadChannel(db: Queryable): Channel {
  return {
    name: 'ChatThreadChannel',
    subscribe: async ({ connection, params }) => {
      const messageId = idParam(params.messageId);
      if (messageId === null) return null;
      const ref = await loadMessageRef(db, messageId);
      if (!ref || ref.parentId !== null || ref.channelId === null) return null;
      const access = await channelAccess(db, ref.channelId, connection.userId);
      return access?.canRead ? [chatThreadStream(messageId)] : null;
    },
  };
}
