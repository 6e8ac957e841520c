/**
 * The search calls of spec 2 §7 "Search" as typed, cached reads, plus the search page URL rule:
 * a blank query drops `q` (and results are only fetched for a non-empty query).
 * @module
 */
import type {
  Article,
  Player,
  Podcast,
  PodcastEpisode,
  SearchFilter,
  SearchMeta,
  SearchResults,
  SearchSort,
  Source,
  Team,
  Topic,
} from '@sportspyder/contract';
import { type ContentClient, cachedGet } from './resource-path.js';

/** Query of the search calls; `q` must be non-blank (see {@link normalizeSearchQuery}). */
export interface SearchParams {
  /** The search terms. */
  q: string;
  /** Newest or Relevance. */
  sort?: SearchSort | undefined;
  /** Anytime, Past day, Past week, Past month. */
  filter?: SearchFilter | undefined;
  /** `team` narrows the team search of the pickers. */
  type?: string | undefined;
  /** Page number, from 1. */
  page?: number | undefined;
  /** Items per page. */
  perPage?: number | undefined;
}

/** A one-section search answer: `{ <name>: T[], meta: SearchMeta }`. */
export type SearchSection<N extends string, T> = { [K in N]: T[] } & { meta: SearchMeta };

/** The search sections with their own result page, as in `/search/{section}`. */
export type SearchSectionName =
  | 'teams'
  | 'topics'
  | 'players'
  | 'sources'
  | 'podcasts'
  | 'articles'
  | 'episodes';

/** The trimmed query, or null when it is empty or blank (no results are fetched then). */
export function normalizeSearchQuery(q: string | null | undefined): string | null {
  const trimmed = (q ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

function searchQuery(params: SearchParams): SearchParams {
  const q = normalizeSearchQuery(params.q);
  if (q === null) throw new TypeError('A search needs a non-blank query');
  return { ...params, q };
}

/**
 * The site URL of a search page: `/search` or `/search/{section}` with `q`, `sort`, `filter` and
 * `page`; a blank query drops `q` (spec 2 §5).
 *
 * @example
 * ```ts
 * searchPagePath({ q: '  ' }); // '/search'
 * searchPagePath({ section: 'players', q: 'mahomes', page: 2 }); // '/search/players?q=mahomes&page=2'
 * ```
 */
export function searchPagePath(options: {
  section?: SearchSectionName | undefined;
  q?: string | null | undefined;
  sort?: SearchSort | undefined;
  filter?: SearchFilter | undefined;
  page?: number | undefined;
}): string {
  const search = new URLSearchParams();
  const q = normalizeSearchQuery(options.q);
  if (q !== null) search.set('q', q);
  if (options.sort) search.set('sort', options.sort);
  if (options.filter) search.set('filter', options.filter);
  if (options.page && options.page > 1) search.set('page', String(options.page));
  const path = options.section ? `/search/${options.section}` : '/search';
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** `GET api/v1/search/results`: every section at once with counts per type. */
export function searchAll(client: ContentClient, params: SearchParams): Promise<SearchResults> {
  return cachedGet(client, '/api/v1/search/results', {}, { ...searchQuery(params) });
}

/** `GET api/v1/search/teams` (`type: 'team'` for the team pickers). */
export function searchTeams(
  client: ContentClient,
  params: SearchParams,
): Promise<SearchSection<'teams', Team>> {
  return cachedGet(client, '/api/v1/search/teams', {}, { ...searchQuery(params) });
}

/** `GET api/v1/search/topics`. */
export function searchTopics(
  client: ContentClient,
  params: SearchParams,
): Promise<SearchSection<'topics', Topic>> {
  return cachedGet(client, '/api/v1/search/topics', {}, { ...searchQuery(params) });
}

/** `GET api/v1/search/players`. */
export function searchPlayers(
  client: ContentClient,
  params: SearchParams,
): Promise<SearchSection<'players', Player>> {
  return cachedGet(client, '/api/v1/search/players', {}, { ...searchQuery(params) });
}

/** `GET api/v1/search/articles`. */
export function searchArticles(
  client: ContentClient,
  params: SearchParams,
): Promise<SearchSection<'articles', Article>> {
  return cachedGet(client, '/api/v1/search/articles', {}, { ...searchQuery(params) });
}

/** `GET api/v1/search/podcasts`. */
export function searchPodcasts(
  client: ContentClient,
  params: SearchParams,
): Promise<SearchSection<'podcasts', Podcast>> {
  return cachedGet(client, '/api/v1/search/podcasts', {}, { ...searchQuery(params) });
}

/** `GET api/v1/search/podcast_episodes`. */
export function searchPodcastEpisodes(
  client: ContentClient,
  params: SearchParams,
): Promise<SearchSection<'podcastEpisodes', PodcastEpisode>> {
  return cachedGet(client, '/api/v1/search/podcast_episodes', {}, { ...searchQuery(params) });
}

/** `GET api/v1/search/sources`. */
export function searchSources(
  client: ContentClient,
  params: SearchParams,
): Promise<SearchSection<'sources', Source>> {
  return cachedGet(client, '/api/v1/search/sources', {}, { ...searchQuery(params) });
}
