// The server's Node flags as `npm start` and the deployment guide pass them (scripts/server-flags.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const flagsOf = (env: Record<string, string>) =>
  execFileSync(process.execPath, [join(root, 'scripts/server-flags.mjs')], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  }).split(' ');
const kept = (
  JSON.parse(readFileSync(join(root, 'packages/server/node-flags.json'), 'utf8')) as { flags: string[] }
).flags;

describe('server flags', () => {
  it('prints node-flags.json, the heap kept small, by default', () => {
    expect(flagsOf({})).toEqual(kept);
    expect(flagsOf({})).toContain('--heap-growing-percent=10');
  });

  it("leaves V8's heap growth alone with HEAP_GROWTH=default, and keeps the other flags", () => {
    const flags = flagsOf({ HEAP_GROWTH: 'default' });
    expect(flags.some((f) => f.startsWith('--heap-growing-percent'))).toBe(false);
    expect(flags).toEqual(kept.filter((f) => !f.startsWith('--heap-growing-percent')));
    expect(flags).toContain('--no-memory-reducer');
  });
});
