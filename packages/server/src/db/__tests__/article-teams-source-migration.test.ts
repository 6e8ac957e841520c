// Migration 0020 on a database that already has news: every team tag row gets its article's source, so
// a member's hidden sources keep applying to the news stored before the upgrade.
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

describe('migration 0020_article_teams_source', () => {
  it('copies each article source onto its team tag rows, and new rows must carry one', async () => {
    const all = readMigrations();
    const at = all.findIndex((m) => m.version === '0020_article_teams_source');
    expect(at).toBeGreaterThan(0);
    await migrate(testDb.db, all.slice(0, at));
    const { db } = testDb;
    await db.exec(`
      INSERT INTO sports (id, slug, name) VALUES (901, 'm-sport', 'M Sport');
      INSERT INTO teams (id, sport_id, slug, name, full_name, short_name)
        VALUES (901, 901, 'm-team', 'M', 'M Team', 'MT');
      INSERT INTO domains (id, host, name) VALUES (901, 'm.example', 'M');
      INSERT INTO sources (id, domain_id, kind, feed_url, title)
        VALUES (901, 901, 'news', 'https://m.example/1', 'M One'), (902, 901, 'news', 'https://m.example/2', 'M Two');
      INSERT INTO articles (id, source_id, domain_id, guid, url, canonical_url, title, published_at)
        VALUES (9001, 901, 901, 'g1', 'https://m.example/a', 'https://m.example/a', 'A', now()),
               (9002, 902, 901, 'g2', 'https://m.example/b', 'https://m.example/b', 'B', now());
      INSERT INTO article_teams (article_id, team_id, published_at) VALUES (9001, 901, now()), (9002, 901, now());`);

    expect(await migrate(db, all)).toContain('0020_article_teams_source');
    const { rows } = await db.query<{ article_id: string; source_id: number }>(
      'SELECT article_id::text, source_id FROM article_teams ORDER BY article_id',
    );
    expect(rows).toEqual([
      { article_id: '9001', source_id: 901 },
      { article_id: '9002', source_id: 902 },
    ]);
    await expect(
      db.query('INSERT INTO article_teams (article_id, team_id, published_at) VALUES (9001, 902, now())'),
    ).rejects.toThrow(/source_id/);
  });
});
