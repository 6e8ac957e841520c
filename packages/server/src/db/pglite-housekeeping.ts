/**
 * What PostgreSQL's background processes do for a server, done for the embedded database. PGlite runs
 * PostgreSQL as a single-user backend, without the checkpointer and the autovacuum daemon, so an open
 * PGlite database runs two periodic checks of its own: its WAL every {@link WAL_CHECK_INTERVAL_MS}
 * (`wal-checkpoints.ts`), its tables' dead and new rows every {@link VACUUM_CHECK_INTERVAL_MS}
 * (`table-vacuums.ts`, one table per round), as periodic jobs (`periodic-job.ts`: a round never
 * overlaps the previous one, a failed one waits for the next, the timers never hold the process open).
 * ANALYZE follows the ingest's writes instead (`planner-statistics.ts`).
 * @module
 */

import { startPeriodicJob } from '../periodic-job.js';
import type { Queryable } from './database.js';
import { vacuumDueTable } from './table-vacuums.js';
import { checkpointWhenDue } from './wal-checkpoints.js';

/** How often the WAL written since the last checkpoint is read (one small query). */
export const WAL_CHECK_INTERVAL_MS = 10_000;
/** How often the tables' activity counters are read for a due VACUUM (first a minute after opening). */
export const VACUUM_CHECK_INTERVAL_MS = 60_000;

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
 * await stop();
 * ```
 */
export function startPGliteHousekeeping(
  db: Queryable,
  options: HousekeepingOptions = {},
): () => Promise<void> {
  const onError = options.onError ?? (() => undefined);
  const job = (round: () => Promise<unknown>, intervalMs: number) =>
    startPeriodicJob(round, { firstMs: intervalMs, intervalMs, onError });
  const stops = [
    job(
      () => checkpointWhenDue(db, options.checkpointAfterBytes),
      options.walIntervalMs ?? WAL_CHECK_INTERVAL_MS,
    ),
  ];
  if (options.vacuums !== false) {
    stops.push(job(() => vacuumDueTable(db), options.vacuumIntervalMs ?? VACUUM_CHECK_INTERVAL_MS));
  }
  // Waits for a round in progress, so the database is not closed under a CHECKPOINT or a VACUUM.
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
  };
}
