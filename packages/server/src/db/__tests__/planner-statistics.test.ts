import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../database.js';
import { migrate } from '../migrate.js';
import { PGliteDatabase } from '../pglite-database.js';
import {
  MIN_ROWS_BEFORE_ANALYZE,
  notePlannerWrites,
  WHOLE_ANALYZE_INTERVAL_MS,
} from '../planner-statistics.js';

// A fresh PGlite (not the test template): these tests are about a database whose tables were never
// analysed, and PGlite has no autovacuum to do it behind their back.
let db: PGliteDatabase;
let sourceId: number;
let next = 0;

async function addArticles(count: number): Promise<void> {
  const from = next;
  next += count;
  await db.query(
    `INSERT INTO articles (source_id, domain_id, guid, url, canonical_url, title, published_at)
     SELECT $1, s.domain_id, 'g-' || i, 'https://blog.example/p/' || i, 'https://blog.example/p/' || i,
            'Headline ' || i, now() - i * interval '1 minute'
       FROM sources s, generate_series($2::int, $3::int) i WHERE s.id = $1`,
    [sourceId, from, next - 1],
  );
}

/**
 * The plan of a lookup through a plain index: the last hour's articles, as the clustering reads them.
 * (The de-duplication lookup by canonical URL goes through a unique index since migration 0022, which
 * the planner trusts to match at most one row per URL even without statistics.)
 */
async function lookupPlan(): Promise<string> {
  const { rows } = await db.query<{ 'QUERY PLAN': string }>(
    "EXPLAIN SELECT id FROM articles WHERE published_at > now() - interval '1 hour'",
  );
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

async function analysedRows(table = 'articles'): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT reltuples AS n FROM pg_class WHERE relname = $1', [
    table,
  ]);
  return Number(rows[0]?.n);
}

beforeAll(async () => {
  db = await PGliteDatabase.open();
  await migrate(db);
  const { rows } = await db.query<{ id: number }>(
    `WITH d AS (INSERT INTO domains (host, name) VALUES ('blog.example', 'Blog') RETURNING id)
     INSERT INTO sources (domain_id, kind, feed_url, title) SELECT id, 'news', 'https://blog.example/feed', 'Blog' FROM d
     RETURNING id`,
  );
  sourceId = Number(rows[0]?.id);
}, 60_000);
afterAll(() => db.close());

describe('notePlannerWrites on PGlite', () => {
  it('analyses never-analysed tables at the first report, so the lookups use their indexes', async () => {
    await addArticles(5000);
    // Without statistics the planner guesses a sixth of the table matches and scans it all.
    expect(await lookupPlan()).toMatch(/Seq Scan on articles/);
    expect(await analysedRows()).toBe(-1);

    await notePlannerWrites(db, 5000);

    expect(await analysedRows()).toBe(5000);
    const plan = await lookupPlan();
    expect(plan).toMatch(/articles_published_idx/);
    expect(plan).not.toMatch(/Seq Scan/);
  });

  it('analyses again only once the writes reach the size of the last analysis', async () => {
    await addArticles(3000);
    await notePlannerWrites(db, 3000);
    expect(await analysedRows()).toBe(5000);

    await addArticles(2000);
    await notePlannerWrites(db, 2000);
    expect(await analysedRows()).toBe(10_000);
  });

  it('analyses the tables ingestion grows as it grows, the rest of the database once a day', async () => {
    // A table ingestion does not grow (members' domains here) keeps the first analysis's figures...
    await db.query(
      `INSERT INTO domains (host, name) SELECT 'd' || i || '.example', 'D' FROM generate_series(1, 50) i`,
    );
    expect(await analysedRows('domains')).toBe(1);
    await addArticles(10_000);
    await notePlannerWrites(db, 10_000);
    expect(await analysedRows()).toBe(20_000);
    expect(await analysedRows('domains')).toBe(1);
    // ...until a day later, when the growth's ANALYZE covers the whole database again.
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + WHOLE_ANALYZE_INTERVAL_MS);
    try {
      await addArticles(20_000);
      await notePlannerWrites(db, 20_000);
    } finally {
      clock.mockRestore();
    }
    expect(await analysedRows()).toBe(40_000);
    expect(await analysedRows('domains')).toBe(51);
  }, 60_000);

  it('analyses one table per statement, so the server answers between them', async () => {
    // A whole-database analysis (due a day later) of the tables that hold rows: a timer set when it starts,
    // as a visitor's answer waiting on the event loop, fires long before it ends.
    const transactions = vi.spyOn(db, 'transaction');
    const clock = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 3 * WHOLE_ANALYZE_INTERVAL_MS);
    let firedAfterTables = -1;
    let tables = 0;
    try {
      await addArticles(40_000);
      setTimeout(() => {
        firedAfterTables = transactions.mock.calls.length;
      }, 0);
      await notePlannerWrites(db, 40_000);
      tables = transactions.mock.calls.length;
    } finally {
      clock.mockRestore();
      transactions.mockRestore();
    }
    expect(await analysedRows()).toBe(80_000);
    expect(tables).toBeGreaterThan(13);
    expect(firedAfterTables).toBeGreaterThanOrEqual(0);
    expect(firedAfterTables).toBeLessThan(5);
  }, 60_000);

  it('waits for a minimum of writes on small tables', async () => {
    const small = await PGliteDatabase.open();
    try {
      await migrate(small);
      await notePlannerWrites(small, 0);
      await notePlannerWrites(small, MIN_ROWS_BEFORE_ANALYZE - 1);
      const before = await small.query<{ n: number }>(
        "SELECT reltuples AS n FROM pg_class WHERE relname = 'articles'",
      );
      expect(Number(before.rows[0]?.n)).toBe(-1);
      await notePlannerWrites(small, 1);
      const after = await small.query<{ n: number }>(
        "SELECT reltuples AS n FROM pg_class WHERE relname = 'articles'",
      );
      // Analysed (an empty table reports 0 rows, not the never-analysed -1).
      expect(Number(after.rows[0]?.n)).toBe(0);
    } finally {
      await small.close();
    }
  }, 60_000);
});

describe('notePlannerWrites on PostgreSQL', () => {
  it('sends nothing: autovacuum keeps the statistics there', async () => {
    const sent: string[] = [];
    const postgres: Database = {
      kind: 'postgres',
      query: async (sql: string) => {
        sent.push(sql);
        return { rows: [] };
      },
      exec: async (sql: string) => {
        sent.push(sql);
      },
      transaction: async (fn) => fn(postgres),
      close: async () => undefined,
    };
    await notePlannerWrites(postgres, 1_000_000);
    expect(sent).toEqual([]);
  });
});
