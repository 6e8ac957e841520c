/**
 * Starts the WebSub job of a server or worker process (where the other jobs run): a round every
 * minute (see `run-websub-round.ts`), and at once when the ingest pipeline queues a new subscription in
 * this process (`websub-wake.ts`).
 * @module
 */
import { randomUUID } from 'node:crypto';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { feedUserAgent } from '../../ingest/feeds/fetch-feed.js';
import { createFeedFetch } from '../../ingest/feeds/public-address.js';
import { startPeriodicJob } from '../../periodic-job.js';
import { runWebSubRound, type WebSubRoundOptions } from './run-websub-round.js';
import { onWebSubWake } from './websub-wake.js';

/** Time between two rounds. */
export const WEBSUB_INTERVAL_MS = 60_000;

/** What the job needs. */
export interface WebSubJobOptions {
  db: Database;
  config: Pick<ServerConfig, 'publicOrigin' | 'feedsAllowPrivate' | 'version'>;
  log?: { error: (obj: unknown, msg: string) => void };
  /** Overrides of the rounds (tests). */
  round?: Partial<Omit<WebSubRoundOptions, 'owner' | 'publicOrigin'>>;
  /** Milliseconds before the first round (default 5 s). */
  firstMs?: number;
}

/**
 * Starts the job; answers its stop function.
 * @example
 * const stopWebSub = startWebSubJob({ db, config, log: app.log });
 */
export function startWebSubJob(options: WebSubJobOptions): () => Promise<void> {
  const owner = `websub-${process.pid}-${randomUUID().slice(0, 8)}`;
  // A hub is an outside address like a feed: in production a private one is refused (SSRF).
  const hubFetch = createFeedFetch({ allowPrivate: options.config.feedsAllowPrivate });
  let stopped = false;
  let running: Promise<unknown> | undefined;
  let again = false;
  const onError = (error: unknown) => options.log?.error({ err: error }, 'WebSub round failed');
  // One round at a time; a wake during a round runs another right after it.
  const round = (): Promise<unknown> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = runWebSubRound(options.db, {
      request: {
        fetch: hubFetch,
        userAgent: feedUserAgent(options.config.version, options.config.publicOrigin),
      },
      ...options.round,
      owner,
      // Read at each round: with port 0 the origin is known only once the server listens.
      publicOrigin: options.config.publicOrigin,
    })
      .catch(onError)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void round();
        }
      });
    return running;
  };
  const stopPeriodic = startPeriodicJob(round, {
    firstMs: options.firstMs ?? 5_000,
    intervalMs: WEBSUB_INTERVAL_MS,
    onError,
  });
  const stopWake = onWebSubWake(() => void round());
  return async () => {
    stopped = true;
    stopWake();
    await stopPeriodic();
    await running;
  };
}
