/**
 * Entry of the admin CLI (`npm run cli -- <command>`): opens the database the server uses (DATA_DIR or
 * DATABASE_URL), applies pending migrations, runs one command and exits with its code.
 * @module
 */
import { join } from 'node:path';
import { runBackupCommand } from '../backup/backup-command.js';
import { loadConfig } from '../config.js';
import { createDatabase } from '../db/create-database.js';
import type { Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { feedUserAgent } from '../ingest/feeds/limited-fetch.js';
import { createFeedFetch } from '../ingest/feeds/public-address.js';
import { createFeedFetcher } from '../ingest/pipeline/feed-fetcher.js';
import { type DataDirLock, DataDirLockedError, lockDataDir } from './data-dir-lock.js';
import { CLI_HELP, runCli } from './run-cli.js';
import { runSourcesCheck } from './sources-check-command.js';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(CLI_HELP);
    return 0;
  }
  const config = loadConfig();
  // The catalogue check reads no database: it runs beside a running server.
  if (argv[0] === 'sources' && argv[1] === 'check') {
    return runSourcesCheck(argv.slice(2), {
      stdout: process.stdout,
      stderr: process.stderr,
      dataDir: config.dataDir,
      fetch: createFeedFetch({ allowPrivate: config.feedsAllowPrivate }),
      userAgent: feedUserAgent(config.version, config.publicOrigin),
    });
  }
  // A backup works while the server holds the database, and a restore fills an empty one: both open it
  // (or ask the server) themselves.
  if (argv[0] === 'backup' || argv[0] === 'restore') {
    return runBackupCommand(argv, { config, stdout: process.stdout, stderr: process.stderr });
  }
  let db: Database;
  let lock: DataDirLock | null = null;
  try {
    if (!config.databaseUrl) lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    process.stderr.write(
      `Error: ${error.message}\nWhile the server runs, manage sources on its admin page, /admin/sources (signed in as an admin).\n`,
    );
    return 1;
  }
  try {
    db = await createDatabase(config);
    await migrate(db);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (config.databaseUrl) {
      process.stderr.write(`Error: cannot open the PostgreSQL database (DATABASE_URL): ${message}\n`);
    } else {
      process.stderr.write(
        `Error: cannot open the embedded database in ${join(config.dataDir, 'pglite')}: ${message}\n` +
          'The embedded database allows one process at a time: stop the server (npm start) and try again,\n' +
          'or point DATABASE_URL at PostgreSQL.\n',
      );
    }
    lock?.release();
    return 1;
  }
  try {
    return await runCli(argv, {
      db,
      stdout: process.stdout,
      stderr: process.stderr,
      // `sources ingest` fetches as the server does: guarded in production, naming the product.
      fetcher: createFeedFetcher({
        demoDir: join(config.dataDir, 'demo'),
        fetch: createFeedFetch({ allowPrivate: config.feedsAllowPrivate }),
        userAgent: feedUserAgent(config.version, config.publicOrigin),
      }),
      demoDir: join(config.dataDir, 'demo'),
    });
  } finally {
    await db.close();
    lock?.release();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('Error:', error);
    process.exitCode = 1;
  },
);
