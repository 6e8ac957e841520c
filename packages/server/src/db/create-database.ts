/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite.
 * @module
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from '../config.js';
import type { Database } from './database.js';
import { PGliteDatabase } from './pglite-database.js';

/**
 * Opens the database the configuration names; `{ memory: true }` gives an in-memory PGlite (tests).
 *
 * @example
 * ```ts
 * const db = await createDatabase(loadConfig());
 * await migrate(db);
 * ```
 */
export async function createDatabase(
  config: Pick<ServerConfig, 'databaseUrl' | 'dataDir'>,
  options: { memory?: boolean; initdbInChild?: boolean } = {},
): Promise<Database> {
  if (config.databaseUrl) {
    // Loaded only here: the embedded default never holds the pg driver in its heap (about 3 MB that
    // every full collection would walk; docs/decisions/performance-and-caching.md, "One serializer per
    // response schema").
    const { PgDatabase } = await import('./pg-database.js');
    return new PgDatabase({ connectionString: config.databaseUrl });
  }
  if (options.memory) return PGliteDatabase.open();
  const dataDir = join(config.dataDir, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  return PGliteDatabase.open({
    dataDir,
    ...(options.initdbInChild === undefined ? {} : { initdbInChild: options.initdbInChild }),
  });
}
