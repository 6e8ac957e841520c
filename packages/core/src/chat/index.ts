/**
 * Chat and comments in core (spec 3 chat and comments, issue 14): the live stores and the member's
 * actions (`chatFor(client)`), the channel lists, and the display rules the renderers apply.
 *
 * @example
 * ```ts
 * const chat = chatFor(client);
 * const channels = await getChatChannels(client, { teamId: 'green-bay-packers' });
 * const channel = pickChannel(channels, routeChannelId); // the route's, else `selected`, else first
 * const messages = chat.channelMessages(channel.id); // items oldest first, live, caught up after drops
 * const thread = chat.thread(messageId); // parent, replies, sort, newCount, showNew()
 * const comments = chat.comments({ articleId }); // items newest first, live count
 * const outcome = await chat.composer({ channelId: channel.id, parentId: messageId }).send(text);
 * // outcome.status: 'done' | 'sign-in-needed' | 'rules-needed' | 'cooldown' | 'invalid' | 'failed'
 * const body = messageBody(item.message, { expanded }); // text segments, deleted text, 3-line clamp
 * ```
 * @module
 */
export * from './channel-messages.js';
export * from './chat.js';
export * from './chat-actions.js';
export * from './chat-author.js';
export * from './chat-channels.js';
export * from './chat-composer.js';
export * from './chat-heights.js';
export * from './chat-permissions.js';
export * from './chat-texts.js';
export * from './chat-truncate.js';
export * from './comments-store.js';
export * from './like-registry.js';
export * from './live-list.js';
export * from './mentions.js';
export * from './message-links.js';
export * from './message-text.js';
export * from './send-cooldown.js';
export * from './thread-store.js';
