/**
 * The ingestion worker process (`npm run worker`): runs only the ingest scheduler against the
 * PostgreSQL database of DATABASE_URL, for deployments that split serving from crawling. Several
 * workers (and servers with their own scheduler) may run at once: leases in the database keep them off
 * each other's feeds. PGlite is single-process, so without DATABASE_URL the worker refuses to start:
 * the server runs the scheduler itself in that case. SIGTERM/SIGINT stop it after the ingests in flight.
 * @module
 */
import { join } from 'node:path';
import { loadConfig } from './config.js';
import { createDatabase } from './db/create-database.js';
import { migrate } from './db/migrate.js';
import { HostPoliteness } from './ingest/feeds/host-politeness.js';
import { createFeedFetcher } from './ingest/pipeline/feed-fetcher.js';
import { startIngestScheduler } from './ingest/scheduler/start-ingest-scheduler.js';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'The ingest worker needs PostgreSQL (set DATABASE_URL). The embedded PGlite database allows one process\n' +
        'at a time, so with DATA_DIR the server runs the ingest scheduler itself: just run `npm start`.',
    );
    process.exit(1);
  }
  const db = await createDatabase(config);
  await migrate(db);
  const politeness = new HostPoliteness();
  const scheduler = startIngestScheduler({
    db,
    fetcher: createFeedFetcher({ demoDir: join(config.dataDir, 'demo'), politeness }),
    politeness,
    concurrency: Number(process.env.INGEST_CONCURRENCY) || 4,
    logger: {
      info: (obj, msg) => console.log(msg, JSON.stringify(obj)),
      warn: (obj, msg) =>
        console.warn(
          msg,
          JSON.stringify(obj, (_k, v) => (v instanceof Error ? v.message : v)),
        ),
    },
  });
  // The scheduler's timer does not hold the process open (the server must exit without it); the worker must.
  const keepAlive = setInterval(() => undefined, 60_000);
  console.log('SportSpyder ingest worker started');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(keepAlive);
    console.log(`${signal}: finishing the feeds in flight`);
    // A stuck fetch must not keep the process alive forever.
    setTimeout(() => process.exit(1), 30_000).unref();
    scheduler
      .stop()
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Shutdown failed:', error);
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('The ingest worker failed to start:', error);
  process.exit(1);
});
