// `npm start` builds only what changed (issue "First-run quality"): on a throwaway workspace of three
// packages, a second start builds nothing, an edit rebuilds that package and those depending on it,
// a lost dist rebuilds it, and a touched but unchanged file rebuilds nothing.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChanged } from '../build-changed.mjs';

let root: string;
let built: string[];

function write(path: string, text: string): void {
  const file = join(root, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
}

function pkg(dir: string, name: string, deps: Record<string, string> = {}): void {
  write(`${dir}/package.json`, JSON.stringify({ name, scripts: { build: 'x' }, dependencies: deps }));
  write(`${dir}/src/index.ts`, `export const name = '${name}';\n`);
}

/** A build that records the package and makes its dist, as tsup or vite would. */
const run = (_root: string, dir: string): boolean => {
  built.push(dir);
  mkdirSync(join(root, dir, 'dist'), { recursive: true });
  return true;
};
const start = (): string[] => {
  built = [];
  buildChanged(root, { log: () => undefined, run });
  return built;
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'build-changed-'));
  write('package.json', JSON.stringify({ workspaces: ['p/contract', 'p/core', 'p/site'] }));
  write('package-lock.json', '{}');
  pkg('p/contract', '@x/contract');
  pkg('p/core', '@x/core', { '@x/contract': '*' });
  pkg('p/site', '@x/site', { '@x/core': '*', react: '19' });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('buildChanged', () => {
  it('builds everything the first time and nothing the second', () => {
    expect(start()).toEqual(['p/contract', 'p/core', 'p/site']);
    expect(start()).toEqual([]);
  });

  it('rebuilds a changed package and the packages that depend on it, in order', () => {
    start();
    write('p/core/src/index.ts', "export const name = 'core, changed';\n");
    expect(start()).toEqual(['p/core', 'p/site']);
    write('p/site/src/page.tsx', 'export {};\n');
    expect(start()).toEqual(['p/site']);
  });

  it('rebuilds everything when the lockfile changes, and a package whose dist was removed', () => {
    start();
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(start()).toEqual(['p/contract', 'p/core', 'p/site']);
    rmSync(join(root, 'p/core/dist'), { recursive: true });
    expect(start()).toEqual(['p/core']);
  });

  it('compares contents, not times: a touched file and a changed test rebuild nothing', () => {
    start();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, 'p/core/src/index.ts'), later, later);
    write('p/core/src/__tests__/index.test.ts', 'it();\n');
    expect(start()).toEqual([]);
  });

  it('does not record a build that failed, so the next start tries again', () => {
    built = [];
    expect(() =>
      buildChanged(root, {
        log: () => undefined,
        run: (_r: string, dir: string) => dir !== 'p/core' && run(_r, dir),
      }),
    ).toThrow(/@x\/core/);
    expect(start()).toEqual(['p/core', 'p/site']);
  });
});
