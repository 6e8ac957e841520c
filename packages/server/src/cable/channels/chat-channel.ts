/**
 * ChatChannel `{ channelId }`: a chat channel's top-level messages (new, deleted, like counts, reply
 * counts), each broadcast with its stream offset and epoch. Anyone who may read the channel may listen;
 * an unknown channel, or a moderators-only one for anybody else, is rejected.
 * @module
 */
import { channelAccess } from '../../chat/chat-channels.js';
import { chatChannelStream } from '../../chat/chat-streams.js';
import type { Queryable } from '../../db/database.js';
import type { Channel } from '../channel.js';
import { idParam } from './id-param.js';

/** Builds the channel on a database. */
export function chatChannel(db: Queryable): Channel {
  return {
    name: 'ChatChannel',
    subscribe: async ({ connection, params }) => {
      const channelId = idParam(params.channelId);
      if (channelId === null) return null;
      const access = await channelAccess(db, channelId, connection.userId);
      return access?.canRead ? [chatChannelStream(channelId)] : null;
    },
  };
}
