import { describe, expect, it } from 'vitest';
import { saturationCeiling } from '../bench/saturation-ceiling.js';

describe('saturationCeiling', () => {
  it('takes the load and PostgreSQL off the 2 cores and divides by what 1 process kept busy', () => {
    // 1 process: 0.4 ms × 2,500/s = 1 core. 2 processes: the load took 0.3 core and PostgreSQL
    // 0.05 ms × 4,000/s = 0.2 core, so 1.5 cores are left: at most 1.5×.
    const one = { rps: 2500, loadCores: 0.2, serverCpuMs: 0.4, postgresCpuMs: 0.05 };
    const two = { rps: 4000, loadCores: 0.3, serverCpuMs: 0.4, postgresCpuMs: 0.05 };
    const { ceiling, left, oneBusy } = saturationCeiling(one, two);
    expect(oneBusy).toBeCloseTo(1, 5);
    expect(left).toBeCloseTo(1.5, 5);
    expect(ceiling).toBeCloseTo(1.5, 5);
  });

  it('is at most 2, and counts no PostgreSQL CPU when it runs elsewhere', () => {
    const one = { rps: 1000, loadCores: 0.1, serverCpuMs: 0.5, postgresCpuMs: null };
    const two = { rps: 1900, loadCores: 0.1, serverCpuMs: 0.5, postgresCpuMs: null };
    // 1 process kept half a core busy: 1.9 cores left would allow 3.8×, but there are 2 processes.
    expect(saturationCeiling(one, two).ceiling).toBe(2);
    expect(saturationCeiling(one, two).left).toBeCloseTo(1.9, 5);
  });
});
