// Infinite scroll (spec 2 §9): loads the next page near the end, 5 pages at most, scroll events
// throttled to one per 50 ms (the last of a burst still counts), one load at a time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInfiniteScroll } from '../infinite-scroll.js';

const nearEnd = { scrollTop: 1500, viewportHeight: 800, contentHeight: 2500 };
const farFromEnd = { scrollTop: 0, viewportHeight: 800, contentHeight: 5000 };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('createInfiniteScroll', () => {
  it('loads the next page when the reader nears the end, not before', async () => {
    const loadPage = vi.fn(async () => true);
    const scroll = createInfiniteScroll({ loadPage });
    scroll.onScroll(farFromEnd);
    await vi.advanceTimersByTimeAsync(100);
    expect(loadPage).not.toHaveBeenCalled();
    scroll.onScroll(nearEnd);
    await vi.advanceTimersByTimeAsync(0);
    expect(loadPage).toHaveBeenCalledWith(2);
    expect(scroll.getSnapshot()).toMatchObject({ pages: 2, loading: false, hasMore: true });
  });

  it('loads at most 5 pages, then asks for the pager', async () => {
    const loadPage = vi.fn(async (_page: number) => true);
    const scroll = createInfiniteScroll({ loadPage });
    for (let i = 0; i < 10; i++) {
      scroll.onScroll(nearEnd);
      await vi.advanceTimersByTimeAsync(60);
    }
    expect(loadPage.mock.calls.map(([page]) => page)).toEqual([2, 3, 4, 5]);
    expect(scroll.getSnapshot()).toMatchObject({ pages: 5, maxReached: true });
  });

  it('stops when the server has no more pages', async () => {
    const loadPage = vi.fn(async (page: number) => page < 3);
    const scroll = createInfiniteScroll({ loadPage });
    for (let i = 0; i < 6; i++) {
      scroll.onScroll(nearEnd);
      await vi.advanceTimersByTimeAsync(60);
    }
    expect(loadPage).toHaveBeenCalledTimes(2);
    expect(scroll.getSnapshot()).toMatchObject({ pages: 3, hasMore: false, maxReached: false });
  });

  it('handles at most one scroll event per 50 ms, and the last one of a burst', async () => {
    const loadPage = vi.fn(async () => true);
    const scroll = createInfiniteScroll({ loadPage });
    scroll.onScroll(farFromEnd); // handled at once: far away
    scroll.onScroll(farFromEnd); // within 50 ms: waits
    scroll.onScroll(nearEnd); // the burst's last event
    await vi.advanceTimersByTimeAsync(49);
    expect(loadPage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(loadPage).toHaveBeenCalledTimes(1);
  });

  it('runs one load at a time', async () => {
    let finish: (more: boolean) => void = () => {};
    const loadPage = vi.fn(() => new Promise<boolean>((r) => (finish = r)));
    const scroll = createInfiniteScroll({ loadPage });
    scroll.onScroll(nearEnd);
    await vi.advanceTimersByTimeAsync(60);
    scroll.onScroll(nearEnd);
    await vi.advanceTimersByTimeAsync(60);
    expect(loadPage).toHaveBeenCalledTimes(1);
    expect(scroll.getSnapshot().loading).toBe(true);
    finish(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(scroll.getSnapshot()).toMatchObject({ loading: false, pages: 2 });
  });

  it('keeps the error of a failed load and retries on the next scroll', async () => {
    const loadPage = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(true);
    const scroll = createInfiniteScroll({ loadPage });
    scroll.onScroll(nearEnd);
    await vi.advanceTimersByTimeAsync(60);
    expect(scroll.getSnapshot().error).toBeInstanceOf(Error);
    expect(scroll.getSnapshot().pages).toBe(1);
    scroll.onScroll(nearEnd);
    await vi.advanceTimersByTimeAsync(60);
    expect(scroll.getSnapshot()).toMatchObject({ pages: 2, error: null });
  });

  it('starts over on reset', async () => {
    const scroll = createInfiniteScroll({ loadPage: async () => true, initial: { pages: 5 } });
    expect(scroll.getSnapshot().maxReached).toBe(true);
    scroll.reset();
    expect(scroll.getSnapshot()).toMatchObject({ pages: 1, maxReached: false, hasMore: true });
  });
});
