// insertRows in statements of a bounded size (issue 44): on PGlite a statement holds the server's thread
// from start to end, so a first fetch's 400-item batch is inserted in statements of at most
// PGLITE_ROWS_PER_STATEMENT rows, with the server free to answer between them. The rows stored and the
// rows returned are the same as in one statement, in the same order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { Queryable } from '../../../db/database.js';
import { insertRows, PGLITE_ROWS_PER_STATEMENT } from '../insert-rows.js';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createEmptyDatabase();
  await testDb.db.exec('CREATE TABLE rows_test (id serial PRIMARY KEY, n int NOT NULL, label text)');
});

afterAll(async () => {
  await testDb.dispose();
});

/** The database, counting the statements sent through it. */
function counting(db: Queryable): { tx: Queryable; statements: () => number } {
  let statements = 0;
  return {
    tx: {
      query<T>(sql: string, params?: unknown[]) {
        statements++;
        return db.query<T>(sql, params);
      },
      exec: (sql: string) => db.exec(sql),
    },
    statements: () => statements,
  };
}

describe('insertRows', () => {
  it('inserts a large batch in statements of at most the given rows, returning every row in order', async () => {
    const count = 2 * PGLITE_ROWS_PER_STATEMENT + Math.ceil(PGLITE_ROWS_PER_STATEMENT / 2);
    const ns = Array.from({ length: count }, (_, i) => i);
    const { tx, statements } = counting(testDb.db);
    const returned = await insertRows<{ n: number; label: string | null }>(
      tx,
      'rows_test',
      [
        { name: 'n', type: 'int', values: ns },
        { name: 'label', type: 'text', values: ns.map((n) => (n % 7 === 0 ? null : `row ${n}`)) },
      ],
      'RETURNING n, label',
      PGLITE_ROWS_PER_STATEMENT,
    );
    expect(statements()).toBe(3);
    expect(returned.map((r) => r.n)).toEqual(ns);
    expect(returned[7]?.label).toBeNull();
    expect(returned[count - 1]?.label).toBe(`row ${count - 1}`);
    const { rows } = await testDb.db.query<{ total: number; distinct: number }>(
      'SELECT count(*)::int AS total, count(DISTINCT n)::int AS distinct FROM rows_test',
    );
    expect(rows[0]).toEqual({ total: count, distinct: count });
  });

  it('sends a batch within the bound, or without one, in one statement', async () => {
    const { tx, statements } = counting(testDb.db);
    const values = Array.from({ length: PGLITE_ROWS_PER_STATEMENT }, (_, i) => 1000 + i);
    await insertRows(tx, 'rows_test', [{ name: 'n', type: 'int', values }], '', PGLITE_ROWS_PER_STATEMENT);
    await insertRows(tx, 'rows_test', [{ name: 'n', type: 'int', values: [...values, ...values] }]);
    expect(statements()).toBe(2);
    expect(await insertRows(tx, 'rows_test', [{ name: 'n', type: 'int', values: [] }], '', 10)).toEqual([]);
    expect(statements()).toBe(2);
  });
});
