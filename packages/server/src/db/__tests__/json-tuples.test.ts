// jsonTupleSql / jsonTuples: rows aggregated as JSON arrays read back as the same objects that
// row_to_json would give, on PGlite and on PostgreSQL (CI runs this file on both).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { jsonTupleSql, jsonTuples } from '../json-tuples.js';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createEmptyDatabase();
});

afterAll(async () => {
  await testDb.dispose();
});

interface Row {
  id: number;
  title: string | null;
  hot: boolean;
  at: string;
}
const FIELDS = ['id', 'title', 'hot', 'at'] as const;
const ROWS = `(VALUES (2, 'Packers "win", {again}', true, timestamptz '2026-11-27 18:00:00.123+00'),
                      (1, NULL, false, timestamptz '2026-11-26 09:30:00+00')) r(id, title, hot, at)`;

describe('JSON tuples', () => {
  it('read back as the objects of row_to_json, in the aggregate order', async () => {
    const { rows } = await testDb.db.query<{ tuples: unknown; objects: unknown }>(
      `SELECT (SELECT json_agg(${jsonTupleSql('r', FIELDS)} ORDER BY r.id) FROM ${ROWS}) AS tuples,
              (SELECT json_agg(r ORDER BY r.id) FROM ${ROWS}) AS objects`,
    );
    const tuples = jsonTuples<Row>(rows[0]!.tuples, FIELDS);
    expect(tuples.map((r) => r.id)).toEqual([1, 2]);
    expect(tuples[1]).toMatchObject({ title: 'Packers "win", {again}', hot: true });
    expect(tuples[0]!.title).toBeNull();
    const objects = rows[0]!.objects;
    expect(tuples).toEqual(typeof objects === 'string' ? JSON.parse(objects) : objects);
  });

  it('reads nothing aggregated (SQL null) as no rows, and accepts the column as text', async () => {
    const { rows } = await testDb.db.query<{ tuples: unknown }>(
      `SELECT (SELECT json_agg(${jsonTupleSql('r', FIELDS)}) FROM ${ROWS} WHERE false) AS tuples`,
    );
    expect(jsonTuples<Row>(rows[0]!.tuples, FIELDS)).toEqual([]);
    expect(jsonTuples<Row>('[[7,"x",false,"2026-11-27T00:00:00+00:00"]]', FIELDS)).toEqual([
      { id: 7, title: 'x', hot: false, at: '2026-11-27T00:00:00+00:00' },
    ]);
  });
});
