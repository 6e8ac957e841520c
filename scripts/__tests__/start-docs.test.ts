// `npm start` builds the developer docs in the background when they are missing or older than what they
// document (issue 48: /about/developers linked to a 404 after a first start).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { docsAreStale } from '../start-docs.mjs';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function touch(path: string, secondsAgo: number): void {
  const at = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path, at, at);
}

describe('docsAreStale', () => {
  it('is true without docs, false once built after their inputs, true again when an input changes', () => {
    root = mkdtempSync(join(tmpdir(), 'start-docs-'));
    mkdirSync(join(root, 'packages', 'core', 'src', '__tests__'), { recursive: true });
    writeFileSync(join(root, 'packages', 'core', 'src', 'index.ts'), 'export {};');
    writeFileSync(join(root, 'packages', 'core', 'src', '__tests__', 'a.test.ts'), '');
    touch(join(root, 'packages', 'core', 'src', 'index.ts'), 100);
    expect(docsAreStale(root)).toBe(true);

    mkdirSync(join(root, 'docs', 'api'), { recursive: true });
    writeFileSync(join(root, 'docs', 'api', 'index.html'), '<title>Reference</title>');
    touch(join(root, 'docs', 'api', 'index.html'), 50);
    // A test file is not documented: newer than the docs, it changes nothing.
    touch(join(root, 'packages', 'core', 'src', '__tests__', 'a.test.ts'), 10);
    expect(docsAreStale(root)).toBe(false);

    touch(join(root, 'packages', 'core', 'src', 'index.ts'), 1);
    expect(docsAreStale(root)).toBe(true);
  });
});
