// Ingestion's long loops let the event loop run once a slice has run its length (issue 44): a request
// due meanwhile is answered between two items, not after the whole batch.
import { describe, expect, it } from 'vitest';
import { SLICE_MS, timeSlices } from '../time-slices.js';

/** Keeps the thread busy for `ms`. */
function busy(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // spinning, as tagging does
  }
}

describe('timeSlices', () => {
  it('lets a waiting callback run between steps once a slice has run its length, not before', async () => {
    const slice = timeSlices();
    let ran = false;
    setImmediate(() => {
      ran = true;
    });
    // Within the slice: no break.
    expect(slice()).toBeUndefined();
    expect(ran).toBe(false);
    busy(SLICE_MS + 2);
    await slice();
    expect(ran).toBe(true);
    // A new slice starts after the break.
    expect(slice()).toBeUndefined();
  });

  it('answers a timer due during a long loop before the loop ends', async () => {
    const slice = timeSlices(5);
    const order: string[] = [];
    setTimeout(() => order.push('request'), 1);
    for (let step = 0; step < 10; step++) {
      await slice();
      busy(2);
      order.push(`step ${step}`);
    }
    expect(order.indexOf('request')).toBeGreaterThan(0);
    expect(order.indexOf('request')).toBeLessThan(order.length - 1);
  });
});
