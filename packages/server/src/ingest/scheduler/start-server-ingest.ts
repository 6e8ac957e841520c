/**
 * The one call the server makes to ingest in-process: starts the ingest scheduler with the default
 * fetcher (HTTP plus `demo:` feeds from `<DATA_DIR>/demo`) unless `INGEST=off`. With PGlite this is the
 * only way feeds are ingested (one process); with PostgreSQL servers and `npm run worker` processes may
 * all run it, the database leases keep them apart.
 * @module
 */
import { join } from 'node:path';
import type { Database } from '../../db/database.js';
import { HostPoliteness } from '../feeds/host-politeness.js';
import { createFeedFetcher } from '../pipeline/feed-fetcher.js';
import type { IngestSourceResult } from '../pipeline/ingest-source.js';
import { createEventLoopHeadroom } from './event-loop-headroom.js';
import {
  DEFAULT_INGEST_CONCURRENCY,
  type IngestScheduler,
  type SchedulerLogger,
  startIngestScheduler,
} from './start-ingest-scheduler.js';

/** Options of {@link startServerIngest}. */
export interface StartServerIngestOptions {
  /** The server's database (after migrate and seed). */
  db: Database;
  /** DATA_DIR: demo feeds are read from `<dataDir>/demo`. */
  dataDir: string;
  /** Environment (`INGEST=off` disables; `INGEST_CONCURRENCY`, `INGEST_INTERVAL_MS`). */
  env?: Record<string, string | undefined>;
  /** The app logger. */
  logger?: SchedulerLogger;
  /** Called after an ingest stored something new (the server empties its page cache). */
  onStored?: () => void;
  /**
   * The fetch of every HTTP feed: the server passes `createFeedFetch({ allowPrivate:
   * config.feedsAllowPrivate })`, so a production server refuses feeds on private addresses.
   */
  fetch?: typeof fetch;
  /**
   * Whether this process also answers visitors (default true): ingestion then leaves their share of
   * the event loop (`event-loop-headroom.ts`). `npm run worker` answers nobody and passes false.
   */
  servesVisitors?: boolean;
  /** The User-Agent of feed fetches (`feedUserAgent(config.version, config.publicOrigin)`). */
  userAgent?: string;
}

/** Calls `onStored` after ingests that stored new rows (not after 304s, failures or duplicates only). */
function storedNotifier(onStored: () => void): (result: IngestSourceResult) => void {
  return (result) => {
    if (result.status === 'ok' && result.counts.inserted > 0) onStored();
  };
}

/**
 * Starts in-process ingestion, or returns null when `INGEST=off`.
 * @example
 * const ingest = startServerIngest({ db, dataDir: config.dataDir, logger: app.log });
 * // on close: await ingest?.stop();
 */
export function startServerIngest(options: StartServerIngestOptions): IngestScheduler | null {
  const env = options.env ?? process.env;
  if ((env.INGEST ?? '').toLowerCase() === 'off') return null;
  const politeness = new HostPoliteness();
  return startIngestScheduler({
    db: options.db,
    fetcher: createFeedFetcher({
      demoDir: join(options.dataDir, 'demo'),
      politeness,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    }),
    politeness,
    // The server's visitors share this thread (PGlite's statements run on it too).
    ...(options.servesVisitors === false ? {} : { headroom: createEventLoopHeadroom() }),
    concurrency: Number(env.INGEST_CONCURRENCY) || DEFAULT_INGEST_CONCURRENCY,
    ...(Number(env.INGEST_INTERVAL_MS) > 0 ? { intervalMs: Number(env.INGEST_INTERVAL_MS) } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.onStored ? { onResult: storedNotifier(options.onStored) } : {}),
  });
}
