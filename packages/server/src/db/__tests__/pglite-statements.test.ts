import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDatabase } from '../pglite-database.js';
import { PGliteStatements } from '../pglite-statements.js';

// Repeated statements run as named prepared statements: the same answers as PGlite's own `query`
// (types, nulls, errors, transactions), and PostgreSQL holds only as many as the cap allows.
let db: PGliteDatabase;

async function preparedNames(pglite: PGlite): Promise<string[]> {
  const { rows } = await pglite.query<{ name: string }>(
    "SELECT name FROM pg_prepared_statements WHERE name LIKE 'ss_%' ORDER BY name",
  );
  return rows.map((r) => r.name);
}

beforeAll(async () => {
  db = await PGliteDatabase.open();
  await db.exec(`
    CREATE TABLE items (id serial PRIMARY KEY, name text UNIQUE NOT NULL, at timestamptz NOT NULL,
                        tags text[] NOT NULL DEFAULT '{}', meta jsonb, big bigint);
    INSERT INTO items (name, at, tags, meta, big) VALUES
      ('one', '2026-01-02T03:04:05Z', '{a,b}', '{"k": 1}', 9007199254740993),
      ('two', '2026-02-03T04:05:06Z', '{}', NULL, NULL);
  `);
});

afterAll(async () => {
  await db.close();
});

describe('repeated statements on PGlite', () => {
  const sql = 'SELECT id, name, at, tags, meta, big FROM items WHERE id = ANY($1::int[]) ORDER BY id';

  it('answers a statement sent again exactly as PGlite answers it the first time', async () => {
    const first = await db.query(sql, [[1, 2]]);
    const again = await db.query(sql, [[1, 2]]);
    const third = await db.query(sql, [[2]]);
    expect(again.rows).toEqual(first.rows);
    expect(first.rows[0]).toMatchObject({ name: 'one', tags: ['a', 'b'], meta: { k: 1 } });
    expect(again.rows[0]?.at).toBeInstanceOf(Date);
    expect((again.rows[0] as { at: Date }).at.toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(third.rows).toEqual([first.rows[1]]);
    expect(await preparedNames(db.pglite)).toHaveLength(1);
  });

  it('keeps the error of a failed statement (a unique violation) and runs the statement again after it', async () => {
    const insert = 'INSERT INTO items (name, at) VALUES ($1, now()) RETURNING id';
    await db.query(insert, ['three']);
    const duplicate = db.query(insert, ['three']);
    await expect(duplicate).rejects.toMatchObject({ code: '23505' });
    const { rows } = await db.query<{ id: number }>(insert, ['four']);
    expect(rows[0]?.id).toBeGreaterThan(0);
  });

  it('runs inside transactions: a rollback undoes a prepared insert, a commit keeps it', async () => {
    const insert = 'INSERT INTO items (name, at) VALUES ($1, now())';
    const count = 'SELECT count(*)::int AS n FROM items WHERE name LIKE $1';
    await db.query(count, ['tx-%']);
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, ['tx-1']);
        await tx.query(insert, ['tx-2']);
        expect((await tx.query<{ n: number }>(count, ['tx-%'])).rows[0]?.n).toBe(2);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await db.query<{ n: number }>(count, ['tx-%'])).rows[0]?.n).toBe(0);
    await db.transaction(async (tx) => {
      await tx.query(insert, ['tx-3']);
    });
    expect((await db.query<{ n: number }>(count, ['tx-%'])).rows[0]?.n).toBe(1);
  });

  it('prepares again, transparently, a `SELECT *` whose table gained a column', async () => {
    const star = 'SELECT * FROM items WHERE name = $1';
    await db.query(star, ['one']);
    expect(Object.keys((await db.query(star, ['one'])).rows[0] ?? {})).not.toContain('extra');
    await db.exec('ALTER TABLE items ADD COLUMN extra int DEFAULT 7');
    const { rows } = await db.query<{ extra: number }>(star, ['one']);
    expect(rows[0]?.extra).toBe(7);
    expect((await db.query<{ extra: number }>(star, ['one'])).rows[0]?.extra).toBe(7);
  });
});

describe('the cap on named statements', () => {
  it('closes the least recently used statement when another one is prepared', async () => {
    const pglite = await PGlite.create();
    try {
      const statements = new PGliteStatements(pglite, 2);
      const send = async (n: number) =>
        (await statements.run<{ v: number }>(`SELECT $1::int + ${n} AS v`, [1], false)) ??
        (await pglite.query<{ v: number }>(`SELECT $1::int + ${n} AS v`, [1])).rows;
      for (const n of [1, 2, 1, 3]) {
        await send(n);
        expect((await send(n))[0]?.v).toBe(1 + n);
      }
      // 1 was used after 2, so 2 was the one closed when 3 came.
      const { rows } = await pglite.query<{ statement: string }>(
        "SELECT statement FROM pg_prepared_statements WHERE name LIKE 'ss_%' ORDER BY statement",
      );
      expect(rows.map((r) => r.statement)).toEqual(['SELECT $1::int + 1 AS v', 'SELECT $1::int + 3 AS v']);
    } finally {
      await pglite.close();
    }
  });
});
