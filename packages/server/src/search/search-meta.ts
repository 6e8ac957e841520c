/**
 * The `meta` every search answer carries (issue "Search"; contract `SearchMeta`): counts per type,
 * the total, the words of the query that were ignored, the RSS link of article results and paging.
 * One builder so that the name searches (teams, topics, players) and the document searches (articles,
 * episodes, podcasts, sources) answer the same shape.
 * @module
 */
import type { SearchCounts, SearchMeta } from '@sportspyder/contract';
import { paginationOf } from '../content/articles/feed-page.js';

/** Result pages hold this many items unless `perPage` says otherwise (contract: search routes). */
export const SEARCH_PER_PAGE = 25;

/** Every count at zero: a one-section search fills only its own section. */
export function emptySearchCounts(): SearchCounts {
  return {
    teams: 0,
    topics: 0,
    players: 0,
    articles: 0,
    tweets: 0,
    sites: 0,
    sources: 0,
    podcasts: 0,
    episodes: 0,
  };
}

/** What {@link searchMeta} needs. */
export interface SearchMetaInput {
  /** Counts of the sections that were searched; the others are 0. */
  counts: Partial<SearchCounts>;
  /** The words of the query that were ignored (stop words), in the order typed. */
  stopWords: readonly string[];
  /** The absolute RSS URL of the article results, or null. */
  rss: string | null;
  /** The page asked for (from 1). */
  page: number;
  /** Items per page. */
  perPage: number;
  /** The total the pagination counts (the section's own count for a one-section search). */
  paged: number;
}

/**
 * Builds a search answer's `meta`; `totalResults` is the sum of the counts.
 *
 * @example
 * ```ts
 * searchMeta({ counts: { teams: 3 }, stopWords: [], rss: null, page: 1, perPage: 25, paged: 3 });
 * ```
 */
export function searchMeta(input: SearchMetaInput): SearchMeta {
  const counts = { ...emptySearchCounts(), ...input.counts };
  const totalResults = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return {
    counts,
    totalResults,
    stopWords: [...input.stopWords],
    rss: input.rss,
    pagination: paginationOf(input.page, input.perPage, input.paged),
  };
}

/** Page, page size and row offset of a search query (page from 1, perPage 1..100, default 25). */
export function searchPaging(query: { page?: number; perPage?: number }): {
  page: number;
  perPage: number;
  offset: number;
} {
  const page = query.page ?? 1;
  const perPage = query.perPage ?? SEARCH_PER_PAGE;
  return { page, perPage, offset: (page - 1) * perPage };
}
