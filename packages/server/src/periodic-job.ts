/**
 * A job that runs a round now and then in a server process: the first round a while after start
 * (the server settles first), then on an interval; a round never overlaps the previous one, a failed
 * round is logged, and the timers never hold the process open. Used by the notification and recap jobs
 * and by the embedded database's housekeeping (`db/pglite-housekeeping.ts`).
 * @module
 */

// Captured at load, so tests that fake timers neither stop the jobs nor run them in a loop.
const later = globalThis.setTimeout.bind(globalThis);
const every = globalThis.setInterval.bind(globalThis);
const stopLater = globalThis.clearTimeout.bind(globalThis);
const stopEvery = globalThis.clearInterval.bind(globalThis);

/** Options of {@link startPeriodicJob}. */
export interface PeriodicJobOptions {
  /** Milliseconds before the first round. */
  firstMs: number;
  /** Milliseconds between rounds. */
  intervalMs: number;
  /** Called with a round's error. */
  onError: (error: unknown) => void;
}

/**
 * Starts the job; answers its stop function (which waits for a round in progress).
 * @example
 * const stop = startPeriodicJob(() => runRound(db), { firstMs: 60_000, intervalMs: 3_600_000, onError });
 */
export function startPeriodicJob(
  round: () => Promise<unknown>,
  options: PeriodicJobOptions,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const tick = () => {
    if (running) return;
    running = round()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
  };
  const first = later(tick, options.firstMs);
  const timer = every(tick, options.intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopLater(first);
    stopEvery(timer);
    await running;
  };
}
