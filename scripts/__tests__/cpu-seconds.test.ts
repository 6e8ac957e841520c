// The benchmarks' CPU accounting (scripts/bench/cpu-seconds.ts): a process tree's CPU keeps what its
// children used after they exit, which is how a cluster's web processes and PostgreSQL's closed backends
// are counted.
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { cpuSeconds, treeCpuSeconds } from '../bench/cpu-seconds.js';

// A parent that runs a child burning about 0.6 s of CPU, waits for it, then idles until killed.
const PARENT = `
  const { spawnSync } = require('node:child_process');
  spawnSync(process.execPath, ['-e', 'const end = Date.now() + 600; while (Date.now() < end);']);
  process.stdout.write('done\\n');
  setInterval(() => {}, 1000);
`;

describe('CPU seconds from /proc', () => {
  it("counts a child's CPU in its parent's tree after the child has exited", async () => {
    const parent = spawn(process.execPath, ['-e', PARENT], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve) => parent.stdout.once('data', () => resolve()));
      const own = cpuSeconds(parent.pid);
      const tree = treeCpuSeconds(parent.pid as number);
      // The child spun for 0.6 s of wall time; on a loaded machine it may have had less of a core.
      expect(tree - own).toBeGreaterThan(0.2);
      expect(tree).toBeGreaterThanOrEqual(own);
    } finally {
      parent.kill();
    }
  });

  it('answers 0 for a process that does not exist', () => {
    expect(cpuSeconds(2 ** 22 + 12345)).toBe(0);
    expect(treeCpuSeconds(2 ** 22 + 12345)).toBe(0);
  });
});
