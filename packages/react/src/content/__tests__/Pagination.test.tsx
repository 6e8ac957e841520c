import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmptyState } from '../EmptyState.js';
import { NewItemsBanner, useScrollY } from '../NewItemsBanner.js';
import { Pagination } from '../Pagination.js';

afterEach(cleanup);

function pager(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Pagination' });
  return Array.from(nav.querySelectorAll('li')).map((li) => li.textContent ?? '');
}

const hrefFor = (p: number) => `/podcasts/7?page=${p}`;

describe('Pagination', () => {
  it('shows every page up to 5 without ellipses', () => {
    render(<Pagination page={2} totalPages={5} hrefFor={hrefFor} />);
    expect(pager()).toEqual(['Previous', '1', '2', '3', '4', '5', 'Next']);
  });

  it('shows 5 links around the current page with ellipses on both sides', () => {
    render(<Pagination page={5} totalPages={10} hrefFor={hrefFor} />);
    expect(pager()).toEqual(['Previous', '…', '3', '4', '5', '6', '7', '…', 'Next']);
    const current = screen.getByRole('link', { name: 'Page 5' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.getAttribute('href')).toBe('/podcasts/7?page=5');
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/podcasts/7?page=4');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/podcasts/7?page=6');
  });

  it('has only the end ellipsis on the first page and no Previous link', () => {
    render(<Pagination page={1} totalPages={8} hrefFor={hrefFor} />);
    expect(pager()).toEqual(['Previous', '1', '2', '3', '4', '5', '…', 'Next']);
    expect(screen.queryByRole('link', { name: 'Previous' })).toBeNull();
  });

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={1} totalPages={1} hrefFor={hrefFor} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('NewItemsBanner', () => {
  it('shows "N new articles" and refreshes on click', () => {
    const onRefresh = vi.fn();
    render(<NewItemsBanner count={3} onRefresh={onRefresh} />);
    fireEvent.click(screen.getByRole('button', { name: '3 new articles' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('uses the singular for one item and nothing at 0', () => {
    const { rerender, container } = render(<NewItemsBanner count={1} onRefresh={() => {}} />);
    expect(screen.getByRole('button', { name: '1 new article' })).toBeTruthy();
    rerender(<NewItemsBanner count={0} onRefresh={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('becomes fixed only after scrolling more than 200 px', () => {
    const { rerender } = render(<NewItemsBanner count={2} onRefresh={() => {}} scrollY={200} />);
    expect(screen.getByTestId('new-items-banner').classList.contains('is-fixed')).toBe(false);
    rerender(<NewItemsBanner count={2} onRefresh={() => {}} scrollY={201} />);
    expect(screen.getByTestId('new-items-banner').classList.contains('is-fixed')).toBe(true);
    window.scrollTo(0, 0);
  });
});

describe('EmptyState', () => {
  it('shows its title and text', () => {
    render(<EmptyState title="No Articles" text="There are no recent articles for Dak" />);
    expect(screen.getByRole('heading', { name: 'No Articles' })).toBeTruthy();
    expect(screen.getByText('There are no recent articles for Dak')).toBeTruthy();
  });
});

describe('useScrollY', () => {
  function Probe() {
    return <NewItemsBanner count={4} onRefresh={() => {}} scrollY={useScrollY()} />;
  }

  it('follows the window scroll so the banner fixes itself past 200 px', async () => {
    render(<Probe />);
    expect(screen.getByTestId('new-items-banner').classList.contains('is-fixed')).toBe(false);
    act(() => {
      window.scrollTo(0, 450);
      window.dispatchEvent(new Event('scroll'));
    });
    expect(window.scrollY).toBe(450);
    expect(screen.getByTestId('new-items-banner').classList.contains('is-fixed')).toBe(true);
    window.scrollTo(0, 0);
  });
});
