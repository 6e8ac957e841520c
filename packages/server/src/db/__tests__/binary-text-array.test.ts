// binaryTextArray: a text[] parameter in the binary format reads back exactly as the strings sent, on
// PGlite and on PostgreSQL (CI runs this file on both), whatever the characters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { binaryTextArray } from '../binary-text-array.js';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createEmptyDatabase();
});

afterAll(async () => {
  await testDb.dispose();
});

async function roundTrip(values: (string | null)[]): Promise<(string | null)[]> {
  const { rows } = await testDb.db.query<{ v: string | null }>(
    'SELECT v FROM unnest($1::text[]) WITH ORDINALITY AS u(v, n) ORDER BY n',
    [binaryTextArray(values)],
  );
  return rows.map((r) => r.v);
}

describe('binaryTextArray', () => {
  it('keeps text that the text format has to escape, nulls, empty strings and every script', async () => {
    const values = [
      'Packers "win", {again}',
      'back\\slash and NULL',
      null,
      '',
      'Müller ✓ 東京 🏈',
      'line\nbreak\ttab',
      'x'.repeat(5000),
    ];
    expect(await roundTrip(values)).toEqual(values);
  });

  it('sends an empty array as an empty array', async () => {
    const { rows } = await testDb.db.query<{ n: number }>('SELECT cardinality($1::text[]) AS n', [
      binaryTextArray([]),
    ]);
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('stores rows through unnest as the ingestion does', async () => {
    await testDb.db.query('CREATE TEMP TABLE bta (id int, title text)');
    await testDb.db.query('INSERT INTO bta (id, title) SELECT * FROM unnest($1::int[], $2::text[])', [
      [1, 2],
      binaryTextArray(['Bears "rally"', null]),
    ]);
    const { rows } = await testDb.db.query<{ id: number; title: string | null }>(
      'SELECT id, title FROM bta ORDER BY id',
    );
    expect(rows).toEqual([
      { id: 1, title: 'Bears "rally"' },
      { id: 2, title: null },
    ]);
  });
});
