/**
 * Statements planned ahead. On PGlite a statement runs on the server's thread, and the first runs of a
 * big one are mostly planning (the scheduled jobs' popular-episode statements: 190-270 ms the first
 * time, 40-80 ms the second, about 1 ms once `pglite-statements.ts` keeps them prepared with one generic
 * plan; `docs/decisions/performance-and-caching.md`, "Scheduled jobs in the web process"). Running
 * them as often as it takes to be kept prepared, in transactions that are rolled back, moves that
 * planning to before the server listens, where it stalls nobody. Prepared statements outlive the rolled-back transactions that made
 * them (PostgreSQL's prepared statements are not transactional); what the statements wrote does not.
 * @module
 */
import type { Database, Queryable } from './database.js';
import { PREPARE_ON_SIGHTING } from './pglite-statements.js';

const ROLLBACK = new Error('warm-up: rolled back');

/**
 * Runs `statements` in a transaction rolled back, as many times as PGlite needs to keep them prepared;
 * does nothing on PostgreSQL (its backends plan on their own processes, not the server's thread).
 *
 * @example
 * ```ts
 * await warmStatements(db, (tx) => notifyPopularEpisodes(tx, new Date()));
 * ```
 */
export async function warmStatements(
  db: Database,
  statements: (tx: Queryable) => Promise<unknown>,
): Promise<void> {
  if (db.kind !== 'pglite') return;
  for (let run = 0; run < PREPARE_ON_SIGHTING; run++) {
    await db
      .transaction(async (tx) => {
        await statements(tx);
        throw ROLLBACK;
      })
      .catch((error: unknown) => {
        if (error !== ROLLBACK) throw error;
      });
  }
}
