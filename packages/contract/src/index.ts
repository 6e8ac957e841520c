/**
 * `@sportspyder/contract`: the API contract shared by the server (runtime validation and
 * serialization) and the clients (types only, through `import type`).
 *
 * @example
 * ```ts
 * import type { Session } from '@sportspyder/contract';
 * ```
 * @module
 */
export * from './errors.js';
export * from './pagination.js';
export * from './routes.js';
export * from './session.js';
export * from './sport.js';
export * from './team.js';
export * from './topic.js';
export * from './user.js';
export * from './views.js';
