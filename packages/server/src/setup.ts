/**
 * The child process entry of `prepare-data.ts` (`node dist/setup.js` with DATA_DIR set): opens the
 * embedded database in DATA_DIR, prepares it, closes it and exits.
 * @module
 */
import { loadConfig } from './config.js';
import { createDatabase } from './db/create-database.js';
import { prepareData } from './prepare-data.js';

const config = loadConfig();
// This process is short-lived: creating the folder here costs nothing that lasts.
const db = await createDatabase(
  { dataDir: config.dataDir, databaseUrl: undefined },
  { initdbInChild: false },
);
try {
  await prepareData(db, { dataDir: config.dataDir, env: process.env });
} finally {
  await db.close();
}
