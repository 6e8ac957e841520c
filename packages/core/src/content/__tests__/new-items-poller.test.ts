// New-items poller (spec 1 §4.7): every 90 s, 15 rounds per page, reset on navigation, paused
// while the tab is hidden, started by the first subscriber and stopped after the last.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNewItemsPoller, type VisibilityAdapter } from '../new-items-poller.js';

function fakeVisibility() {
  let hidden = false;
  const listeners = new Set<() => void>();
  const adapter: VisibilityAdapter = {
    hidden: () => hidden,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    adapter,
    set(next: boolean) {
      hidden = next;
      for (const l of listeners) l();
    },
    listenerCount: () => listeners.size,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(counts: number[] = []) {
  const visibility = fakeVisibility();
  let call = 0;
  const fetchCount = vi.fn(async (_latestId: number) => counts[call++] ?? counts.at(-1) ?? 0);
  const poller = createNewItemsPoller({ fetchCount, latestId: 100, visibility: visibility.adapter });
  return { poller, fetchCount, visibility };
}

describe('createNewItemsPoller', () => {
  it('does nothing until someone subscribes', async () => {
    const { fetchCount } = setup([3]);
    await vi.advanceTimersByTimeAsync(10 * 90_000);
    expect(fetchCount).not.toHaveBeenCalled();
  });

  it('asks every 90 s for items newer than the latest id and exposes the count', async () => {
    const { poller, fetchCount } = setup([0, 2, 5]);
    const seen: number[] = [];
    poller.subscribe(() => seen.push(poller.getSnapshot().count));

    await vi.advanceTimersByTimeAsync(89_999);
    expect(fetchCount).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchCount).toHaveBeenCalledWith(100);
    expect(poller.getSnapshot()).toEqual({ count: 0, rounds: 1 });

    await vi.advanceTimersByTimeAsync(90_000);
    expect(poller.getSnapshot()).toEqual({ count: 2, rounds: 2 });
    await vi.advanceTimersByTimeAsync(90_000);
    expect(poller.getSnapshot().count).toBe(5);
    expect(seen).toContain(5);
  });

  it('stops after 15 rounds on a page', async () => {
    const { poller, fetchCount } = setup([1]);
    poller.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(30 * 90_000);
    expect(fetchCount).toHaveBeenCalledTimes(15);
    expect(poller.getSnapshot().rounds).toBe(15);
  });

  it('resets rounds and count on navigation and polls from the new latest id', async () => {
    const { poller, fetchCount } = setup([4]);
    poller.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(15 * 90_000);
    expect(poller.getSnapshot()).toEqual({ count: 4, rounds: 15 });

    poller.reset(200);
    expect(poller.getSnapshot()).toEqual({ count: 0, rounds: 0 });
    await vi.advanceTimersByTimeAsync(90_000);
    expect(fetchCount).toHaveBeenLastCalledWith(200);
    expect(fetchCount).toHaveBeenCalledTimes(16);
    await vi.advanceTimersByTimeAsync(30 * 90_000);
    expect(fetchCount).toHaveBeenCalledTimes(30);
  });

  it('ignores an answer that arrives after navigation', async () => {
    const visibility = fakeVisibility();
    let resolve: (n: number) => void = () => {};
    const fetchCount = vi.fn(() => new Promise<number>((r) => (resolve = r)));
    const poller = createNewItemsPoller({ fetchCount, latestId: 1, visibility: visibility.adapter });
    poller.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(90_000);
    poller.reset(2);
    resolve(9);
    await vi.advanceTimersByTimeAsync(0);
    expect(poller.getSnapshot().count).toBe(0);
  });

  it('pauses while the tab is hidden and resumes the interrupted interval on return', async () => {
    const { poller, fetchCount, visibility } = setup([1]);
    poller.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(60_000);
    visibility.set(true);
    await vi.advanceTimersByTimeAsync(20 * 90_000);
    expect(fetchCount).not.toHaveBeenCalled();
    expect(poller.getSnapshot().rounds).toBe(0);

    visibility.set(false);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(fetchCount).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchCount).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(fetchCount).toHaveBeenCalledTimes(2);
  });

  it('does not start while the page is hidden', async () => {
    const { poller, fetchCount, visibility } = setup([1]);
    visibility.set(true);
    poller.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(5 * 90_000);
    expect(fetchCount).not.toHaveBeenCalled();
    visibility.set(false);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(fetchCount).toHaveBeenCalledTimes(1);
  });

  it('stops when the last subscriber leaves and restarts with a new one', async () => {
    const { poller, fetchCount, visibility } = setup([1]);
    const offA = poller.subscribe(() => {});
    const offB = poller.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(90_000);
    offA();
    await vi.advanceTimersByTimeAsync(90_000);
    expect(fetchCount).toHaveBeenCalledTimes(2);
    offB();
    expect(visibility.listenerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(5 * 90_000);
    expect(fetchCount).toHaveBeenCalledTimes(2);
    poller.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(90_000);
    expect(fetchCount).toHaveBeenCalledTimes(3);
  });

  it('counts a failed round and keeps the last count', async () => {
    const visibility = fakeVisibility();
    const fetchCount = vi.fn().mockResolvedValueOnce(3).mockRejectedValueOnce(new Error('down'));
    const poller = createNewItemsPoller({ fetchCount, latestId: 1, visibility: visibility.adapter });
    poller.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(2 * 90_000);
    expect(poller.getSnapshot()).toEqual({ count: 3, rounds: 2 });
  });

  it('waits for a latest id before polling', async () => {
    const visibility = fakeVisibility();
    const fetchCount = vi.fn(async () => 1);
    const poller = createNewItemsPoller({ fetchCount, visibility: visibility.adapter });
    poller.subscribe(() => {});
    await vi.advanceTimersByTimeAsync(3 * 90_000);
    expect(fetchCount).not.toHaveBeenCalled();
    poller.reset(50);
    await vi.advanceTimersByTimeAsync(90_000);
    expect(fetchCount).toHaveBeenCalledWith(50);
  });
});
