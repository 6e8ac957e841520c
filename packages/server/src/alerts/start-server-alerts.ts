/**
 * Starts the alerts where the other jobs run (issue 49): the queue's worker, and the handler the sports
 * data job calls with changed games (after the pages' push), which queues game alerts and wakes the
 * worker so a final score leaves within the second. Alerts need no setting: a member without a push
 * subscription simply gets none.
 * @module
 */
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { createFeedFetch } from '../ingest/feeds/public-address.js';
import type { ChangedGame } from '../sports-data/sync-scoreboard.js';
import { type AlertWorker, startAlertWorker } from './alert-worker.js';
import { queueGameAlerts } from './game-alerts.js';
import { loadVapidKeys, type VapidDetails } from './vapid-keys.js';

/** Running alerts. */
export interface ServerAlerts {
  worker: AlertWorker;
  /** Queues the alerts of games the sports data job changed; never throws. */
  onGamesChanged(changed: ChangedGame[]): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the worker.
 * @example
 * const alerts = startServerAlerts({ db, config, log });
 * onGamesChanged: async (changed) => { await pushToPages(changed); await alerts.onGamesChanged(changed); }
 */
export function startServerAlerts(options: {
  db: Database;
  config: Pick<ServerConfig, 'vapid' | 'publicOrigin' | 'mailFrom' | 'feedsAllowPrivate'>;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
  /** Worker overrides (tests, benchmarks). */
  pollMs?: number;
  scanMs?: number;
}): ServerAlerts {
  const { db, config, log } = options;
  let vapid: Promise<VapidDetails> | undefined;
  const worker = startAlertWorker({
    db,
    vapid: () => {
      vapid ??= loadVapidKeys(db, config).catch((error) => {
        vapid = undefined;
        throw error;
      });
      return vapid;
    },
    // Push endpoints get the feeds' SSRF rule: in production no private address unless FEEDS_ALLOW_PRIVATE.
    fetch: createFeedFetch({ allowPrivate: config.feedsAllowPrivate }),
    log,
    ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
    ...(options.scanMs !== undefined ? { scanMs: options.scanMs } : {}),
  });
  return {
    worker,
    onGamesChanged: async (changed) => {
      try {
        if ((await queueGameAlerts(db, changed, { log })) > 0) worker.wake();
      } catch (error) {
        log.warn({ err: error }, 'could not queue game alerts');
      }
    },
    stop: () => worker.stop(),
  };
}

/**
 * The sports data job's handler: the pages' push first (what open pages wait for), then the alerts.
 * @example
 * onGamesChanged: pagesAndAlerts(pushGameChanges({ db, broadcaster, invalidate, log }), alerts)
 */
export function pagesAndAlerts(
  pages: (changed: ChangedGame[]) => Promise<void>,
  alerts: ServerAlerts | null,
): (changed: ChangedGame[]) => Promise<void> {
  return async (changed) => {
    await pages(changed);
    await alerts?.onGamesChanged(changed);
  };
}
