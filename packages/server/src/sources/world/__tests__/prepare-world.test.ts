// A start prepares the world it chose (issue 44): the real world registers the catalogue instead of the demo;
// switching back to the demo saves the real sources as OPML first, then removes them.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import { prepareData } from '../../../prepare-data.js';
import { loadCatalogue } from '../../catalogue/load-catalogue.js';

let t: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  t = await createTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'prepare-world-'));
});
afterAll(async () => {
  await t.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

async function countsByOrigin(): Promise<Record<string, number>> {
  const { rows } = await t.db.query<{ origin: string; n: string }>(
    'SELECT origin, count(*) AS n FROM sources GROUP BY origin',
  );
  return Object.fromEntries(rows.map((r) => [r.origin, Number(r.n)]));
}

describe('prepareData in the two worlds', () => {
  it('registers the catalogue in the real world, and saves it before switching to the demo', async () => {
    const lines: string[] = [];
    const real = await prepareData(t.db, { dataDir, env: { SOURCES: 'real' }, log: (l) => lines.push(l) });
    expect(real.mode).toBe('real');
    expect(await countsByOrigin()).toEqual({ catalogue: loadCatalogue().length });
    expect(existsSync(join(dataDir, 'demo'))).toBe(false);

    // Back to the demo (without generating it, to keep the test short): the real sources are saved, then go.
    const demo = await prepareData(t.db, {
      dataDir,
      env: { SOURCES: 'demo', DEMO: 'off' },
      log: (l) => lines.push(l),
    });
    expect(demo).toMatchObject({ mode: 'demo', reason: 'SOURCES=demo: switched from the real world' });
    expect(await countsByOrigin()).toEqual({});
    const file = /saved first to (\S+)\.$/.exec(lines.at(-1) ?? '')?.[1];
    expect(lines.at(-1)).toMatch(/^Switched from the real world to the demo world: removed the \d+ real/);
    expect(readFileSync(file!, 'utf8')).toContain(
      'xmlUrl="https://www.acmepackingcompany.com/rss/index.xml"',
    );
  });
});
