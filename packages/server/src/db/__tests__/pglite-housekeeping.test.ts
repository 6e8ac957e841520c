// The periodic checks of an embedded database: a checkpoint follows enough writes without anyone asking,
// a quiet database is left alone, a table with enough dead rows is vacuumed, and stopping stops them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDatabase } from '../pglite-database.js';
import { startPGliteHousekeeping } from '../pglite-housekeeping.js';

let db: PGliteDatabase;

beforeAll(async () => {
  db = await PGliteDatabase.open();
  await db.exec('CREATE TABLE wal_fill (v text)');
}, 60_000);
afterAll(async () => {
  await db?.close();
});

const redo = async () => {
  const { rows } = await db.query<{ lsn: string }>('SELECT (pg_control_checkpoint()).redo_lsn::text AS lsn');
  return rows[0]?.lsn;
};
const fill = (rows: number) =>
  db.exec(`INSERT INTO wal_fill SELECT repeat(md5(random()::text), 59) FROM generate_series(1, ${rows}) i`);
const until = async (check: () => Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
};

describe('startPGliteHousekeeping: checkpoints', () => {
  it('checkpoints once enough WAL was written, and not before', async () => {
    const errors: unknown[] = [];
    const stop = startPGliteHousekeeping(db, {
      vacuums: false,
      walIntervalMs: 50,
      checkpointAfterBytes: 4 * 1_048_576,
      onError: (e) => errors.push(e),
    });
    try {
      const before = await redo();
      await fill(100); // about 200 kB: below the threshold
      expect(await until(async () => (await redo()) !== before, 400)).toBe(false);
      await fill(5000); // about 10 MB
      expect(await until(async () => (await redo()) !== before, 5000)).toBe(true);
      expect(errors).toEqual([]);
    } finally {
      await stop();
    }
    // Stopped: more writes, no more checkpoints.
    const after = await redo();
    await fill(5000);
    expect(await until(async () => (await redo()) !== after, 400)).toBe(false);
  }, 60_000);

  it('vacuums a table whose updates left enough dead rows, without anyone asking', async () => {
    await db.exec('CREATE TABLE counts (id int PRIMARY KEY, n int)');
    await db.exec('INSERT INTO counts SELECT i, 0 FROM generate_series(1, 2000) i');
    await db.exec('UPDATE counts SET n = n + 1');
    const vacuumed = async () => {
      await db.query('SELECT pg_stat_force_next_flush()');
      const { rows } = await db.query<{ at: string | null }>(
        "SELECT last_vacuum AS at FROM pg_stat_user_tables WHERE relname = 'counts'",
      );
      return rows[0]?.at != null;
    };
    expect(await vacuumed()).toBe(false);
    const stop = startPGliteHousekeeping(db, { walIntervalMs: 60_000, vacuumIntervalMs: 50 });
    try {
      expect(await until(vacuumed, 5000)).toBe(true);
    } finally {
      await stop();
    }
  }, 60_000);
});
