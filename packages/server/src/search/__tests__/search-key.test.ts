import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { searchKey } from '../search-key.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.dispose();
});

const HARD = [
  "St. John's Red Storm",
  'Montréal Canadiens',
  'Ødegaard Æsir Straße Łukasz Đoković İstanbul',
  'Ñandú Über ÉCOLE',
  'Texas A&M Aggies',
  'O’Neal `quoted` "double"',
  'Trey_Lance 100% \\ back/slash',
  'ﬁnal Ⅻ',
  'Иван 東京 عربي',
  '  many   spaces\tand\nlines  ',
  '🏈 emoji',
];

describe('searchKey', () => {
  it('is the same as the SQL function ss_search_key on every seeded name and on hard text', async () => {
    const { rows } = await testDb.db.query<{ name: string }>(
      `SELECT full_name AS name FROM teams UNION SELECT name FROM teams UNION SELECT location FROM teams
       UNION SELECT name FROM topics UNION SELECT name FROM sports`,
    );
    const texts = [...rows.map((r) => r.name), ...HARD];
    const { rows: keys } = await testDb.db.query<{ key: string }>(
      'SELECT public.ss_search_key(t) AS key FROM unnest($1::text[]) WITH ORDINALITY AS x(t, n) ORDER BY n',
      [texts],
    );
    expect(texts.length).toBeGreaterThan(400);
    expect(texts.map(searchKey)).toEqual(keys.map((k) => k.key));
  });

  it('folds case, accents, apostrophes and punctuation', () => {
    expect(searchKey("St. John's")).toBe('st johns');
    expect(searchKey('Montréal')).toBe('montreal');
    expect(searchKey('Иван')).toBe('');
  });
});
