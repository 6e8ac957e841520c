/**
 * Starts a whole server in-process: open the database, migrate, seed, build the app, listen. Used by
 * `main.ts` and by the browser tests (a fresh server per run).
 * @module
 */
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { pagesAndAlerts, startServerAlerts } from './alerts/start-server-alerts.js';
import { buildApp, type SportSpyderApp } from './app.js';
import { startBackupSocket } from './backup/backup-socket.js';
import { sessionPushFor } from './billing/billing-setup.js';
import { startLapsedPlansJob } from './billing/lapsed-plans.js';
import type { Broadcaster } from './cable/broadcaster.js';
import { announceVersion } from './cable/channels/user-versions-channel.js';
import { lockDataDir } from './cli/data-dir-lock.js';
import { stopAccepting } from './cluster/stop-accepting.js';
import { listeningOrigin, loadConfig, type ServerConfig } from './config.js';
import { createDatabase } from './db/create-database.js';
import type { Database } from './db/database.js';
import { PGliteDatabase } from './db/pglite-database.js';
import { warmRecapRound } from './email-pages/recap-newsletter.js';
import { startEmailJobs } from './email-pages/start-email-jobs.js';
import { persistedCsrfSecret } from './http/csrf.js';
import { warmPublicReads } from './http/warm-public-reads.js';
import { feedUserAgent } from './ingest/feeds/fetch-feed.js';
import { createFeedFetch } from './ingest/feeds/public-address.js';
import { startServerIngest } from './ingest/scheduler/start-server-ingest.js';
import { mailerFor } from './mail/mailer.js';
import { warmNotificationEvents } from './notifications/notification-events.js';
import { prepareData, prepareDataInChild } from './prepare-data.js';
import { assertSafeSettings } from './production-settings.js';
import { startWebSubJob } from './sources/websub/start-websub-job.js';
import { readWorld, type WorldSetting } from './sources/world/world-setting.js';
import { pushGameChanges } from './sports-data/push-game-changes.js';
import { startServerSportsData } from './sports-data/start-server-sports-data.js';

/** A started server. */
export interface RunningServer {
  /** The app. */
  app: SportSpyderApp;
  /** The database. */
  db: Database;
  /** The configuration in force. */
  config: ServerConfig;
  /** `http://localhost:<port>`. */
  url: string;
  /** The port listened on. */
  port: number;
  /** The world this database serves (`SOURCES`), as stored at its first start. */
  world: WorldSetting | null;
  /** Stops the websocket connections, the HTTP server and the database (unless it was passed in). */
  close(): Promise<void>;
}

/** Options of {@link startServer}. */
export interface StartServerOptions {
  /** Configuration overrides (e.g. `{ port: 0, dataDir }`). */
  config?: Partial<ServerConfig>;
  /** Environment to read (default `process.env`). */
  env?: Record<string, string | undefined>;
  /** An in-memory PGlite instead of DATA_DIR (ignored with DATABASE_URL). */
  memory?: boolean;
  /** A database to use instead of opening one. */
  db?: Database;
  /** Logger for the app (`false` silences it). */
  logger?: FastifyBaseLogger | boolean;
  /** The broadcaster shared with other processes (default: one in this process). */
  broadcaster?: Broadcaster;
  /**
   * The database was migrated and seeded already (a cluster's primary does it once before forking its
   * web processes, so they do not race each other's seed).
   */
  prepared?: boolean;
}

/**
 * Opens, migrates and seeds the database, then serves.
 *
 * @example
 * ```ts
 * const server = await startServer({ config: { port: 0 }, memory: true, logger: false });
 * await fetch(`${server.url}/healthz`);
 * await server.close();
 * ```
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.env ?? process.env, options.config ?? {});
  // Production refuses unsafe settings before it touches anything (production-settings.ts); the
  // warnings are logged once the app's logger exists, at every start.
  const warnings: string[] = [];
  assertSafeSettings(config, options.env ?? process.env, (warning) => warnings.push(warning));
  // Data kept on disk keeps its CSRF key there too, so open pages' tokens survive a restart.
  if (!config.csrfSecret && !options.memory) config.csrfSecret = persistedCsrfSecret(config.dataDir);
  const ownsDb = options.db === undefined;
  // PGlite does not stop a second process from opening the same folder (the CLI, another server):
  // a lock file does, so the data cannot be corrupted by two writers.
  const lock = ownsDb && !config.databaseUrl && !options.memory ? lockDataDir(config.dataDir) : null;
  const env = options.env ?? process.env;
  // The embedded database's own folder is prepared by a child process before this one opens it.
  let preparedInChild = false;
  try {
    preparedInChild = lock !== null && prepareDataInChild(config.dataDir, env);
  } catch (error) {
    lock?.release();
    throw error;
  }
  const db = options.db ?? (await createDatabase(config, { memory: options.memory ?? false }));
  try {
    if (!preparedInChild && !options.prepared) await prepareData(db, { dataDir: config.dataDir, env });
    const world = await readWorld(db);
    const app = await buildApp({
      db,
      config,
      logger: options.logger ?? true,
      ...(options.broadcaster ? { broadcaster: options.broadcaster } : {}),
    });
    for (const warning of warnings) app.log.warn(warning);
    // The scheduled jobs' statements are planned now rather than in their first round, when the
    // server's thread would stall for a quarter of a second (PGlite only).
    if (config.runJobs) {
      await warmNotificationEvents(db);
      await warmRecapRound(db, mailerFor(app.db, app.config, app.log));
    }
    // The public pages' statements likewise, so the first visitors don't wait for their planning.
    await warmPublicReads(app);
    await app.listen({ port: config.port, host: config.host });
    // `npm run cli -- backup` asks this process for the embedded database's dump (it holds the folder).
    const stopBackupSocket =
      lock && db instanceof PGliteDatabase
        ? await startBackupSocket({ dataDir: config.dataDir, pglite: db.pglite, log: app.log })
        : async () => {};
    const port = (app.server.address() as AddressInfo).port;
    // The default public origin is the address listened on: with port 0 it is known only now.
    if (config.port === 0 && config.publicOrigin === listeningOrigin(config.host, 0)) {
      config.publicOrigin = listeningOrigin(config.host, port);
    }
    // Pages on other processes (or that missed the restart) learn of a new version now; a failing
    // broadcaster must not stop the start.
    await announceVersion(app.broadcaster, config.version).catch((error) =>
      app.log.warn({ err: error }, 'could not announce the version'),
    );
    // Feeds are fetched in this process by default (INGEST=off disables it; with RUN_JOBS=false
    // `npm run worker` processes fetch them, and run the mail jobs, apart from the web processes).
    const ingest = config.runJobs
      ? startServerIngest({
          db,
          dataDir: config.dataDir,
          env,
          logger: app.log,
          // In production, feeds on private addresses are refused (SSRF) unless FEEDS_ALLOW_PRIVATE=1.
          fetch: createFeedFetch({ allowPrivate: config.feedsAllowPrivate }),
          userAgent: feedUserAgent(config.version, config.publicOrigin),
          // Stored articles change feeds everywhere: cached pages, on every process, are served only while
          // they are computed again, for 2 s at most (http/response-cache.ts, `markStale`).
          onStored: () => app.cacheInvalidation.invalidate({ scope: 'all', serveStale: true }),
        })
      : null;
    // The recap newsletter and the notification pushes and mails (issue 13).
    const stopEmailJobs = config.runJobs ? startEmailJobs(app) : async () => {};
    // Paid plans that were cancelled or failed to renew end on their date (issue 47).
    const stopLapsedPlans = config.runJobs
      ? startLapsedPlansJob({
          db,
          log: app.log,
          invalidateMember: (userId) => app.cacheInvalidation.invalidate({ scope: 'member', userId }),
          pushSession: sessionPushFor(db, app.broadcaster),
        })
      : async () => {};
    // WebSub subscriptions of the feeds that name a hub: asked for, renewed and retried where feeds are
    // fetched (issue 44); the callback itself is answered by every web process (app.ts).
    const stopWebSub = ingest ? startWebSubJob({ db, config, log: app.log }) : async () => {};
    // Web Push alerts (issue 49): the queue's worker; game alerts are queued from the sports data job below.
    const alerts = config.runJobs ? startServerAlerts({ db, config, log: app.log }) : null;
    // Real rosters, games and standings from the sports data provider (issue 45; off in the demo world).
    const sportsData = config.runJobs
      ? startServerSportsData({
          db,
          env,
          world: world?.mode ?? null,
          fetch: createFeedFetch({ allowPrivate: config.feedsAllowPrivate }),
          userAgent: feedUserAgent(config.version, config.publicOrigin),
          log: app.log,
          // A score or state that changed is pushed to the open pages and shows on the next read of any page.
          onGamesChanged: pagesAndAlerts(
            pushGameChanges({
              db,
              broadcaster: app.broadcaster,
              invalidate: () => app.cacheInvalidation.invalidate({ scope: 'all' }),
              log: app.log,
            }),
            alerts,
          ),
        })
      : null;
    let closing: Promise<void> | undefined;
    return {
      app,
      db,
      config,
      port,
      world,
      url: `http://localhost:${port}`,
      close: () => {
        closing ??= (async () => {
          // A cluster's web process first leaves the rotation (see stop-accepting.ts); its sockets,
          // told to reconnect next, then land on the other processes.
          if (cluster.isWorker) await stopAccepting(app.server);
          await ingest?.stop();
          await stopEmailJobs();
          await stopLapsedPlans();
          await stopWebSub();
          await sportsData?.stop();
          await alerts?.stop();
          await stopBackupSocket();
          await app.close();
          if (ownsDb) await db.close();
          lock?.release();
        })();
        return closing;
      },
    };
  } catch (error) {
    if (ownsDb) await db.close().catch(() => {});
    lock?.release();
    throw error;
  }
}
