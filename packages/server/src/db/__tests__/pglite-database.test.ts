// The settings the embedded database runs with: the ones its memory and speed figures rely on,
// full-page writes off only while fsync is off (PGlite's own start flag), which makes them useless, and a
// WAL that stays small beside the tables however much is written.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SHARED_BUFFERS,
  FULL_PAGE_WRITES,
  MAX_WAL_SIZE,
  PGliteDatabase,
  PLAN_CACHE_MODE,
} from '../pglite-database.js';
import { checkpointWhenDue } from '../wal-checkpoints.js';

let dir: string;
let db: PGliteDatabase;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ss-pglite-'));
  db = await PGliteDatabase.open({ dataDir: join(dir, 'pglite') });
}, 60_000);
afterAll(async () => {
  await db?.close();
  rmSync(dir, { recursive: true, force: true });
});

const setting = async (name: string) => {
  const { rows } = await db.query<{ setting: string }>('SELECT current_setting($1) AS setting', [name]);
  return rows[0]?.setting;
};

describe('PGliteDatabase.open on a data folder', () => {
  it('runs with its shared buffers, generic plans, and full-page writes off because fsync is off', async () => {
    expect(await setting('shared_buffers')).toBe(DEFAULT_SHARED_BUFFERS);
    expect(await setting('plan_cache_mode')).toBe(PLAN_CACHE_MODE);
    expect(await setting('full_page_writes')).toBe(FULL_PAGE_WRITES);
    expect(FULL_PAGE_WRITES).toBe('off');
    // Were fsync ever on, full-page copies would protect against torn pages again: turn them back on.
    expect(await setting('fsync')).toBe('off');
  });

  it('keeps its WAL near max_wal_size while more than twice that is written', async () => {
    expect(await setting('max_wal_size')).toBe(MAX_WAL_SIZE);
    expect(await setting('wal_init_zero')).toBe('off');
    const walBytes = () =>
      readdirSync(join(dir, 'pglite', 'pg_wal'))
        .filter((name) => /^[0-9A-F]{24}$/.test(name))
        .reduce((sum, name) => sum + statSync(join(dir, 'pglite', 'pg_wal', name)).size, 0);
    // Rows just under the 2 kB TOAST threshold are stored as they are, so the WAL carries every byte.
    // The checks run between the statements, as the periodic ones do between a server's writes.
    await db.exec('CREATE TABLE wal_fill (v text)');
    const checkpoints: boolean[] = [];
    for (let round = 0; round < 8; round++) {
      await db.exec(
        `INSERT INTO wal_fill SELECT repeat(md5(i::text || '${round}'), 59) FROM generate_series(1, 10000) i`,
      );
      checkpoints.push(await checkpointWhenDue(db));
    }
    const { rows } = await db.query<{ bytes: string }>("SELECT pg_relation_size('wal_fill') AS bytes");
    const limit = 64 * 1_048_576;
    expect(Number(rows[0]?.bytes)).toBeGreaterThan(2 * limit);
    // About 20 MB per round: a checkpoint every other round, none on a round below the threshold.
    expect(checkpoints.filter(Boolean).length).toBeGreaterThanOrEqual(3);
    expect(checkpoints[0]).toBe(false);
    // Two segments of slack: the one being written and one recycled ahead of it.
    expect(walBytes()).toBeLessThanOrEqual(limit + 2 * 16 * 1_048_576);
    expect(await checkpointWhenDue(db)).toBe(false);
  }, 120_000);
});
