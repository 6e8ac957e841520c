/**
 * The embedded database: PGlite (PostgreSQL in WebAssembly), persisted in a folder or in memory.
 * @module
 */
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, QueryResult } from './database.js';

/** Where a PGlite database lives: a folder, memory, or a memory copy of a dumped data folder. */
export interface PGliteOptions {
  /** Folder to persist in; omitted means in memory. */
  dataDir?: string;
  /** A data folder dump (`dumpDataDir()`) to start from; tests clone a migrated, seeded template this way. */
  loadDataDir?: Blob | File;
}

/** A {@link Database} on PGlite. `pglite` is exposed for dumps (test templates). */
export class PGliteDatabase implements Database {
  /** Always `pglite`. */
  readonly kind = 'pglite' as const;

  private constructor(
    /** The underlying PGlite instance. */
    readonly pglite: PGlite,
  ) {}

  /**
   * Opens (creating when needed) a PGlite database.
   *
   * @example
   * ```ts
   * const db = await PGliteDatabase.open({ dataDir: '.data/pglite' });
   * ```
   */
  static async open(options: PGliteOptions = {}): Promise<PGliteDatabase> {
    const pglite = await PGlite.create({
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    return new PGliteDatabase(pglite);
  }

  /** {@inheritDoc Queryable.query} */
  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
    const result = await this.pglite.query<T>(sql, params);
    return { rows: result.rows };
  }

  /** {@inheritDoc Queryable.exec} */
  async exec(sql: string): Promise<void> {
    await this.pglite.exec(sql);
  }

  /** {@inheritDoc Database.transaction} */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.pglite.transaction(async (tx) =>
      fn({
        query: async <R>(sql: string, params: unknown[] = []) => ({
          rows: (await tx.query<R>(sql, params)).rows,
        }),
        exec: async (sql: string) => {
          await tx.exec(sql);
        },
      }),
    );
  }

  /** {@inheritDoc Database.close} */
  async close(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}
