/**
 * PostgreSQL through a `pg` pool, used when DATABASE_URL is set.
 * @module
 */
import pg from 'pg';
import type { Database, Queryable, QueryResult } from './database.js';

// Counts and bigint ids come back as strings by default; the server's ids and counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Options of a {@link PgDatabase}. */
export interface PgOptions {
  /** `postgres://user@host:port/db`. */
  connectionString: string;
  /** Schema to use as `search_path` (tests isolate each file in its own schema). */
  schema?: string;
  /** Pool size (default 10). */
  max?: number;
}

/** A {@link Database} on a PostgreSQL connection pool. */
export class PgDatabase implements Database {
  /** Always `postgres`. */
  readonly kind = 'postgres' as const;
  private readonly pool: pg.Pool;
  private ended = false;

  /**
   * Creates the pool (connections open lazily).
   *
   * @example
   * ```ts
   * const db = new PgDatabase({ connectionString: process.env.DATABASE_URL! });
   * ```
   */
  constructor(options: PgOptions) {
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.max ?? 10,
      // public stays on the path: the search extensions' operators and operator classes live there.
      ...(options.schema ? { options: `-c search_path=${options.schema},public` } : {}),
    });
  }

  /** {@inheritDoc Queryable.query} */
  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<QueryResult<T>> {
    const result = await this.pool.query(sql, params);
    return { rows: result.rows as T[] };
  }

  /** {@inheritDoc Queryable.exec} */
  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  /** {@inheritDoc Database.transaction} */
  async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn({
        query: async <R>(sql: string, params: unknown[] = []) => ({
          rows: (await client.query(sql, params)).rows as R[],
        }),
        exec: async (sql: string) => {
          await client.query(sql);
        },
      });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** {@inheritDoc Database.close} */
  async close(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    await this.pool.end();
  }
}
