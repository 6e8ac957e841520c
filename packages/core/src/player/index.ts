/**
 * The podcast player engine of `@sportspyder/core` (spec 1 §4.4, §5, §9): the state machine over
 * a media adapter, the local memory updates, the event call, the Media Session glue, deep-link
 * start times and the pure display helpers.
 * @module
 */
export * from './client-player.js';
export * from './episode-events.js';
export * from './html-audio-adapter.js';
export * from './keyboard.js';
export * from './listen-resources.js';
export * from './media-adapter.js';
export * from './media-session.js';
export * from './memory-ops.js';
export * from './player.js';
export * from './player-types.js';
export * from './progress.js';
export * from './restore-server-episode.js';
export * from './start-time.js';
