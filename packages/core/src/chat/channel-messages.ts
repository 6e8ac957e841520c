/**
 * A chat channel's messages (spec 3 §2, §4): the newest 25 first, older pages on demand, shown
 * oldest at the top and newest at the bottom; live on ChatChannel; after every reconnection the
 * messages after the last id seen come from `GET api/v1/channels/:id/messages?after=` (oldest
 * first, page after page), so a dropped socket loses nothing and shows nothing twice.
 * @module
 */
import type { Message, MessageList } from '@sportspyder/contract';
import { apiPath } from '../content/resource-path.js';
import type { ChatContext } from './chat-context.js';
import { CATCH_UP_MAX_PAGES, createLiveList, type LiveList } from './live-list.js';

/** A channel's messages: the live list (items oldest first, newest at the bottom). */
export type ChannelMessagesStore = LiveList;

const MESSAGES = '/api/v1/channels/:channelId/messages';

/** Builds the store of one channel (use `chat.channelMessages(id)`, which shares one per channel). */
export function createChannelMessages(ctx: ChatContext, channelId: number): ChannelMessagesStore {
  const path = apiPath(MESSAGES, { channelId });
  const get = (query: Record<string, number>) =>
    ctx.api.get<MessageList>(path, { query, handleNotFound: false, handleRateLimit: false });
  return createLiveList({
    ctx,
    subscribe: (handlers) => ctx.realtime.subscribe('ChatChannel', { channelId }, handlers),
    fetchPage: (page) => get({ page }),
    fetchSort: () => 'desc',
    displaySort: () => 'asc',
    async catchUp(afterId) {
      const lists: MessageList[] = [];
      for (let page = 1; page <= CATCH_UP_MAX_PAGES; page++) {
        const list = await get({ after: afterId, page });
        lists.push(list);
        if (page >= list.meta.pagination.totalPages) break;
      }
      return lists;
    },
    accepts: (message: Message) => message.channelId === channelId && message.parentId === null,
  });
}
