/**
 * The migration runner: applies `src/db/migrations/NNNN_name.sql` in order, once each, recording them in
 * `schema_migrations`. The same plain SQL runs on PGlite and PostgreSQL.
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { migrationsDir } from '../paths.js';
import type { Database } from './database.js';

// Any constant works; it serialises concurrent migrators (several servers on one PostgreSQL).
const MIGRATION_LOCK = 4_205_911;

/** One migration file. */
export interface Migration {
  /** The file name without `.sql`, e.g. `0001_foundation`. */
  version: string;
  /** Its SQL. */
  sql: string;
}

/** Reads the migrations of `dir` (default: the package's `src/db/migrations`), sorted by name. */
export function readMigrations(dir: string = migrationsDir()): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: readFileSync(join(dir, f), 'utf8') }));
}

/**
 * Applies every migration not applied yet, in one transaction; answers the versions it applied.
 *
 * @example
 * ```ts
 * await migrate(db); // ['0001_foundation'] on a fresh database, [] afterwards
 * ```
 */
export async function migrate(db: Database, migrations: Migration[] = readMigrations()): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.exec(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map(
        (r) => r.version,
      ),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [migration.version]);
      applied.push(migration.version);
    }
    return applied;
  });
}
