/**
 * The small database interface the server codes against, so the same queries run on the embedded
 * PGlite and on a PostgreSQL pool.
 * @module
 */

/** The rows of a query. */
export interface QueryResult<T> {
  /** Result rows, columns by name. */
  rows: T[];
}

/** Something SQL can be sent to: the database itself or an open transaction. */
export interface Queryable {
  /** Runs one parameterised statement (`$1`, `$2`, ...). */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs one or more statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** A database connection (PGlite) or pool (PostgreSQL). */
export interface Database extends Queryable {
  /** Which engine is behind it. */
  readonly kind: 'pglite' | 'postgres';
  /** Runs `fn` inside BEGIN/COMMIT; a throw rolls back and rethrows. Keep it short: PGlite has one connection. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Closes the connection or pool. */
  close(): Promise<void>;
}
