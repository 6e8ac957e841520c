/**
 * The list envelope: `{ <pluralName>: [...], meta: { pagination } }`.
 * @module
 */
import { type Static, type TArray, type TSchema, Type } from '@sinclair/typebox';
import { PageNumber } from './common.js';

/** Paging facts of a list response. `page` starts at 1. */
export const Pagination = Type.Object({
  page: Type.Integer({ minimum: 1 }),
  perPage: Type.Integer({ minimum: 1 }),
  totalPages: Type.Integer({ minimum: 0 }),
  totalCount: Type.Integer({ minimum: 0 }),
});
/** Paging facts of a list response. */
export type Pagination = Static<typeof Pagination>;

/** The `meta` of a list response. */
export const ListMeta = Type.Object({
  pagination: Pagination,
  rss: Type.Optional(
    Type.String({ description: 'URL of the RSS 2.0 version of this news feed, when it has one.' }),
  ),
});
/** The `meta` of a list response. */
export type ListMeta = Static<typeof ListMeta>;

/** Query parameters every paged list accepts. */
export const PageQuery = Type.Object({
  page: Type.Optional(PageNumber),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
/** Query parameters every paged list accepts. */
export type PageQuery = Static<typeof PageQuery>;

/**
 * Builds the list envelope schema for `name` (the plural, e.g. `teams`) holding `item`s.
 *
 * @example
 * ```ts
 * const TeamList = listEnvelope('teams', Team); // { teams: Team[], meta: { pagination } }
 * ```
 */
export function listEnvelope<N extends string, T extends TSchema>(name: N, item: T) {
  return Type.Object({ [name]: Type.Array(item), meta: ListMeta } as Record<N, TArray<T>> & {
    meta: typeof ListMeta;
  });
}
