/**
 * Page links of paged lists (spec 2 §9): at most 5 page numbers around the current page, with an
 * ellipsis on each side where pages are left out, plus previous and next.
 * @module
 */
import { PAGINATION_MAX_LINKS } from '../constants.js';

/** One element of the pager: a page link or an ellipsis. */
export type PaginationItem =
  | { readonly type: 'page'; readonly page: number; readonly current: boolean }
  | { readonly type: 'ellipsis'; readonly position: 'start' | 'end' };

/** The pager. */
export interface PaginationLinks {
  /** Page links and ellipses, in order. */
  readonly items: PaginationItem[];
  /** The previous page, or null on the first. */
  readonly prev: number | null;
  /** The next page, or null on the last. */
  readonly next: number | null;
}

/**
 * The pager of page `page` of `totalPages`: every page when there are 5 or fewer, else a window of
 * 5 centred on the current page (shifted at the ends) with ellipses for the pages left out.
 *
 * @example
 * ```ts
 * paginationLinks(5, 10).items; // … 3 4 [5] 6 7 …
 * ```
 */
export function paginationLinks(page: number, totalPages: number): PaginationLinks {
  const total = Math.max(0, Math.floor(totalPages));
  if (total === 0) return { items: [], prev: null, next: null };
  const current = Math.min(Math.max(1, Math.floor(page) || 1), total);
  const size = Math.min(PAGINATION_MAX_LINKS, total);
  let start = current - Math.floor(size / 2);
  start = Math.max(1, Math.min(start, total - size + 1));
  const end = start + size - 1;
  const items: PaginationItem[] = [];
  if (start > 1) items.push({ type: 'ellipsis', position: 'start' });
  for (let p = start; p <= end; p++) items.push({ type: 'page', page: p, current: p === current });
  if (end < total) items.push({ type: 'ellipsis', position: 'end' });
  return { items, prev: current > 1 ? current - 1 : null, next: current < total ? current + 1 : null };
}
