/**
 * `@sportspyder/core`: the framework-agnostic headless SportSpyder client. Transport, resource
 * cache, session, toasts, reference precache, page views, realtime channels, the constants of the
 * spec and the display rules, with no UI framework and browser facilities injected.
 *
 * @example
 * ```ts
 * import { createClient, formatBadgeCount } from '@sportspyder/core';
 *
 * const client = createClient();
 * await client.start();
 * const { user } = client.session.getSnapshot();
 * formatBadgeCount(user?.notificationsCount); // '' | '3' | '20+'
 * ```
 * @module @sportspyder/core
 */

export * from './accounts/index.js';
export * from './admin/index.js';
export * from './alerts/index.js';
export * from './api-keys/index.js';
export * from './billing/index.js';
export * from './cache.js';
export * from './chat/index.js';
export * from './client.js';
export * from './constants.js';
export * from './content/index.js';
export * from './content/video-embed.js';
export * from './content/video-events.js';
export * from './device-hash.js';
export * from './email-pages/index.js';
export * from './environment.js';
export * from './errors.js';
export * from './experiment.js';
export * from './fantasy/index.js';
export * from './feedback/index.js';
export * from './format.js';
export * from './intl-formats.js';
export * from './offline/connectivity-store.js';
export * from './offline/episode-downloads.js';
export * from './offline/offline-rules.js';
export * from './page-views.js';
export * from './player/index.js';
export * from './player-memory.js';
export * from './realtime.js';
export * from './reference-store.js';
export * from './reload-gate.js';
export * from './script-loader.js';
export * from './scroll.js';
export * from './search/index.js';
export * from './session-store.js';
export * from './spoilers/index.js';
export * from './storage.js';
export * from './store.js';
export * from './toast-store.js';
export * from './transport.js';
