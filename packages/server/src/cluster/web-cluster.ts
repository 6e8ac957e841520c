/**
 * Every core of one machine: `WEB_CONCURRENCY=N` (default 1) makes `node dist/main.js` a cluster
 * primary (Node's `cluster` module) that prepares the database once, then forks N web processes sharing
 * one port; the primary accepts the connections and hands them round-robin to the processes, websocket
 * upgrades included. It restarts a process that dies, restarts them one by one on SIGHUP (a rolling
 * restart: the new one listens before the old one is told to stop, so the port never goes unanswered),
 * and on SIGTERM/SIGINT stops them all gracefully (each finishes its requests and tells its sockets to
 * reconnect) before exiting.
 *
 * The embedded PGlite database can be opened by one process only, so N > 1 needs DATABASE_URL; the
 * processes share what they must agree on through REDIS_URL (see docs/deploy.md).
 * @module
 */
import cluster, { type Worker } from 'node:cluster';
import { loadConfig } from '../config.js';
import { createDatabase } from '../db/create-database.js';
import { prepareData } from '../prepare-data.js';
import { assertSafeSettings } from '../production-settings.js';

/** Set in the environment of the forked web processes: the primary prepared the database already. */
export const CLUSTER_PREPARED_ENV = 'SPORTSPYDER_CLUSTER_PREPARED';

/** How long a process may take to stop before it is killed, in ms. */
export const WORKER_STOP_TIMEOUT_MS = 15_000;

/** What a start with WEB_CONCURRENCY > 1 and no DATABASE_URL prints before exiting. */
export function needsDatabaseUrlMessage(concurrency: number): string {
  return (
    `WEB_CONCURRENCY=${concurrency} needs PostgreSQL: set DATABASE_URL (e.g. postgres://user:pass@host:5432/sportspyder).\n` +
    'The embedded PGlite database in DATA_DIR can be opened by one process only, so several web processes\n' +
    'cannot share it. Unset WEB_CONCURRENCY (or set it to 1) to run one process on PGlite. See docs/deploy.md.'
  );
}

/**
 * WEB_CONCURRENCY read and checked: a whole number from 1 (unset or empty: 1).
 *
 * @example
 * ```ts
 * webConcurrencyFrom({ WEB_CONCURRENCY: '4' }); // 4
 * ```
 */
export function webConcurrencyFrom(env: Record<string, string | undefined>): number {
  const value = (env.WEB_CONCURRENCY ?? '').trim();
  if (value === '') return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    throw new Error(`WEB_CONCURRENCY must be a whole number of processes from 1, got "${value}"`);
  }
  return n;
}

/** Options of {@link runWebCluster}. */
export interface WebClusterOptions {
  /** Web processes to run. */
  concurrency: number;
  /** Called once every process listens, with the port (the banner). */
  onListening(port: number): void;
  /** Environment (default `process.env`). */
  env?: Record<string, string | undefined>;
}

function log(message: string): void {
  console.log(`[cluster ${process.pid}] ${message}`);
}

function stopWorker(worker: Worker): Promise<void> {
  if (worker.isDead()) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => worker.process.kill('SIGKILL'), WORKER_STOP_TIMEOUT_MS);
    worker.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    worker.process.kill('SIGTERM');
  });
}

/**
 * Runs the primary: checks the configuration, migrates and seeds once, forks and watches the processes.
 * Exits the process with 1 when DATABASE_URL is missing or the first processes cannot start.
 */
export async function runWebCluster(options: WebClusterOptions): Promise<void> {
  const env = options.env ?? process.env;
  const config = loadConfig(env);
  // Refused here once, not by each forked process (production-settings.ts); main.ts prints the reasons.
  assertSafeSettings(config, env, () => {});
  if (!config.databaseUrl) {
    console.error(needsDatabaseUrlMessage(options.concurrency));
    process.exit(1);
  }
  // Once here, not N times racing each other in the web processes.
  const db = await createDatabase(config);
  try {
    await prepareData(db, { dataDir: config.dataDir, env });
  } finally {
    await db.close();
  }

  let stopping = false;
  let started = false;
  const fork = () => cluster.fork({ [CLUSTER_PREPARED_ENV]: '1' });
  const listening = (worker: Worker) =>
    new Promise<number>((resolve, reject) => {
      worker.once('listening', (address) => resolve(address.port));
      worker.once('exit', (code) =>
        reject(new Error(`web process ${worker.process.pid} exited with ${code}`)),
      );
    });

  cluster.on('exit', (worker, code, signal) => {
    if (
      stopping ||
      !started ||
      worker.exitedAfterDisconnect ||
      (worker as Worker & { retired?: boolean }).retired
    ) {
      return;
    }
    log(`web process ${worker.process.pid} died (${signal ?? code}); starting another`);
    setTimeout(() => {
      if (!stopping) fork();
    }, 500).unref();
  });

  const first = Array.from({ length: options.concurrency }, fork);
  let port: number;
  try {
    [port] = (await Promise.all(first.map(listening))) as [number];
  } catch (error) {
    console.error(`SportSpyder failed to start: ${error instanceof Error ? error.message : error}`);
    stopping = true;
    await Promise.all(Object.values(cluster.workers ?? {}).map((w) => (w ? stopWorker(w) : undefined)));
    process.exit(1);
  }
  started = true;
  log(`${options.concurrency} web processes listening on port ${port}`);
  options.onListening(port);

  let restarting: Promise<void> | undefined;
  const rollingRestart = async () => {
    for (const old of Object.values(cluster.workers ?? {})) {
      if (!old || stopping) continue;
      const next = fork();
      await listening(next).catch((error: unknown) => log(`rolling restart: ${error}`));
      (old as Worker & { retired?: boolean }).retired = true;
      await stopWorker(old);
    }
    log('rolling restart done');
  };
  process.on('SIGHUP', () => {
    if (stopping || restarting) return;
    log('SIGHUP: restarting the web processes one by one');
    restarting = rollingRestart().finally(() => {
      restarting = undefined;
    });
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping the web processes`);
    Promise.all(Object.values(cluster.workers ?? {}).map((w) => (w ? stopWorker(w) : undefined))).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
