/**
 * The jobs process (`npm run worker`): ingestion and the scheduled jobs (recap mails, notification events
 * and dispatch) against the PostgreSQL database of DATABASE_URL, apart from the web processes (which
 * then run with RUN_JOBS=false). Any number may run at once: leases in the database keep them off each
 * other's feeds and recap periods. With REDIS_URL, what a worker stores empties the page caches of every
 * web process (the cache-invalidation bus) and its notification pushes reach their sockets (the Redis
 * broadcaster); without it, web processes see new articles when their cached pages expire
 * (RESPONSE_CACHE_TTL_MS). PGlite is single-process, so without DATABASE_URL the worker refuses to start:
 * the server runs the jobs itself in that case. `INGEST=off` leaves only the mail jobs. SIGTERM/SIGINT
 * stop it after the ingests and mail rounds in flight.
 * @module
 */
import { pino } from 'pino';
import { pagesAndAlerts, startServerAlerts } from './alerts/start-server-alerts.js';
import { sessionPushFor } from './billing/billing-setup.js';
import { startLapsedPlansJob } from './billing/lapsed-plans.js';
import { createBroadcaster } from './cable/create-broadcaster.js';
import { loadConfig } from './config.js';
import { createDatabase } from './db/create-database.js';
import { migrate } from './db/migrate.js';
import { startEmailJobs } from './email-pages/start-email-jobs.js';
import { CacheInvalidationBus } from './http/cache-invalidation.js';
import { feedUserAgent } from './ingest/feeds/fetch-feed.js';
import { createFeedFetch } from './ingest/feeds/public-address.js';
import { startServerIngest } from './ingest/scheduler/start-server-ingest.js';
import { assertSafeSettings, UnsafeSettingsError } from './production-settings.js';
import { startWebSubJob } from './sources/websub/start-websub-job.js';
import { readWorld } from './sources/world/world-setting.js';
import { pushGameChanges } from './sports-data/push-game-changes.js';
import { startServerSportsData } from './sports-data/start-server-sports-data.js';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'The worker needs PostgreSQL (set DATABASE_URL). The embedded PGlite database allows one process\n' +
        'at a time, so with DATA_DIR the server runs ingestion and the mail jobs itself: just run `npm start`.',
    );
    process.exit(1);
  }
  const log = pino({ level: config.logLevel, base: { role: 'worker', pid: process.pid } });
  // The same review as the web processes (they share the environment): the worker sends the mails whose
  // links PUBLIC_ORIGIN makes, so a production worker refuses what a production server refuses.
  try {
    assertSafeSettings(config, process.env, (warning) => log.warn(warning));
  } catch (error) {
    if (!(error instanceof UnsafeSettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const db = await createDatabase(config);
  await migrate(db);
  const broadcaster = createBroadcaster(config, log);
  const invalidation = new CacheInvalidationBus(broadcaster, log);
  const ingest = startServerIngest({
    db,
    dataDir: config.dataDir,
    logger: log,
    servesVisitors: false,
    onStored: () => invalidation.invalidate({ scope: 'all', serveStale: true }),
    // In production, feeds on private addresses are refused (SSRF) unless FEEDS_ALLOW_PRIVATE=1.
    fetch: createFeedFetch({ allowPrivate: config.feedsAllowPrivate }),
    userAgent: feedUserAgent(config.version, config.publicOrigin),
  });
  const stopEmailJobs = startEmailJobs({ db, config, log, broadcaster });
  // Paid plans that were cancelled or failed to renew end on their date (issue 47).
  const stopLapsedPlans = startLapsedPlansJob({
    db,
    log,
    invalidateMember: (userId) => invalidation.invalidate({ scope: 'member', userId }),
    pushSession: sessionPushFor(db, broadcaster),
  });
  // WebSub subscriptions of the feeds that name a hub (the callback is answered by the web processes).
  const stopWebSub = ingest ? startWebSubJob({ db, config, log }) : async () => {};
  // Web Push alerts (issue 49): the queue's worker; game alerts are queued from the sports data job below.
  const alerts = startServerAlerts({ db, config, log });
  // Real rosters, games and standings (issue 45): where the jobs run, in the world the database was made in.
  const sportsData = startServerSportsData({
    db,
    env: process.env,
    world: (await readWorld(db))?.mode ?? null,
    fetch: createFeedFetch({ allowPrivate: config.feedsAllowPrivate }),
    userAgent: feedUserAgent(config.version, config.publicOrigin),
    log,
    onGamesChanged: pagesAndAlerts(
      pushGameChanges({
        db,
        broadcaster,
        invalidate: () => invalidation.invalidate({ scope: 'all' }),
        log,
      }),
      alerts,
    ),
  });
  // The scheduler's timers do not hold the process open (the server must exit without them); the worker must.
  const keepAlive = setInterval(() => undefined, 60_000);
  log.info({ ingest: ingest !== null, shared: Boolean(config.redisUrl) }, 'SportSpyder worker started');

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearInterval(keepAlive);
    log.info({ signal }, 'finishing the feeds and mail rounds in flight');
    // A stuck fetch must not keep the process alive forever.
    setTimeout(() => process.exit(1), 30_000).unref();
    (async () => {
      await ingest?.stop();
      await stopEmailJobs();
      await stopLapsedPlans();
      await stopWebSub();
      await sportsData?.stop();
      await alerts.stop();
      invalidation.close();
      await broadcaster.close();
      await db.close();
    })().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('The worker failed to start:', error);
  process.exit(1);
});
