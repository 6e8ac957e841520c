/**
 * The search page's state, which lives in the URL (spec 2 "Search": q, sort, filter, page), so that
 * Back, reload and a shared link show the same results: read it, and the link of a changed state.
 * @module
 */
import type { SearchFilter, SearchSort } from '@sportspyder/contract';
import { normalizeSearchQuery, type SearchSectionName, searchPagePath } from '@sportspyder/core';
import { useSearchParams } from 'react-router';

const SORTS: readonly SearchSort[] = ['newest', 'relevance'];
const FILTERS: readonly SearchFilter[] = ['anytime', 'day', 'week', 'month'];

/** A search page's state. */
export interface SearchUrlState {
  /** The query, or null when there is none (nothing is fetched). */
  q: string | null;
  sort: SearchSort;
  filter: SearchFilter;
  page: number;
}

/**
 * Reads q, sort, filter and page from the URL (unknown values fall back to Newest, Anytime, page 1).
 *
 * @example
 * ```ts
 * const { q, sort, filter, page } = useSearchUrl();
 * ```
 */
export function useSearchUrl(): SearchUrlState {
  const [params] = useSearchParams();
  const sort = params.get('sort') as SearchSort | null;
  const filter = params.get('filter') as SearchFilter | null;
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    q: normalizeSearchQuery(params.get('q')),
    sort: sort && SORTS.includes(sort) ? sort : 'newest',
    filter: filter && FILTERS.includes(filter) ? filter : 'anytime',
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

/** The link of a search page in `state` (defaults are left out of the URL). */
export function searchHref(section: SearchSectionName | undefined, state: SearchUrlState): string {
  return searchPagePath({
    section,
    q: state.q,
    sort: state.sort === 'newest' ? undefined : state.sort,
    filter: state.filter === 'anytime' ? undefined : state.filter,
    page: state.page,
  });
}
