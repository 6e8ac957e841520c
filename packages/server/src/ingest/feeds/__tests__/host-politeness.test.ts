import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HostPoliteness } from '../host-politeness.js';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T00:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

function recorder() {
  const t0 = Date.now();
  const starts: Record<string, number[]> = {};
  let inFlight = 0;
  const peak = { value: 0 };
  const task = (host: string, durationMs: number) => () => {
    starts[host] = [...(starts[host] ?? []), Date.now() - t0];
    inFlight++;
    peak.value = Math.max(peak.value, inFlight);
    return new Promise<string>((resolve) =>
      setTimeout(() => {
        inFlight--;
        resolve(host);
      }, durationMs),
    );
  };
  return { starts, task, peak };
}

describe('HostPoliteness', () => {
  it('spaces the starts of requests to one host by the gap, and lets other hosts go at once', async () => {
    const politeness = new HostPoliteness({ minGapMs: 1000 });
    const { starts, task } = recorder();
    const all = Promise.all([
      politeness.run('a.example', task('a', 300)),
      politeness.run('a.example', task('a', 300)),
      politeness.run('A.EXAMPLE', task('a', 0)),
      politeness.run('b.example', task('b', 0)),
    ]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await all).toEqual(['a', 'a', 'a', 'b']);
    // The gap counts from one start to the next; b is not held up by a.
    expect(starts.a).toEqual([0, 1000, 2000]);
    expect(starts.b).toEqual([0]);
  });

  it('never has more than two requests to one host in flight', async () => {
    const politeness = new HostPoliteness({ minGapMs: 1000 });
    const { starts, task, peak } = recorder();
    const all = Promise.all(Array.from({ length: 5 }, () => politeness.run('slow.example', task('s', 5000))));
    await vi.advanceTimersByTimeAsync(30_000);
    await all;
    // Two start a gap apart; each later one waits for a slot to free (5000, 6000, then 10000).
    expect(starts.s).toEqual([0, 1000, 5000, 6000, 10_000]);
    expect(peak.value).toBe(2);
  });

  it('takes the limit per host from its options', async () => {
    const politeness = new HostPoliteness({ minGapMs: 0, maxPerHost: 1 });
    const { starts, task, peak } = recorder();
    const all = Promise.all([
      politeness.run('a.example', task('a', 100)),
      politeness.run('a.example', task('a', 100)),
    ]);
    await vi.advanceTimersByTimeAsync(1000);
    await all;
    expect(starts.a).toEqual([0, 100]);
    expect(peak.value).toBe(1);
  });

  it('does not wait when the last request to the host started long enough ago', async () => {
    const politeness = new HostPoliteness({ minGapMs: 1000 });
    const { starts, task } = recorder();
    const first = politeness.run('a.example', task('a', 0));
    await vi.advanceTimersByTimeAsync(5000);
    await first;
    const second = politeness.run('a.example', task('a', 0));
    await vi.advanceTimersByTimeAsync(0);
    await second;
    expect(starts.a).toEqual([0, 5000]);
  });

  it('releases the host when a request fails', async () => {
    const politeness = new HostPoliteness({ minGapMs: 1000, maxPerHost: 1 });
    const failing = politeness.run('a.example', () => Promise.reject(new Error('boom')));
    const assertion = expect(failing).rejects.toThrow('boom');
    const next = politeness.run('a.example', () => Promise.resolve('ok'));
    await vi.advanceTimersByTimeAsync(1000);
    await assertion;
    await expect(next).resolves.toBe('ok');
  });
});
