// useInfinitePages (spec 2 §9): scrolling near the end of the page reads the next page and appends it,
// one page at a time, at most 5 pages in all counting the URL's (then the pager goes on from the
// last one); it starts from the URL's page, waits for the page count, and stops at the last page.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type InfinitePages, useInfinitePages } from '../hooks/useInfinitePages.js';

afterEach(cleanup);

let latest: InfinitePages<string> | null = null;

function List(props: {
  startPage: number;
  totalPages: number | null;
  fetchPage: (page: number) => Promise<string[]>;
}) {
  const scroll = useInfinitePages({ key: 'team', ...props });
  latest = scroll;
  return (
    <p data-testid="state">
      {scroll.more.map((p) => `${p.page}:${p.items.join(',')}`).join(' ')}|last {scroll.lastPage}
      {scroll.maxReached ? '|pager' : ''}
    </p>
  );
}

/** Scrolls to the end of the page (happy-dom lays nothing out: the end is always near) and lets the load finish. */
async function scrollToEnd() {
  await act(async () => {
    window.dispatchEvent(new Event('scroll'));
    // Past the 50 ms throttle, and the page read resolves.
    await new Promise((resolve) => setTimeout(resolve, 60));
  });
}

describe('useInfinitePages', () => {
  it('loads the next page on scrolling and stops after 5 pages, leaving the pager', async () => {
    const fetchPage = vi.fn(async (page: number) => [`a${page}`, `b${page}`]);
    render(<List startPage={1} totalPages={10} fetchPage={fetchPage} />);
    expect(fetchPage).not.toHaveBeenCalled();
    await scrollToEnd();
    expect(fetchPage).toHaveBeenCalledWith(2);
    expect(screen.getByTestId('state').textContent).toBe('2:a2,b2|last 2');
    for (let i = 0; i < 6; i++) await scrollToEnd();
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([2, 3, 4, 5]);
    expect(screen.getByTestId('state').textContent).toBe('2:a2,b2 3:a3,b3 4:a4,b4 5:a5,b5|last 5|pager');
    expect(latest?.maxReached).toBe(true);
  });

  it('handles a burst of scroll events once per 50 ms: one page per burst', async () => {
    const fetchPage = vi.fn(async (page: number) => [`x${page}`]);
    render(<List startPage={1} totalPages={10} fetchPage={fetchPage} />);
    await act(async () => {
      for (let i = 0; i < 10; i++) window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it("counts from the URL's page, waits for the page count and stops at the last page", async () => {
    const fetchPage = vi.fn(async (page: number) => [`p${page}`]);
    const { rerender } = render(<List startPage={3} totalPages={null} fetchPage={fetchPage} />);
    await scrollToEnd();
    expect(fetchPage).not.toHaveBeenCalled();
    rerender(<List startPage={3} totalPages={4} fetchPage={fetchPage} />);
    for (let i = 0; i < 3; i++) await scrollToEnd();
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([4]);
    expect(screen.getByTestId('state').textContent).toBe('4:p4|last 4');
    expect(latest?.hasMore).toBe(false);
  });
});
