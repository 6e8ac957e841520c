// OneRowBatch: one-row statements sent in the same turn go out as one statement, each gets its own row
// with its own parameters, and folding never changes what a caller reads or which errors it sees.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { Queryable } from '../database.js';
import { OneRowBatch } from '../one-row-batch.js';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createEmptyDatabase();
});

afterAll(async () => {
  await testDb.dispose();
});

/** The database, counting the statements that reach it. */
function counting(): { db: Queryable; sent: string[] } {
  const sent: string[] = [];
  return {
    sent,
    db: {
      query: (sql, params) => {
        sent.push(sql);
        return testDb.db.query(sql, params);
      },
      exec: (sql) => testDb.db.exec(sql),
    },
  };
}

const LIST = `SELECT (SELECT json_agg(x ORDER BY x) FROM generate_series(1, $1::int) x) AS list, $2::text AS label`;

describe('OneRowBatch', () => {
  it('sends the statements of one turn as one, each answered with its own parameters', async () => {
    const { db, sent } = counting();
    const together = new OneRowBatch(db);
    const [a, b, c] = await Promise.all([
      together.query<{ list: number[]; label: string }>(LIST, [3, 'three']),
      together.query<{ list: number[]; label: string }>(LIST, [1, 'one']),
      together.query<{ n: number }>('SELECT $1::int * 2 AS n', [21]),
    ]);
    expect(sent).toHaveLength(1);
    expect(a.rows).toEqual([{ list: [1, 2, 3], label: 'three' }]);
    expect(b.rows).toEqual([{ list: [1], label: 'one' }]);
    expect(c.rows).toEqual([{ n: 42 }]);
  });

  it('sends a statement that comes after an await in a batch of its own, answered the same', async () => {
    const { db, sent } = counting();
    const together = new OneRowBatch(db);
    const first = await together.query<{ label: string }>(LIST, [2, 'alone']);
    const [second, third] = await Promise.all([
      together.query<{ label: string }>(LIST, [2, 'pair 1']),
      together.query<{ label: string }>(LIST, [2, 'pair 2']),
    ]);
    expect(sent).toHaveLength(2);
    expect(first.rows).toEqual([{ list: [1, 2], label: 'alone' }]);
    expect([second.rows[0]?.label, third.rows[0]?.label]).toEqual(['pair 1', 'pair 2']);
  });

  it('gives every statement of a failed batch the error, and no answer to anyone', async () => {
    const together = new OneRowBatch(testDb.db);
    const results = await Promise.allSettled([
      together.query(LIST, [2, 'fine']),
      together.query('SELECT 1 / $1::int AS n', [0]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/division by zero/);
  });

  it('answers no row for a statement that finds none', async () => {
    const together = new OneRowBatch(testDb.db);
    const [none, one] = await Promise.all([
      together.query('SELECT 1 AS n WHERE $1::boolean', [false]),
      together.query<{ n: number }>('SELECT 1 AS n WHERE $1::boolean', [true]),
    ]);
    expect(none.rows).toEqual([]);
    expect(one.rows).toEqual([{ n: 1 }]);
  });
});
