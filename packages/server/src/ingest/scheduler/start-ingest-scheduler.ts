/**
 * The ingestion loop: every few seconds it leases due sources (see `source-lease.ts`), ingests them
 * with bounded concurrency and one shared per-host politeness (leasing no more of a host's sources
 * than that politeness lets fetch at once, so a busy host never holds every slot), storing the feeds fetched together in
 * batches (`feed-batcher.ts`), and releases the leases. It runs in the
 * server process (PGlite) or in `worker.ts` (PostgreSQL deployments). It never throws and `stop()`
 * waits for the ingests in flight.
 *
 * On PostgreSQL the concurrency bounds the sources being fetched and parsed: a parsed feed waiting for
 * its batch frees its slot, so the next sources are fetched and parsed while the database stores a
 * batch, and the next batch fills meanwhile; at most `batchFeeds` more wait that way. On PGlite a slot is
 * freed once its feed is stored: the one connection serves the web requests too, and parsing between a
 * batch's statements would keep them waiting longer.
 * @module
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../../db/database.js';
import { HostPoliteness } from '../feeds/host-politeness.js';
import { createFeedBatcher, DEFAULT_BATCH_FEEDS } from '../pipeline/feed-batcher.js';
import type { FeedFetcher } from '../pipeline/feed-fetcher.js';
import { type IngestSourceResult, ingestSource } from '../pipeline/ingest-source.js';
import { loadTagIndex } from '../pipeline/load-tag-index.js';
import type { TagIndex } from '../tagging/build-index.js';
import { type EventLoopHeadroom, HEADROOM_LEASE_STEP } from './event-loop-headroom.js';
import { sourceHost } from './source-host.js';
import { DEFAULT_LEASE_MS, leaseDueSources, releaseSourceLease } from './source-lease.js';

/** Default number of sources ingested at the same time (their feeds fill the stored batches). */
export const DEFAULT_INGEST_CONCURRENCY = 16;
/** Default time between two looks for due sources. */
export const DEFAULT_SCHEDULER_INTERVAL_MS = 5000;
/** The tag index is rebuilt this often, so new teams and players are picked up. */
export const TAG_INDEX_TTL_MS = 10 * 60 * 1000;

/** The logger the scheduler writes to (pino and Fastify's logger fit). */
export interface SchedulerLogger {
  /** Informational message. */
  info(obj: object, msg: string): void;
  /** A problem that did not stop the loop. */
  warn(obj: object, msg: string): void;
}

/** Options of {@link startIngestScheduler}. */
export interface IngestSchedulerOptions {
  /** The database. */
  db: Database;
  /** Reads the feeds. */
  fetcher: FeedFetcher;
  /** The clock (default `() => new Date()`). */
  now?: () => Date;
  /**
   * Sources ingested at the same time (default 16). On PostgreSQL only those being fetched and parsed
   * count: parsed feeds waiting for their batch (at most `batchFeeds` more) do not.
   */
  concurrency?: number;
  /** Most feeds stored in one transaction (default 32). */
  batchFeeds?: number;
  /** How long a batch waits for more fetched feeds, in ms (default 50). */
  batchWindowMs?: number;
  /** This scheduler's unique lease owner id (default host, pid and a random suffix). */
  leaseOwner?: string;
  /** Time between looks for due sources in ms (default 5 s). */
  intervalMs?: number;
  /** Lease length in ms (default 5 min). */
  leaseMs?: number;
  /** Per-host politeness (default a new one; share one per process). */
  politeness?: HostPoliteness;
  /** A fixed tag index (default: loaded from the database and refreshed every 10 min). */
  tagIndex?: TagIndex;
  /**
   * Waited for before more sources are leased: the server's own scheduler passes an event-loop headroom
   * gate (`event-loop-headroom.ts`) so ingestion leaves room for the visitors on the same thread.
   */
  headroom?: EventLoopHeadroom;
  /** Called after each ingest (tests, metrics). */
  onResult?: (result: IngestSourceResult) => void;
  /** Where problems are logged. */
  logger?: SchedulerLogger;
}

/** A running scheduler. */
export interface IngestScheduler {
  /** Stops looking for work and resolves once the ingests in flight are done. */
  stop(): Promise<void>;
  /** Looks for due sources now (instead of waiting for the next tick); resolves when that look is done. */
  poke(): Promise<void>;
}

/**
 * Starts the ingestion loop.
 * @example
 * const scheduler = startIngestScheduler({ db, fetcher: createFeedFetcher({ demoDir }), leaseOwner: 'web-1' });
 * process.on('SIGTERM', () => scheduler.stop());
 */
export function startIngestScheduler(options: IngestSchedulerOptions): IngestScheduler {
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_INGEST_CONCURRENCY);
  const owner = options.leaseOwner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const interval = options.intervalMs ?? DEFAULT_SCHEDULER_INTERVAL_MS;
  const clock = options.now ?? (() => new Date());
  const politeness = options.politeness ?? new HostPoliteness();
  const inFlight = new Set<Promise<void>>();
  // Sources leased and not yet parsed; with the parsed feeds waiting for a batch they make `inFlight`.
  let fetching = 0;
  // The same per host: no more of a host's sources are leased than its politeness lets fetch at once.
  const fetchingPerHost = new Map<string, number>();
  // Parsed feeds that may wait for their batch beyond the concurrency (none on PGlite).
  const ahead = options.db.kind === 'pglite' ? 0 : Math.max(1, options.batchFeeds ?? DEFAULT_BATCH_FEEDS);
  const maxInFlight = concurrency + ahead;
  // Feeds fetched by this loop's concurrent ingests are stored together, many per transaction.
  const batcher = createFeedBatcher({
    db: options.db,
    ...(options.batchFeeds ? { maxFeeds: options.batchFeeds } : {}),
    ...(options.batchWindowMs !== undefined ? { windowMs: options.batchWindowMs } : {}),
  });
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let looking: Promise<void> | null = null;
  let tagIndex: TagIndex | undefined = options.tagIndex;
  let tagIndexAt = 0;

  const currentTagIndex = async (): Promise<TagIndex> => {
    if (options.tagIndex) return options.tagIndex;
    if (!tagIndex || Date.now() - tagIndexAt > TAG_INDEX_TTL_MS) {
      tagIndex = await loadTagIndex(options.db);
      tagIndexAt = Date.now();
    }
    return tagIndex;
  };

  const runOne = async (source: Awaited<ReturnType<typeof leaseDueSources>>[number], index: TagIndex) => {
    // Called once the feed is parsed, or when the ingest ends before that.
    let parsed = false;
    const host = sourceHost(source.feedUrl);
    const doneFetching = () => {
      if (parsed) return;
      parsed = true;
      fetching--;
      if (host) {
        const left = (fetchingPerHost.get(host) ?? 1) - 1;
        if (left > 0) fetchingPerHost.set(host, left);
        else fetchingPerHost.delete(host);
      }
      // Its slot fetches the next source while this feed waits for its batch.
      if (ahead > 0 && !stopped) void lookOnce();
    };
    try {
      const result = await ingestSource(options.db, source, {
        fetcher: options.fetcher,
        politeness,
        tagIndex: index,
        now: clock(),
        batcher,
        onFetched: doneFetching,
      });
      if (result.error) {
        options.logger?.warn({ sourceId: source.id, error: result.error }, 'feed ingest failed');
      }
      options.onResult?.(result);
    } catch (error) {
      options.logger?.warn({ sourceId: source.id, err: error }, 'feed ingest crashed');
    } finally {
      doneFetching();
      await releaseSourceLease(options.db, source.id, owner).catch(() => undefined);
    }
  };

  const look = async (): Promise<void> => {
    if (stopped) return;
    try {
      if (Math.min(concurrency - fetching, maxInFlight - inFlight.size) <= 0) return;
      // After a wait for headroom, a few sources at a time; when the loop stayed busy, one source fetching
      // at a time (a fetched feed and a finished ingest both look again, so "one per look" would let
      // them multiply on PostgreSQL). The slots refill as sources end, at the pace the loop has room for.
      const roomy = await options.headroom?.wait();
      if (stopped) return;
      const step =
        roomy === undefined ? Number.POSITIVE_INFINITY : roomy ? HEADROOM_LEASE_STEP : fetching === 0 ? 1 : 0;
      const free = Math.min(concurrency - fetching, maxInFlight - inFlight.size, step);
      if (free <= 0) return;
      const index = await currentTagIndex();
      const sources = await leaseDueSources(options.db, {
        owner,
        limit: free,
        now: clock(),
        leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
        perHost: politeness.maxPerHost,
        busyHosts: fetchingPerHost,
        hostGapMs: politeness.minGapMs,
      });
      for (const source of sources) {
        fetching++;
        const host = sourceHost(source.feedUrl);
        if (host) fetchingPerHost.set(host, (fetchingPerHost.get(host) ?? 0) + 1);
        const job: Promise<void> = runOne(source, index).finally(() => {
          inFlight.delete(job);
          // A finished slot looks for more work at once, so a backlog drains without waiting a tick.
          if (!stopped) void lookOnce();
        });
        inFlight.add(job);
      }
    } catch (error) {
      options.logger?.warn({ err: error }, 'looking for due feeds failed');
    }
  };

  // A call while a look runs asks for one more look afterwards, so a slot freed meanwhile is refilled.
  let again = false;
  const lookOnce = (): Promise<void> => {
    if (looking) {
      again = true;
      return looking;
    }
    looking = look().finally(() => {
      looking = null;
      if (again && !stopped) {
        again = false;
        void lookOnce();
      }
    });
    return looking;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void lookOnce().finally(schedule);
    }, interval);
    timer.unref?.();
  };
  void lookOnce().finally(schedule);

  return {
    poke: () => lookOnce(),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (looking) await looking;
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
