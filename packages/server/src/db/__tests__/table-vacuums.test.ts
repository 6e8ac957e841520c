// VACUUM on the embedded database by autovacuum's rule: a table whose updates and deletes left enough
// dead rows, or that grew enough, or whose rows are old enough to freeze, is vacuumed; nothing else is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDatabase } from '../pglite-database.js';
import { vacuumDueTable } from '../table-vacuums.js';

let db: PGliteDatabase;

beforeAll(async () => {
  db = await PGliteDatabase.open();
}, 60_000);
afterAll(async () => {
  await db?.close();
});

/** The activity counters are reported at the end of a transaction at most once a second: now. */
async function flushStats(): Promise<void> {
  await db.query('SELECT pg_stat_force_next_flush()');
  await db.query('SELECT 1');
}

async function deadRows(table: string): Promise<number> {
  await flushStats();
  const { rows } = await db.query<{ n: string }>(
    'SELECT n_dead_tup AS n FROM pg_stat_user_tables WHERE relname = $1',
    [table],
  );
  return Number(rows[0]?.n);
}

describe('vacuumDueTable', () => {
  it('vacuums a table once its dead rows pass 50 + 20% of its rows, and answers null when none is due', async () => {
    await db.exec('CREATE TABLE fetch_state (id int PRIMARY KEY, failures int)');
    await db.exec('INSERT INTO fetch_state SELECT i, 0 FROM generate_series(1, 5000) i');
    // Inserted rows count too: the first vacuum of the new table sets its visibility map.
    await flushStats();
    expect(await vacuumDueTable(db)).toBe('public.fetch_state');
    await flushStats();
    expect(await vacuumDueTable(db)).toBeNull();

    await db.exec('UPDATE fetch_state SET failures = 1 WHERE id <= 500'); // 10%: not yet
    await flushStats();
    expect(await vacuumDueTable(db)).toBeNull();
    expect(await deadRows('fetch_state')).toBe(500);

    await db.exec('UPDATE fetch_state SET failures = 2 WHERE id > 4000'); // 1,500 dead rows: due
    await flushStats();
    expect(await vacuumDueTable(db)).toBe('public.fetch_state');
    expect(await deadRows('fetch_state')).toBe(0);
    const { rows } = await db.query<{ n: string }>(
      'SELECT count(*) AS n FROM fetch_state WHERE failures > 0',
    );
    expect(Number(rows[0]?.n)).toBe(1500);
  });

  it('takes the most overdue table first, one per call', async () => {
    await db.exec('CREATE TABLE chat_a (id int)');
    await db.exec('CREATE TABLE "Chat B" (id int)');
    await db.exec('INSERT INTO chat_a SELECT generate_series(1, 2000)');
    await db.exec('INSERT INTO "Chat B" SELECT generate_series(1, 9000)');
    await flushStats();
    expect(await vacuumDueTable(db)).toBe('public."Chat B"');
    await flushStats();
    expect(await vacuumDueTable(db)).toBe('public.chat_a');
    await flushStats();
    expect(await vacuumDueTable(db)).toBeNull();
  });

  it('vacuums a table whose rows are old enough to freeze, even without changes', async () => {
    await flushStats();
    expect(await vacuumDueTable(db)).toBeNull();
    // Every table of this young database is a few hundred transactions old: with a limit of one, all are due.
    const due = await vacuumDueTable(db, { freezeMaxAge: 1 });
    expect(due).toMatch(/^public\./);
  });
});
