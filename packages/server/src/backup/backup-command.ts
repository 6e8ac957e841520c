/**
 * `npm run cli -- backup <file>` and `npm run cli -- restore <file>`. They run before the CLI opens the
 * database (the backup must work while the server holds it).
 *
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom`, and `pg_restore` into a database without tables.
 * - PGlite (DATA_DIR): when the server runs (it holds `DATA_DIR/pglite.lock`) the backup is asked of it
 *   over its backup socket (`backup-socket.ts`); otherwise this process takes the lock and dumps the
 *   folder itself. A restore needs the server stopped and `DATA_DIR/pglite` empty or missing.
 *
 * Exit codes: 0 done, 1 refused or failed, 2 wrong usage.
 * @module
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CliUsageError, type TextSink } from '../cli/cli-output.js';
import { DataDirLockedError, lockDataDir } from '../cli/data-dir-lock.js';
import type { ServerConfig } from '../config.js';
import { hasPGliteCluster } from '../db/pglite-initdb.js';
import { backupSocketPath, backupThroughServer } from './backup-socket.js';
import { isEmptyFolder, isPGliteBackup, restorePGlite, writeTarball } from './pglite-backup.js';
import { backupPostgres, countPostgresTables, isPostgresBackup, restorePostgres } from './postgres-backup.js';

/** The lines of `--help` about backups. */
export const BACKUP_HELP = `  backup <file>
      Writes a consistent backup while the server runs: PostgreSQL (DATABASE_URL) with pg_dump's custom
      format; the embedded database through the running server (or directly when it is stopped).
  restore <file>
      Restores a backup into an empty data folder (DATA_DIR/pglite missing or empty, server stopped) or an
      empty database (DATABASE_URL without tables); refuses anything else. Then start the server on it.
`;

/** What the commands need. */
export interface BackupCommandOptions {
  /** DATA_DIR and DATABASE_URL. */
  config: Pick<ServerConfig, 'dataDir' | 'databaseUrl'>;
  /** Where the result line goes. */
  stdout: TextSink;
  /** Where errors go. */
  stderr: TextSink;
  /** The folder a relative `<file>` is read against (default: where `npm run` was typed, INIT_CWD). */
  cwd?: string;
}

/** A refusal (a non-empty target, no server answering): printed, exit code 1. */
class Refusal extends Error {}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/**
 * Runs `backup <file>` or `restore <file>` (argv without the leading `npm run cli --`); answers the exit
 * code and never throws.
 * @example
 * const code = await runBackupCommand(['backup', '/var/backups/sportspyder.bak'], { config, stdout, stderr });
 */
export async function runBackupCommand(
  argv: readonly string[],
  options: BackupCommandOptions,
): Promise<number> {
  try {
    const [command, target, ...extra] = argv;
    if (!target || extra.length > 0) throw new CliUsageError(`Usage: npm run cli -- ${command} <file>`);
    const file = resolve(options.cwd ?? process.env.INIT_CWD ?? process.cwd(), target);
    const started = Date.now();
    const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
    if (command === 'backup') {
      const { bytes, how } = await backup(file, options);
      options.stdout.write(`Backup written to ${file}: ${megabytes(bytes)} in ${seconds()} (${how})\n`);
      return 0;
    }
    if (!existsSync(file)) throw new CliUsageError(`No file ${file}`);
    const restored = await restore(file, options);
    options.stdout.write(`Restored ${file} into ${restored} in ${seconds()}. Start the server on it.\n`);
    return 0;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    options.stderr.write(`Error: ${message}\n`);
    return error instanceof CliUsageError ? 2 : 1;
  }
}

async function backup(
  file: string,
  { config }: BackupCommandOptions,
): Promise<{ bytes: number; how: string }> {
  if (config.databaseUrl) {
    await backupPostgres(config.databaseUrl, file);
    return { bytes: statSync(file).size, how: 'pg_dump, custom format' };
  }
  const pgliteDir = join(config.dataDir, 'pglite');
  let lock: ReturnType<typeof lockDataDir>;
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    try {
      return {
        bytes: await backupThroughServer(config.dataDir, file),
        how: `through the server, pid ${error.pid}`,
      };
    } catch (socketError) {
      const code = (socketError as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ECONNREFUSED') throw socketError;
      throw new Refusal(
        `process ${error.pid} holds ${config.dataDir} but nothing answers on ${backupSocketPath(config.dataDir)}: ` +
          'a server older than the backup command, or one whose data folder path is too long for a socket. ' +
          'Restart it, or stop it and run the backup again.',
      );
    }
  }
  try {
    if (!hasPGliteCluster(pgliteDir)) throw new Refusal(`No database in ${pgliteDir} to back up`);
    // Nothing has the folder open, and the lock keeps it so: it is its own snapshot.
    return { bytes: await writeTarball(pgliteDir, file), how: 'the server was stopped' };
  } finally {
    lock.release();
  }
}

async function restore(file: string, { config }: BackupCommandOptions): Promise<string> {
  if (config.databaseUrl) {
    if (!(await isPostgresBackup(file))) {
      throw new Refusal(
        `${file} is not a pg_dump custom-format archive${(await isPGliteBackup(file)) ? ' (it is a backup of the embedded database: restore it with DATA_DIR and no DATABASE_URL)' : ''}`,
      );
    }
    const tables = await countPostgresTables(config.databaseUrl);
    if (tables > 0) {
      throw new Refusal(
        `the database of DATABASE_URL has ${tables} tables: a restore goes into an empty database (create one, e.g. createdb sportspyder_restored)`,
      );
    }
    await restorePostgres(config.databaseUrl, file);
    return 'the database of DATABASE_URL';
  }
  if (!(await isPGliteBackup(file))) {
    throw new Refusal(
      `${file} is not a backup of the embedded database${(await isPostgresBackup(file)) ? ' (it is a pg_dump archive: restore it with DATABASE_URL)' : ''}`,
    );
  }
  let lock: ReturnType<typeof lockDataDir>;
  try {
    lock = lockDataDir(config.dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new Refusal(
        `a server (process ${error.pid}) runs on ${config.dataDir}: a restore needs an empty data folder`,
      );
    }
    throw error;
  }
  const pgliteDir = join(config.dataDir, 'pglite');
  try {
    if (!isEmptyFolder(pgliteDir)) {
      throw new Refusal(
        `${pgliteDir} is not empty: a restore goes into an empty data folder (set DATA_DIR to a new one, or move this one away)`,
      );
    }
    try {
      const { tables } = await restorePGlite(pgliteDir, file);
      return `${pgliteDir} (${tables} tables)`;
    } catch (error) {
      // The folder was empty before: what a failed restore left there is removed, so it can be retried.
      rmSync(pgliteDir, { recursive: true, force: true });
      throw error;
    }
  } finally {
    lock.release();
  }
}
