import { describe, expect, it } from 'vitest';
import { type WorkersMode, type WorkersResult, workerRatios } from '../bench/ingest-workers.js';

const MB = 1_048_576;

/** A run that stored 20 MB at `mbPerSecond`, with `workerCpu` and `postgresCpu` CPU seconds. */
const run = (
  workers: number,
  mbPerSecond: number,
  workerCpu = 10,
  postgresCpu: number | null = 6,
  mode: WorkersMode = 'rounds',
): WorkersResult => ({
  workers,
  mode,
  corpus: 'headline',
  feeds: 392,
  windows: 4,
  warmupWindows: 4,
  bytes: 20 * MB,
  stored: 19_800,
  seconds: 20 / mbPerSecond,
  itemsPerSecond: Math.round(19_800 / (20 / mbPerSecond)),
  mbPerSecond,
  workerCpuSeconds: workerCpu,
  postgresCpuSeconds: postgresCpu,
  leads: 12_000,
  repeatedUrls: 0,
});

describe('workerRatios', () => {
  it('compares the median of each worker count with the median of the 1-worker runs', () => {
    // A slow outlier on either side moves neither median.
    const results = [run(1, 1.2), run(2, 2.1), run(1, 0.6), run(2, 1.0), run(1, 1.25), run(2, 2.0)];
    const [two] = workerRatios(results, 2);
    expect(two?.workers).toBe(2);
    expect(two?.runs).toBe(3);
    expect(two?.ratio).toBeCloseTo(2.0 / 1.2, 5);
  });

  it('bounds the ratio by the cores a 1-worker run kept busy, and says what each MB cost', () => {
    // 1 worker: 16 CPU seconds in 20 / 1.25 = 16 s, so one whole core of 2: 2 workers could give 2×.
    // 2 workers: 20 CPU seconds for the same 20 MB, 1.25× the CPU per MB.
    const results = [run(1, 1.25, 10, 6), run(2, 2.0, 13, 7)];
    const [two] = workerRatios(results, 2);
    expect(two?.oneBusyCores).toBeCloseTo(1, 5);
    expect(two?.ceiling).toBeCloseTo(2, 5);
    expect(two?.cpuPerMb).toBeCloseTo(20 / 16, 5);
    // A 1-worker run that keeps 1.6 cores busy leaves 2 workers at most 2 / 1.6 = 1.25× on 2 cores.
    const busy = workerRatios([run(1, 1.25, 16, 9.6), run(2, 1.5, 16, 9.6)], 2)[0];
    expect(busy?.ceiling).toBeCloseTo(1.25, 5);
    // On 8 cores the worker count is the bound.
    expect(workerRatios([run(1, 1.25, 16, 9.6), run(2, 2.4)], 8)[0]?.ceiling).toBe(2);
  });

  it('compares each mode only with the 1-worker runs of that mode', () => {
    // Bursts (rounds) and a steady flow of the same corpus: each 2-worker median over its own 1-worker median.
    const results = [
      run(1, 1.0, 10, 6, 'rounds'),
      run(1, 2.0, 10, 6, 'flow'),
      run(2, 1.5, 10, 6, 'rounds'),
      run(2, 3.6, 10, 6, 'flow'),
    ];
    const ratios = workerRatios(results, 2);
    expect(ratios.map((r) => [r.mode, r.workers, r.runs])).toEqual([
      ['rounds', 2, 1],
      ['flow', 2, 1],
    ]);
    expect(ratios[0]?.ratio).toBeCloseTo(1.5, 5);
    expect(ratios[1]?.ratio).toBeCloseTo(1.8, 5);
  });

  it('gives one ratio per worker count above 1, in order, and none without a 1-worker run', () => {
    expect(workerRatios([run(1, 1), run(3, 2.4), run(2, 1.8)], 4).map((r) => r.workers)).toEqual([2, 3]);
    expect(workerRatios([run(2, 1.8)], 2)).toEqual([]);
  });

  it('has no ceiling when PostgreSQL runs elsewhere (its CPU unknown)', () => {
    const [two] = workerRatios([run(1, 1, 10, null), run(2, 1.9, 20, null)], 2);
    expect(two?.ratio).toBeCloseTo(1.9, 5);
    expect(two?.ceiling).toBeNull();
    expect(two?.cpuPerMb).toBeNull();
  });
});
