/**
 * `@sportspyder/contract`: the API contract shared by the server (runtime validation and
 * serialization) and the clients (types only, through `import type`).
 *
 * @example
 * ```ts
 * import type { Session } from '@sportspyder/contract';
 * ```
 * @module @sportspyder/contract
 */
export * from './account.js';
export * from './admin-moderation.js';
export * from './admin-source.js';
export * from './alerts.js';
export * from './article.js';
export * from './billing.js';
export * from './cable.js';
export * from './chat.js';
export * from './chat-embed.js';
export * from './common.js';
export * from './email.js';
export * from './errors.js';
export * from './fantasy.js';
export * from './feed.js';
export * from './feedback.js';
export * from './game.js';
export * from './lists.js';
export * from './notification.js';
export * from './openapi.js';
export * from './pagination.js';
export * from './player.js';
export * from './podcast.js';
export * from './post.js';
export * from './responses.js';
export * from './route-def.js';
export * from './routes.js';
export * from './schema-names.js';
export * from './search.js';
export * from './session.js';
export * from './signed-in-session.js';
export * from './site-paths.js';
export * from './source.js';
export * from './spoiler-shield.js';
export * from './sport.js';
export * from './team.js';
export * from './topic.js';
export * from './user.js';
export * from './views.js';
