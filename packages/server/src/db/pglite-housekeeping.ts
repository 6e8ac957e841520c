/**
 * What PostgreSQL's background processes do for a server, done for the embedded database. PGlite runs
 * PostgreSQL as a single-user backend, without the checkpointer and the autovacuum daemon, so an open
 * PGlite database runs two periodic checks of its own: its WAL every {@link WAL_CHECK_INTERVAL_MS}
 * (`wal-checkpoints.ts`), its tables' dead and new rows every {@link VACUUM_CHECK_INTERVAL_MS}
 * (`table-vacuums.ts`, one table per round). A check never overlaps its previous round, a failed one
 * waits for the next, and the timers never hold the process open. ANALYZE follows the ingest's writes
 * instead (`planner-statistics.ts`).
 * @module
 */
import type { Queryable } from './database.js';
import { vacuumDueTable } from './table-vacuums.js';
import { checkpointWhenDue } from './wal-checkpoints.js';

/** How often the WAL written since the last checkpoint is read (one small query). */
export const WAL_CHECK_INTERVAL_MS = 10_000;
/** How often the tables' activity counters are read for a due VACUUM (first a minute after opening). */
export const VACUUM_CHECK_INTERVAL_MS = 60_000;

// Captured at load, so tests that fake timers do not stop (or run) the checks.
const every = globalThis.setInterval.bind(globalThis);
const stopEvery = globalThis.clearInterval.bind(globalThis);

/** Options of {@link startPGliteHousekeeping} (tests shorten the intervals). */
export interface HousekeepingOptions {
  /** false: no vacuum rounds (the ingest benchmark, whose timings a round would land in by chance). */
  vacuums?: boolean;
  walIntervalMs?: number;
  vacuumIntervalMs?: number;
  /** WAL since the last checkpoint that makes one due (default: `CHECKPOINT_AFTER_BYTES`). */
  checkpointAfterBytes?: number;
  /** Hears of a failed round (the next round tries again). */
  onError?: (error: unknown) => void;
}

/**
 * Starts the periodic checkpoints and vacuums of `db`; answers the function that stops them.
 *
 * @example
 * ```ts
 * const stop = startPGliteHousekeeping(db);
 * // ... before closing the database:
 * stop();
 * ```
 */
export function startPGliteHousekeeping(db: Queryable, options: HousekeepingOptions = {}): () => void {
  const timers = [
    repeat(
      () => checkpointWhenDue(db, options.checkpointAfterBytes),
      options.walIntervalMs ?? WAL_CHECK_INTERVAL_MS,
    ),
  ];
  if (options.vacuums !== false) {
    timers.push(repeat(() => vacuumDueTable(db), options.vacuumIntervalMs ?? VACUUM_CHECK_INTERVAL_MS));
  }
  return () => {
    for (const timer of timers) stopEvery(timer);
  };

  function repeat(round: () => Promise<unknown>, intervalMs: number) {
    let running = false;
    const timer = every(() => {
      if (running) return;
      running = true;
      round()
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => {
          running = false;
        });
    }, intervalMs);
    timer.unref();
    return timer;
  }
}
