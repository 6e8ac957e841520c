/**
 * The pager of paged lists (spec 2 §9): at most 5 page links with ellipses where pages are left
 * out (the core's `paginationLinks`), plus Previous and Next. Every link is a real anchor built by
 * `hrefFor(page)`, so paging works without script and opens in new tabs.
 * @module
 */
import { paginationLinks } from '@sportspyder/core';
import { type LinkComponent, useLinkComponent } from '../components/Link.js';

/** Props of {@link Pagination}. */
export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  /** Total pages (from the list's `meta.pagination.totalPages`). */
  totalPages: number;
  /** The URL of a page, e.g. `(p) => `?page=${p}``. */
  hrefFor: (page: number) => string;
  /** Accessible name of the navigation (default "Pagination"). */
  label?: string;
  /** Link component override (defaults to the `LinkProvider`'s). */
  LinkComponent?: LinkComponent;
}

/**
 * Page links of a paged list; renders nothing for a single page.
 *
 * @example
 * ```tsx
 * <Pagination page={page} totalPages={meta.pagination.totalPages} hrefFor={(p) => `/podcasts/7?page=${p}`} />
 * ```
 */
export function Pagination({
  page,
  totalPages,
  hrefFor,
  label = 'Pagination',
  LinkComponent,
}: PaginationProps) {
  const Link = useLinkComponent(LinkComponent);
  if (totalPages <= 1) return null;
  const { items, prev, next } = paginationLinks(page, totalPages);
  return (
    <nav className="ss-pagination" aria-label={label}>
      <ul className="ss-pagination__list">
        <li>
          {prev != null ? (
            <Link href={hrefFor(prev)} className="ss-pagination__prev" rel="prev">
              Previous
            </Link>
          ) : (
            <span className="ss-pagination__prev is-disabled" aria-disabled="true">
              Previous
            </span>
          )}
        </li>
        {items.map((item) =>
          item.type === 'ellipsis' ? (
            <li key={`e-${item.position}`} className="ss-pagination__ellipsis" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <Link
                href={hrefFor(item.page)}
                className={`ss-pagination__page${item.current ? ' is-current' : ''}`}
                aria-current={item.current ? 'page' : undefined}
                aria-label={`Page ${item.page}`}
              >
                {String(item.page)}
              </Link>
            </li>
          ),
        )}
        <li>
          {next != null ? (
            <Link href={hrefFor(next)} className="ss-pagination__next" rel="next">
              Next
            </Link>
          ) : (
            <span className="ss-pagination__next is-disabled" aria-disabled="true">
              Next
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
