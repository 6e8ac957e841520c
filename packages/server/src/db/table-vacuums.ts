/**
 * VACUUM on the embedded database. PostgreSQL's autovacuum daemon vacuums the tables that changed;
 * PGlite is a single-user backend without it, so an embedded server never vacuumed: the rows its updates
 * and deletes left behind (fetch state, story counts, sessions, chat) stayed in its tables and indexes,
 * the visibility map stayed empty, and nothing froze old rows, so after about two billion write
 * transactions PostgreSQL would stop accepting writes to protect itself from transaction-ID wraparound.
 * This module applies autovacuum's own rule with its default settings: a table is due when its dead rows
 * pass 50 + 20% of its rows, when its rows inserted since the last vacuum pass 1,000 + 20%, or when its
 * oldest unfrozen transaction is 200 million transactions old. One due table is vacuumed per round (the
 * most overdue), so a round holds PGlite's one connection for one table's VACUUM at most; a vacuum
 * visits only the pages changed since the last one (the visibility map), so a growing table costs in
 * proportion to its growth.
 * On PostgreSQL autovacuum does this; the module is only started for PGlite.
 * @module
 */
import type { Queryable } from './database.js';

/** autovacuum_vacuum_threshold and autovacuum_vacuum_scale_factor: dead rows that make a table due. */
export const DEAD_ROWS_THRESHOLD = { base: 50, share: 0.2 } as const;
/** autovacuum_vacuum_insert_threshold and _scale_factor: rows inserted since the last vacuum. */
export const INSERTED_ROWS_THRESHOLD = { base: 1000, share: 0.2 } as const;
/** autovacuum_freeze_max_age: a table whose oldest unfrozen transaction is this old is vacuumed. */
export const FREEZE_MAX_AGE = 200_000_000;

/**
 * Vacuums the most overdue table of the database, if any is due; answers its name (schema-qualified) or
 * null when none is.
 *
 * @example
 * ```ts
 * await vacuumDueTable(db); // 'public.sources' after a day of fetches, null on a quiet database
 * ```
 */
export async function vacuumDueTable(
  db: Queryable,
  options: { freezeMaxAge?: number } = {},
): Promise<string | null> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT name FROM (
       SELECT quote_ident(s.schemaname) || '.' || quote_ident(s.relname) AS name,
              GREATEST(
                s.n_dead_tup / ($1 + $2 * GREATEST(c.reltuples, 0)),
                s.n_ins_since_vacuum / ($3 + $4 * GREATEST(c.reltuples, 0)),
                age(c.relfrozenxid) / $5::float8) AS overdue
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
     ) t
     WHERE overdue >= 1 ORDER BY overdue DESC, name LIMIT 1`,
    [
      DEAD_ROWS_THRESHOLD.base,
      DEAD_ROWS_THRESHOLD.share,
      INSERTED_ROWS_THRESHOLD.base,
      INSERTED_ROWS_THRESHOLD.share,
      options.freezeMaxAge ?? FREEZE_MAX_AGE,
    ],
  );
  const name = rows[0]?.name;
  if (name === undefined) return null;
  // The name comes from the catalog, quoted by quote_ident.
  await db.exec(`VACUUM ${name}`);
  return name;
}
