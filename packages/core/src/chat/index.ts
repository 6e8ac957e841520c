/**
 * Chat and comments in core (spec 3 chat and comments, issue 14): the live stores and the member's
 * actions (`chatFor(client)`), the channel lists, and the display rules the renderers apply.
 * @module
 */
export * from './channel-messages.js';
export * from './chat.js';
export * from './chat-actions.js';
export * from './chat-author.js';
export * from './chat-channels.js';
export * from './chat-composer.js';
export * from './chat-heights.js';
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
