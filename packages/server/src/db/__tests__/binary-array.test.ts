// binaryArray: array parameters in the binary format read back exactly as the values sent, on PGlite and
// on PostgreSQL (CI runs this file on both), whatever the characters, numbers and instants.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { type BinaryArrayType, binaryArray } from '../binary-array.js';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createEmptyDatabase();
});

afterAll(async () => {
  await testDb.dispose();
});

/** The values as the database reads them, in order (numbers, booleans and instants as text). */
async function roundTrip(type: BinaryArrayType, values: unknown[]): Promise<(string | null)[]> {
  const asText =
    type === 'timestamptz' ? `to_char(v AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')` : 'v::text';
  const { rows } = await testDb.db.query<{ v: string | null }>(
    `SELECT ${asText} AS v FROM unnest($1::${type}[]) WITH ORDINALITY AS u(v, n) ORDER BY n`,
    [binaryArray(type, values)],
  );
  return rows.map((r) => r.v);
}

describe('binaryArray', () => {
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
    expect(await roundTrip('text', values)).toEqual(values);
  });

  it('keeps integers at both ends of their range, given as numbers or as text', async () => {
    expect(await roundTrip('int', [0, -1, 2_147_483_647, -2_147_483_648, '42', null])).toEqual([
      '0',
      '-1',
      '2147483647',
      '-2147483648',
      '42',
      null,
    ]);
    // node-postgres answers bigint columns as text; ids beyond 2^53 survive only as text or bigint.
    expect(await roundTrip('bigint', [1, '9007199254740993', -5n, 1_000_000_000_000, undefined])).toEqual([
      '1',
      '9007199254740993',
      '-5',
      '1000000000000',
      null,
    ]);
  });

  it('keeps booleans and instants to the millisecond, before and after 2000', async () => {
    expect(await roundTrip('boolean', [true, false, null])).toEqual(['true', 'false', null]);
    const instants = [
      new Date('2026-11-28T10:21:52.123Z'),
      new Date('1999-12-31T23:59:59.999Z'),
      '1970-01-01T00:00:00.000Z',
      null,
    ];
    expect(await roundTrip('timestamptz', instants)).toEqual([
      '2026-11-28T10:21:52.123000',
      '1999-12-31T23:59:59.999000',
      '1970-01-01T00:00:00.000000',
      null,
    ]);
  });

  it('refuses a value that is not of the type instead of storing another one', () => {
    expect(() => binaryArray('int', [1.5])).toThrow(RangeError);
    expect(() => binaryArray('int', [2_147_483_648])).toThrow('not a int: 2147483648');
    expect(() => binaryArray('bigint', ['twelve'])).toThrow(RangeError);
    expect(() => binaryArray('timestamptz', [new Date('not a date')])).toThrow(RangeError);
  });

  it('sends an empty array as an empty array', async () => {
    const { rows } = await testDb.db.query<{ n: number }>('SELECT cardinality($1::int[]) AS n', [
      binaryArray('int', []),
    ]);
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it('stores rows through unnest as the ingestion does', async () => {
    await testDb.db.query('CREATE TEMP TABLE bta (id bigint, title text, at timestamptz, hot boolean)');
    await testDb.db.query(
      'INSERT INTO bta (id, title, at, hot) SELECT * FROM unnest($1::bigint[], $2::text[], $3::timestamptz[], $4::boolean[])',
      [
        binaryArray('bigint', [1, 2]),
        binaryArray('text', ['Bears "rally"', null]),
        binaryArray('timestamptz', [new Date('2026-11-28T12:00:00Z'), null]),
        binaryArray('boolean', [false, true]),
      ],
    );
    const { rows } = await testDb.db.query<{
      id: string;
      title: string | null;
      at: string | null;
      hot: boolean;
    }>(
      `SELECT id::text, title, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS at, hot FROM bta ORDER BY id`,
    );
    expect(rows).toEqual([
      { id: '1', title: 'Bears "rally"', at: '2026-11-28 12:00', hot: false },
      { id: '2', title: null, at: null, hot: true },
    ]);
  });
});
