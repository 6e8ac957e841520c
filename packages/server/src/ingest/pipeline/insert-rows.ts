/**
 * Multi-row inserts in one statement: each column travels as one array parameter and
 * `unnest(...)` turns the arrays back into rows. A feed's items are then stored in a handful of round
 * trips instead of several per item (each round trip into PGlite costs a fixed ~0.2-0.5 ms). The arrays
 * go in the binary format (`db/binary-array.ts`), so neither side escapes or parses each element.
 * @module
 */
import { binaryArray, isBinaryArrayType } from '../../db/binary-array.js';
import type { Queryable } from '../../db/database.js';

/** One column of {@link insertRows}: its name, its PostgreSQL type and a value per row. */
export interface RowColumn {
  /** Column name in the table. */
  name: string;
  /**
   * PostgreSQL type of the values: `int`, `bigint`, `text`, `timestamptz` (Dates) and `boolean` go in
   * the binary format; any other type as an array literal that the database parses.
   */
  type: string;
  /** A value per row (Dates are sent as ISO strings). */
  values: readonly unknown[];
}

/**
 * Most rows in one statement on PGlite ({@link insertRows}' `rowsPerStatement`). PGlite runs a statement
 * on the server's thread without a break, and lets the event loop run only between statements: a
 * first fetch's 400-item batch inserted in one statement held every request the server answers from
 * memory for the whole statement. In statements of this many rows the answers go out between them: at
 * 100 a podcast's episodes (long show notes, a search document each) still took up to 76 ms a statement.
 */
export const PGLITE_ROWS_PER_STATEMENT = 25;

/**
 * Inserts the rows given column by column; `suffix` is appended (`ON CONFLICT ...`, `RETURNING ...`).
 * Does nothing (and answers no rows) when there are no rows. With `rowsPerStatement`, the rows go in
 * statements of at most that many, in order (their returned rows concatenated in the same order); a
 * suffix that must see every row at once (an upsert touching one key twice) needs all in one.
 *
 * @example
 * ```ts
 * await insertRows(tx, 'article_topics', [
 *   { name: 'article_id', type: 'bigint', values: [41, 42] },
 *   { name: 'topic_id', type: 'int', values: [3, 3] },
 *   { name: 'published_at', type: 'timestamptz', values: [d1, d2] },
 * ], 'ON CONFLICT DO NOTHING');
 * ```
 */
export async function insertRows<T = Record<string, unknown>>(
  tx: Queryable,
  table: string,
  columns: readonly RowColumn[],
  suffix = '',
  rowsPerStatement = Number.POSITIVE_INFINITY,
): Promise<T[]> {
  const count = columns[0]?.values.length ?? 0;
  if (count === 0) return [];
  if (count > rowsPerStatement) {
    const rows: T[] = [];
    for (let start = 0; start < count; start += rowsPerStatement) {
      const part = columns.map((c) => ({ ...c, values: c.values.slice(start, start + rowsPerStatement) }));
      rows.push(...(await insertRows<T>(tx, table, part, suffix)));
    }
    return rows;
  }
  const names = columns.map((c) => c.name).join(', ');
  const arrays = columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(', ');
  const params = columns.map((c) =>
    isBinaryArrayType(c.type)
      ? binaryArray(c.type, c.values)
      : c.values.map((v) => (v instanceof Date ? v.toISOString() : v)),
  );
  const { rows } = await tx.query<T>(
    `INSERT INTO ${table} (${names}) SELECT * FROM unnest(${arrays}) ${suffix}`,
    params,
  );
  return rows;
}
