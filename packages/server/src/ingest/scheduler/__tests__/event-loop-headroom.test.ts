// The headroom gate: ingestion waits while the event loop was busier than its share of the last window,
// never longer than the bound, and not at all on a calm loop.
import type { EventLoopUtilization } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { createEventLoopHeadroom } from '../event-loop-headroom.js';

/** A fake `eventLoopUtilization` whose share over any window is what `share()` says at the time. */
function fakeUtilization(share: () => number) {
  const reading = (): EventLoopUtilization => ({ idle: 0, active: 0, utilization: share() });
  return ((current?: EventLoopUtilization) => (current ? { ...reading() } : reading())) as never;
}

describe('createEventLoopHeadroom', () => {
  it('lets ingestion go on at once while the loop has room', async () => {
    const headroom = createEventLoopHeadroom({ windowMs: 20, utilization: fakeUtilization(() => 0.2) });
    await new Promise((r) => setTimeout(r, 30));
    const started = performance.now();
    expect(await headroom.wait()).toBe(true);
    expect(performance.now() - started).toBeLessThan(15);
  });

  it('waits while the loop is busier than the allowed share, until it calms down', async () => {
    let busy = 0.95;
    const headroom = createEventLoopHeadroom({ windowMs: 20, utilization: fakeUtilization(() => busy) });
    await new Promise((r) => setTimeout(r, 30));
    setTimeout(() => {
      busy = 0.1;
    }, 120);
    const started = performance.now();
    expect(await headroom.wait()).toBe(true);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(100);
    expect(waited).toBeLessThan(1_000);
  });

  it('gives up waiting after its bound so a busy server still ingests', async () => {
    const headroom = createEventLoopHeadroom({
      windowMs: 20,
      maxWaitMs: 150,
      utilization: fakeUtilization(() => 1),
    });
    await new Promise((r) => setTimeout(r, 30));
    const started = performance.now();
    // It says it gave up: the scheduler then starts one source, not every free slot's.
    expect(await headroom.wait()).toBe(false);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(600);
  });
});
