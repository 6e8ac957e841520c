/**
 * The alert queue's worker (issue 49): takes due deliveries from `alert_deliveries`, sends them, and acts
 * on the push service's answer, so no request and no ingest step ever waits for a push service.
 * - Claims are leases (`due_at` moved ahead, `FOR UPDATE SKIP LOCKED`), so several processes share the
 *   queue and a process that dies mid-send leaves its deliveries to be taken again after the lease.
 * - Each push service (endpoint origin) gets at most {@link AlertWorkerOptions.perOriginConcurrency} sends
 *   at once and {@link AlertWorkerOptions.perOriginPerSecond} a second; a 429 pauses that service until
 *   its `Retry-After`.
 * - 429, 5xx and network failures are retried with exponential backoff and jitter (the service's
 *   `Retry-After` when it gives one), up to {@link AlertWorkerOptions.maxAttempts} attempts.
 * - 404 and 410 remove the subscription (the browser dropped it); other refusals fail the delivery.
 * It also looks for breaking stories and new episodes on its own pace, and prunes the sent log.
 * @module
 */
import type { PushPayload } from '@sportspyder/contract';
import type { Database } from '../db/database.js';
import type { PushUrgency } from './enqueue-alert.js';
import { queueNewEpisodes } from './episode-alerts.js';
import { type SendOutcome, sendPush } from './send-push.js';
import { queueBreakingStories } from './story-alerts.js';
import type { VapidDetails } from './vapid-keys.js';

/** Options of {@link startAlertWorker}. */
export interface AlertWorkerOptions {
  db: Database;
  vapid: () => Promise<VapidDetails>;
  /** The guarded fetch (no private addresses in production). */
  fetch: typeof fetch;
  /** How often the queue is looked at when nothing wakes the worker (default 1 s). */
  pollMs?: number;
  /** How often breaking stories and new episodes are looked for (default 30 s; 0: never). */
  scanMs?: number;
  /** Deliveries claimed at once (default 100). */
  batch?: number;
  /** Sends at once per push service (default 4). */
  perOriginConcurrency?: number;
  /** Sends started per second per push service (default 20). */
  perOriginPerSecond?: number;
  /** Attempts before a delivery fails (default 6). */
  maxAttempts?: number;
  /** The first retry's delay; each next one doubles (default 5 s, at most 10 minutes). */
  retryBaseMs?: number;
  now?: () => Date;
  log?: { info(details: object, message: string): void; warn(details: object, message: string): void };
}

/** A running worker. */
export interface AlertWorker {
  /** Looks at the queue now (after something was queued in this process). */
  wake(): void;
  /** Sends everything due now, then resolves (tests, benchmarks). */
  drain(): Promise<void>;
  /** Stops, waiting for the sends in progress. */
  stop(): Promise<void>;
}

interface Claimed {
  id: number;
  subscription_id: number;
  payload: PushPayload;
  ttl_seconds: number;
  urgency: PushUrgency;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A claim's lease: a delivery not finished by then is taken again. */
const LEASE_MS = 2 * 60_000;
const MAX_RETRY_MS = 10 * 60_000;
const PRUNE_MS = 60 * 60_000;
/** How long the sent log is kept. */
export const ALERT_LOG_DAYS = 30;

/**
 * The delay before retry number `attempt` (1 for the first retry): `base · 2^(attempt-1)`, ±20% jitter,
 * at most ten minutes.
 * @example
 * retryDelayMs(3, 5000, () => 0.5); // 20000
 */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const plain = Math.min(baseMs * 2 ** Math.max(0, attempt - 1), MAX_RETRY_MS);
  return Math.round(plain * (0.8 + 0.4 * random()));
}

function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return endpoint;
  }
}

/** Paces the sends to one push service: a concurrency limit and a minimum gap between starts. */
class OriginPace {
  private running = 0;
  private nextStart = 0;
  private readonly waiting: (() => void)[] = [];
  /** Sends to this service wait until then (a 429's `Retry-After`). */
  pausedUntil = 0;

  constructor(
    private readonly concurrency: number,
    private readonly gapMs: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      const wait = this.nextStart - Date.now();
      this.nextStart = Math.max(Date.now(), this.nextStart) + this.gapMs;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}

/**
 * Starts the worker.
 * @example
 * const worker = startAlertWorker({ db, vapid, fetch: createFeedFetch({ allowPrivate }) });
 * await queueGameAlerts(db, changed); worker.wake();
 */
export function startAlertWorker(options: AlertWorkerOptions): AlertWorker {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const pollMs = options.pollMs ?? 1000;
  const scanMs = options.scanMs ?? 30_000;
  const batch = options.batch ?? 100;
  const maxAttempts = options.maxAttempts ?? 6;
  const retryBaseMs = options.retryBaseMs ?? 5000;
  const concurrency = options.perOriginConcurrency ?? 4;
  const gapMs = 1000 / (options.perOriginPerSecond ?? 20);
  const paces = new Map<string, OriginPace>();
  const paceOf = (origin: string): OriginPace => {
    let pace = paces.get(origin);
    if (!pace) {
      pace = new OriginPace(concurrency, gapMs);
      paces.set(origin, pace);
    }
    return pace;
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let lastScan = 0;
  let lastPrune = 0;

  const settle = async (delivery: Claimed, outcome: SendOutcome, at: Date): Promise<void> => {
    if (outcome.kind === 'sent') {
      await db.query(
        `UPDATE alert_deliveries SET state = 'sent', sent_at = $2, last_status = $3 WHERE id = $1`,
        [delivery.id, at.toISOString(), outcome.status],
      );
    } else if (outcome.kind === 'gone') {
      // The browser's subscription is over: it and its queued deliveries go (the event stays, for dedupe).
      await db.query('DELETE FROM push_subscriptions WHERE id = $1', [delivery.subscription_id]);
      options.log?.info({ status: outcome.status, reason: outcome.reason }, 'push subscription removed');
    } else if (outcome.kind === 'retry' && delivery.attempts < maxAttempts) {
      const delay = Math.max(outcome.retryAfterMs ?? 0, retryDelayMs(delivery.attempts, retryBaseMs));
      if (outcome.status === 429 && outcome.retryAfterMs !== undefined) {
        paceOf(originOf(delivery.endpoint)).pausedUntil = at.getTime() + outcome.retryAfterMs;
      }
      await db.query('UPDATE alert_deliveries SET due_at = $2, last_status = $3 WHERE id = $1', [
        delivery.id,
        new Date(at.getTime() + delay).toISOString(),
        outcome.status,
      ]);
    } else {
      await db.query(`UPDATE alert_deliveries SET state = 'failed', last_status = $2 WHERE id = $1`, [
        delivery.id,
        outcome.status,
      ]);
      options.log?.warn(
        { status: outcome.status, reason: outcome.reason, attempts: delivery.attempts },
        'alert not delivered',
      );
    }
  };

  /** Claims and sends one batch; answers whether the batch was full (more may be due). */
  const sendBatch = async (): Promise<boolean> => {
    const at = now();
    const { rows } = await db.query<Claimed>(
      `WITH claimed AS (
         UPDATE alert_deliveries SET due_at = $2, attempts = attempts + 1
          WHERE id IN (SELECT id FROM alert_deliveries WHERE state = 'queued' AND due_at <= $1
                        ORDER BY due_at, id LIMIT $3 FOR UPDATE SKIP LOCKED)
          RETURNING id, subscription_id, payload, ttl_seconds, urgency, attempts
       )
       SELECT c.*, s.endpoint, s.p256dh, s.auth FROM claimed c JOIN push_subscriptions s ON s.id = c.subscription_id`,
      [at.toISOString(), new Date(at.getTime() + LEASE_MS).toISOString(), batch],
    );
    if (rows.length === 0) return false;
    const vapid = await options.vapid();
    await Promise.all(
      rows.map(async (delivery) => {
        const pace = paceOf(originOf(delivery.endpoint));
        if (pace.pausedUntil > Date.now()) {
          // The service asked us to wait: this claim does not count as an attempt.
          await db.query('UPDATE alert_deliveries SET due_at = $2, attempts = attempts - 1 WHERE id = $1', [
            delivery.id,
            new Date(pace.pausedUntil).toISOString(),
          ]);
          return;
        }
        const outcome = await pace.run(() =>
          sendPush(delivery, delivery.payload, {
            vapid,
            fetch: options.fetch,
            ttlSeconds: Number(delivery.ttl_seconds),
            urgency: delivery.urgency,
          }),
        );
        await settle({ ...delivery, attempts: Number(delivery.attempts) }, outcome, now());
      }),
    );
    return rows.length === batch;
  };

  const scan = async (): Promise<void> => {
    const at = now();
    if (scanMs > 0 && at.getTime() - lastScan >= scanMs) {
      lastScan = at.getTime();
      await queueBreakingStories(db, at);
      await queueNewEpisodes(db, at);
    }
    if (at.getTime() - lastPrune >= PRUNE_MS) {
      lastPrune = at.getTime();
      await db.query(
        `DELETE FROM alert_events WHERE created_at < $1::timestamptz - make_interval(days => $2)`,
        [at.toISOString(), ALERT_LOG_DAYS],
      );
    }
  };

  const round = async (): Promise<void> => {
    do {
      again = false;
      try {
        await scan();
        while (!stopped && (await sendBatch())) {
          // A full batch: more are due.
        }
      } catch (error) {
        options.log?.warn({ err: error }, 'alert worker round failed; retrying on the next one');
      }
    } while (again && !stopped);
  };

  const kick = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = round().finally(() => {
      running = null;
    });
    return running;
  };

  const schedule = (): void => {
    if (stopped) return;
    timer = setTimeout(() => {
      void kick().finally(schedule);
    }, pollMs);
    timer.unref?.();
  };
  schedule();

  return {
    wake: () => {
      if (!stopped) void kick();
    },
    drain: async () => {
      await kick();
      // A round that was running when asked may have missed what was queued during it.
      await kick();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
