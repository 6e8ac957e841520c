// The periodic WAL checks of an embedded database: a checkpoint follows enough writes without anyone
// asking, a quiet database is left alone, and stopping the checks stops them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDatabase } from '../pglite-database.js';
import { startWalCheckpoints } from '../wal-checkpoints.js';

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

describe('startWalCheckpoints', () => {
  it('checkpoints once enough WAL was written, and not before', async () => {
    const errors: unknown[] = [];
    const stop = startWalCheckpoints(db, {
      intervalMs: 50,
      afterBytes: 4 * 1_048_576,
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
      stop();
    }
    // Stopped: more writes, no more checkpoints.
    const after = await redo();
    await fill(5000);
    expect(await until(async () => (await redo()) !== after, 400)).toBe(false);
  }, 60_000);
});
