// The server's Node flags and environment as `npm start` and the deployment guide pass them
// (scripts/server-flags.mjs).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const print = (env: Record<string, string>, args: string[] = []) =>
  execFileSync(process.execPath, [join(root, 'scripts/server-flags.mjs'), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
const flagsOf = (env: Record<string, string>) => print(env).split(' ');
const kept = JSON.parse(readFileSync(join(root, 'packages/server/node-flags.json'), 'utf8')) as {
  flags: string[];
  env: Record<string, string>;
};

describe('server flags', () => {
  it('prints node-flags.json, the heap kept small and the collector on the server thread, by default', () => {
    expect(flagsOf({})).toEqual(kept.flags);
    expect(flagsOf({})).toContain('--heap-growing-percent=10');
    expect(flagsOf({})).toContain('--single-threaded-gc');
  });

  it("leaves V8's heap growth alone with HEAP_GROWTH=default, and keeps the other flags", () => {
    const flags = flagsOf({ HEAP_GROWTH: 'default' });
    expect(flags.some((f) => f.startsWith('--heap-growing-percent'))).toBe(false);
    expect(flags).toEqual(kept.flags.filter((f) => !f.startsWith('--heap-growing-percent')));
    expect(flags).toContain('--no-memory-reducer');
  });

  it('prints the environment the server starts with for `env`, keeping a value the operator set', () => {
    expect(print({}, ['--env'])).toBe('MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072');
    expect(print({ MALLOC_ARENA_MAX: '4' }, ['--env'])).toBe(
      'MALLOC_ARENA_MAX=4 MALLOC_MMAP_THRESHOLD_=131072',
    );
  });

  it("gives the process npm start's command line starts the flags and the environment", () => {
    // package.json's start script after its launcher step, with the server replaced by a probe.
    const start = (
      JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
    ).scripts.start;
    const launch = start.slice(start.indexOf('exec '));
    expect(launch).toContain('packages/server/dist/main.js');
    const probe = `-e 'console.log(JSON.stringify([process.execArgv.slice(0, -2), process.env.MALLOC_ARENA_MAX, process.env.MALLOC_MMAP_THRESHOLD_]))'`;
    const shell = launch.replace('packages/server/dist/main.js', probe);
    const out = execFileSync('sh', ['-c', shell], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual([kept.flags, '2', '131072']);
  });
});
