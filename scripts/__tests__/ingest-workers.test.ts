import { describe, expect, it } from 'vitest';
import { type WorkersResult, workerRatios } from '../bench/ingest-workers.js';

const run = (workers: number, mbPerSecond: number): WorkersResult => ({
  workers,
  corpus: 'headline',
  feeds: 392,
  windows: 4,
  warmupWindows: 2,
  bytes: 20_000_000,
  stored: 19_800,
  seconds: 15,
  itemsPerSecond: 1_300,
  mbPerSecond,
  workerCpuSeconds: 10,
  postgresCpuSeconds: 7,
});

describe('workerRatios', () => {
  it('compares the median of each worker count with the median of the 1-worker runs', () => {
    // A slow outlier on either side moves neither median.
    const results = [run(1, 1.2), run(2, 2.1), run(1, 0.6), run(2, 1.0), run(1, 1.25), run(2, 2.0)];
    const [two] = workerRatios(results);
    expect(two?.workers).toBe(2);
    expect(two?.runs).toBe(3);
    expect(two?.ratio).toBeCloseTo(2.0 / 1.2, 5);
  });

  it('gives one ratio per worker count above 1, in order, and none without a 1-worker run', () => {
    expect(workerRatios([run(1, 1), run(3, 2.4), run(2, 1.8)]).map((r) => r.workers)).toEqual([2, 3]);
    expect(workerRatios([run(2, 1.8)])).toEqual([]);
  });
});
