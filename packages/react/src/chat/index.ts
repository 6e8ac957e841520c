/**
 * Chat and comments hooks (issue 14): thin adapters over core's chat stores, usable under
 * preact/compat by the chat embed.
 * @module
 */
export * from './useChat.js';
export * from './useChatChannels.js';
export * from './useChatStores.js';
