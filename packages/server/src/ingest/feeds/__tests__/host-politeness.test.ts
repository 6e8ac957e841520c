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
  const task = (host: string, durationMs: number) => () => {
    starts[host] = [...(starts[host] ?? []), Date.now() - t0];
    return new Promise<string>((resolve) => setTimeout(() => resolve(host), durationMs));
  };
  return { starts, task };
}

describe('HostPoliteness', () => {
  it('runs requests to one host one at a time with a gap, and other hosts at once', async () => {
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
    // a: starts at 0, ends 300, next starts 1300, ends 1600, next starts 2600. b is not held up.
    expect(starts.a).toEqual([0, 1300, 2600]);
    expect(starts.b).toEqual([0]);
  });

  it('does not wait when the last request to the host was long enough ago', async () => {
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
    const politeness = new HostPoliteness({ minGapMs: 1000 });
    const failing = politeness.run('a.example', () => Promise.reject(new Error('boom')));
    const assertion = expect(failing).rejects.toThrow('boom');
    const next = politeness.run('a.example', () => Promise.resolve('ok'));
    await vi.advanceTimersByTimeAsync(1000);
    await assertion;
    await expect(next).resolves.toBe('ok');
  });
});
