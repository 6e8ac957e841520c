/**
 * Checkpoints on the embedded database. PGlite runs PostgreSQL as a single-user backend: there is no
 * checkpointer process, and the backend requests a checkpoint on WAL volume only when it runs under a
 * postmaster. So a PGlite process never checkpointed while it ran: its WAL grew with every write until
 * the process closed (160 MB of WAL after 160 MB of inserts, whatever `max_wal_size` said), and a server
 * running for days carried gigabytes of it. `pglite-housekeeping.ts` reads the WAL written since the last
 * checkpoint every few seconds, and this runs `CHECKPOINT` past {@link CHECKPOINT_AFTER_BYTES}; the
 * checkpoint then recycles or removes the segments that `min_wal_size`/`max_wal_size`
 * (`pglite-database.ts`) do not keep. A checkpoint writes the dirty shared buffers (16 MB at most) and,
 * with full-page writes off, adds no WAL of its own.
 * On PostgreSQL its checkpointer does this; the module is only used for PGlite.
 * @module
 */
import type { Queryable } from './database.js';

/** WAL written since the last checkpoint that makes one due (half of PGlite's `max_wal_size`). */
export const CHECKPOINT_AFTER_BYTES = 32 * 1_048_576;

/**
 * Runs `CHECKPOINT` when at least `afterBytes` of WAL were written since the last one; answers whether it
 * did.
 *
 * @example
 * ```ts
 * await checkpointWhenDue(db); // false on a quiet database
 * ```
 */
export async function checkpointWhenDue(
  db: Queryable,
  afterBytes = CHECKPOINT_AFTER_BYTES,
): Promise<boolean> {
  const { rows } = await db.query<{ bytes: string | number }>(
    'SELECT pg_wal_lsn_diff(pg_current_wal_insert_lsn(), (pg_control_checkpoint()).redo_lsn) AS bytes',
  );
  if (Number(rows[0]?.bytes ?? 0) < afterBytes) return false;
  await db.exec('CHECKPOINT');
  return true;
}
