/**
 * Search (spec 1 §4.3 live search, spec 2 "Search"): the live dropdown items, the query and
 * the result pages with their counts.
 * @module
 */
import { type Static, type TArray, type TSchema, Type } from '@sinclair/typebox';
import { Article } from './article.js';
import { Nullable, PageNumber } from './common.js';
import { Pagination } from './pagination.js';
import { Player } from './player.js';
import { Podcast, PodcastEpisode } from './podcast.js';
import { Post } from './post.js';
import { Domain, Source } from './source.js';
import { Team } from './team.js';
import { Topic } from './topic.js';

/** One live-search item; an id containing "podcast" or "source" marks a podcast or a source. */
export const LiveSearchResult = Type.Object({
  id: Type.String({ description: 'e.g. "team-12", "player-88", "podcast-4", "source-9".' }),
  name: Type.String(),
  url: Type.String({ description: 'Site path to open.' }),
  logo: Nullable(Type.String()),
  label: Type.String({ description: 'Second line, e.g. the sport or the team.' }),
});
/** One live-search item. */
export type LiveSearchResult = Static<typeof LiveSearchResult>;

/** `GET api/v1/search/live_results` answer. */
export const LiveSearchResponse = Type.Object({ liveResults: Type.Array(LiveSearchResult) });
/** `GET api/v1/search/live_results` answer. */
export type LiveSearchResponse = Static<typeof LiveSearchResponse>;

/** Sort options of search: Newest or Relevance. */
export const SearchSort = Type.Union([Type.Literal('newest'), Type.Literal('relevance')]);
/** Sort options of search. */
export type SearchSort = Static<typeof SearchSort>;

/** Time filters of search: Anytime, Past day, Past week, Past month. */
export const SearchFilter = Type.Union([
  Type.Literal('anytime'),
  Type.Literal('day'),
  Type.Literal('week'),
  Type.Literal('month'),
]);
/** Time filters of search. */
export type SearchFilter = Static<typeof SearchFilter>;

/** Query of the search calls. `type` narrows the team search (`type=team`). */
export const SearchQuery = Type.Object({
  q: Type.String({
    minLength: 1,
    description: 'Search terms; longer than 200 characters is cut, not refused.',
  }),
  sort: Type.Optional(SearchSort),
  filter: Type.Optional(SearchFilter),
  type: Type.Optional(Type.String({ maxLength: 20 })),
  page: Type.Optional(PageNumber),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
/** Query of the search calls. */
export type SearchQuery = Static<typeof SearchQuery>;

/** Result counts per section. */
export const SearchCounts = Type.Object({
  teams: Type.Integer({ minimum: 0 }),
  topics: Type.Integer({ minimum: 0 }),
  players: Type.Integer({ minimum: 0 }),
  articles: Type.Integer({ minimum: 0 }),
  tweets: Type.Integer({ minimum: 0 }),
  sites: Type.Integer({ minimum: 0 }),
  sources: Type.Integer({ minimum: 0 }),
  podcasts: Type.Integer({ minimum: 0 }),
  episodes: Type.Integer({ minimum: 0 }),
});
/** Result counts per section. */
export type SearchCounts = Static<typeof SearchCounts>;

/** The `meta` of search answers: counts per type, total, ignored stop words, the RSS link and paging. */
export const SearchMeta = Type.Object({
  counts: SearchCounts,
  totalResults: Type.Integer({ minimum: 0 }),
  stopWords: Type.Array(Type.String()),
  rss: Nullable(Type.String()),
  pagination: Pagination,
});
/** The `meta` of search answers. */
export type SearchMeta = Static<typeof SearchMeta>;

/** `GET api/v1/search/results` answer: every section at once. */
export const SearchResults = Type.Object({
  teams: Type.Array(Team),
  topics: Type.Array(Topic),
  players: Type.Array(Player),
  articles: Type.Array(Article),
  tweets: Type.Array(Post),
  sites: Type.Array(Domain),
  sources: Type.Array(Source),
  podcasts: Type.Array(Podcast),
  episodes: Type.Array(PodcastEpisode),
  meta: SearchMeta,
});
/** `GET api/v1/search/results` answer. */
export type SearchResults = Static<typeof SearchResults>;

/**
 * Builds the answer of a one-section search (`{ <name>: [...], meta: SearchMeta }`).
 *
 * @example
 * ```ts
 * const TeamSearch = searchEnvelope('teams', Team);
 * ```
 */
export function searchEnvelope<N extends string, T extends TSchema>(name: N, item: T) {
  return Type.Object({ [name]: Type.Array(item), meta: SearchMeta } as Record<N, TArray<T>> & {
    meta: typeof SearchMeta;
  });
}
