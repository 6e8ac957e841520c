// Migration 0022 on a database where two workers already stored a URL twice: both rows stay, with their
// links, the later one's key gets its id as a fragment, and from then on the database refuses a second row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { migrate, readMigrations } from '../migrate.js';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createEmptyDatabase();
});

afterAll(async () => {
  await testDb.dispose();
});

describe('migration 0022_unique_canonical_url', () => {
  it('keeps the articles stored twice, with their links, and refuses a third copy', async () => {
    const all = readMigrations();
    const at = all.findIndex((m) => m.version === '0022_unique_canonical_url');
    expect(at).toBeGreaterThan(0);
    await migrate(testDb.db, all.slice(0, at));
    const { db } = testDb;
    const wire = 'https://wire.example/deadline';
    await db.exec(`
      INSERT INTO domains (id, host, name) VALUES (901, 'm.example', 'M');
      INSERT INTO sources (id, domain_id, kind, feed_url, title)
        VALUES (901, 901, 'news', 'https://m.example/1', 'M One'), (902, 901, 'news', 'https://m.example/2', 'M Two');
      INSERT INTO articles (id, source_id, domain_id, guid, url, canonical_url, title, published_at)
        VALUES (9001, 901, 901, 'g1', '${wire}?utm_source=one', '${wire}', 'Deadline deal', now()),
               (9002, 902, 901, 'g2', '${wire}?utm_source=two', '${wire}', 'Deadline deal', now()),
               (9003, 902, 901, 'g3', 'https://m.example/other', 'https://m.example/other', 'Other', now());`);
    await migrate(db, all);

    const { rows } = await db.query<{ id: number | string; url: string; canonical: string }>(
      'SELECT id, url, canonical_url AS canonical FROM articles ORDER BY id',
    );
    expect(rows.map((r) => ({ ...r, id: Number(r.id) }))).toEqual([
      { id: 9001, url: `${wire}?utm_source=one`, canonical: wire },
      { id: 9002, url: `${wire}?utm_source=two`, canonical: `${wire}#ss-duplicate-9002` },
      { id: 9003, url: 'https://m.example/other', canonical: 'https://m.example/other' },
    ]);
    await expect(
      db.query(
        `INSERT INTO articles (source_id, domain_id, guid, url, canonical_url, title, published_at)
         VALUES (901, 901, 'g4', $1, $1, 'Deadline deal again', now())`,
        [wire],
      ),
    ).rejects.toThrow(/articles_canonical_url_idx/);
  });
});
