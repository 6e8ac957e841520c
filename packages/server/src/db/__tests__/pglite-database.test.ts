// The settings the embedded database runs with: the ones its memory and speed figures rely on, and
// full-page writes off only while fsync is off (PGlite's own start flag), which makes them useless.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SHARED_BUFFERS,
  FULL_PAGE_WRITES,
  PGliteDatabase,
  PLAN_CACHE_MODE,
} from '../pglite-database.js';

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
});
