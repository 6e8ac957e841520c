/**
 * `@sportspyder/server`: the reference API and realtime server. Exports what tests and scripts need
 * to run it in-process.
 *
 * @example
 * ```ts
 * import { startServer } from '@sportspyder/server';
 * const server = await startServer({ config: { port: 0, dataDir: '/tmp/sportspyder' }, logger: false });
 * console.log(server.url);
 * await server.close();
 * ```
 * @module
 */
export { type BuildAppOptions, buildApp, type SportSpyderApp } from './app.js';
export type { Broadcaster, DeliveredMessage } from './cable/broadcaster.js';
export { CableServer } from './cable/cable-server.js';
export type { Channel } from './cable/channel.js';
export { userNotificationsStream } from './cable/channels/user-notifications-channel.js';
export { USER_VERSIONS_STREAM } from './cable/channels/user-versions-channel.js';
export { MemoryBroadcaster } from './cable/memory-broadcaster.js';
export { loadConfig, type ServerConfig } from './config.js';
export { createDatabase } from './db/create-database.js';
export type { Database, Queryable } from './db/database.js';
export { migrate } from './db/migrate.js';
export { PgDatabase } from './db/pg-database.js';
export { PGliteDatabase } from './db/pglite-database.js';
export { prepareDataAhead } from './prepare-data.js';
export { DEMO_ACCOUNTS, type DemoAccount } from './seed/demo-accounts.js';
export { seed } from './seed/seed.js';
export { type RunningServer, type StartServerOptions, startServer } from './server.js';
