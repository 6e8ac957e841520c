// A second start of the same build skips preparing the data (issue "First-run quality": a second
// `npm start` serves within 5 s): the fingerprint names the built server, its data files and the demo
// switch, so any of them changing prepares the data again.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir } from '../cli/data-dir-lock.js';
import { preparationFingerprint, prepareDataAhead } from '../prepare-data.js';

let dist: string;
beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'prepared-dist-'));
  writeFileSync(join(dist, 'setup.js'), 'console.log(1);');
  writeFileSync(join(dist, 'setup.js.map'), '{}');
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('preparationFingerprint', () => {
  it('stays the same for the same build, and changes with the build or the demo switch', () => {
    const first = preparationFingerprint(dist, {});
    expect(preparationFingerprint(dist, {})).toBe(first);
    // A source map is not code: it does not count.
    writeFileSync(join(dist, 'setup.js.map'), '{"changed":true}');
    expect(preparationFingerprint(dist, {})).toBe(first);
    expect(preparationFingerprint(dist, { DEMO: 'off' })).not.toBe(first);
    writeFileSync(join(dist, 'chunk-new.js'), 'export {};');
    expect(preparationFingerprint(dist, {})).not.toBe(first);
  });
});

describe('prepareDataAhead', () => {
  it('leaves a folder alone while another process holds it, and PostgreSQL to the server', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'prepared-data-'));
    try {
      // Another live process (pid 1) holds the folder, as a running server would.
      writeFileSync(join(dataDir, 'pglite.lock'), '1');
      expect(() => lockDataDir(dataDir)).toThrow();
      expect(prepareDataAhead({ DATA_DIR: dataDir })).toBe(false);
      expect(readFileSync(join(dataDir, 'pglite.lock'), 'utf8')).toBe('1');
      rmSync(join(dataDir, 'pglite.lock'));
      expect(
        prepareDataAhead({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }),
      ).toBe(false);
      // Run from sources (under tests) it prepares nothing either: the server does it in-process.
      expect(prepareDataAhead({ DATA_DIR: dataDir })).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
