/**
 * One page of a list chosen by SQL, with the count of the whole list, for a loader to read with its
 * details in one statement (issue 15: a member's podcasts page is the session's statement and one
 * more). Where a page used to cost three statements (the ids, the count, then the details), the
 * loader reads {@link PagedIds} as a CTE and answers the count as a column of its one row.
 * @module
 */
import type { OrderedIds } from './ordered-ids.js';

/** Where a page starts and how long it is. */
export interface PageWindow {
  /** Rows to skip. */
  offset: number;
  /** Rows to take. */
  limit: number;
}

/** The ids of one page (an {@link OrderedIds}) and `countSql`, which counts the whole list with the same parameters. */
export interface PagedIds extends OrderedIds {
  /** A `SELECT` of one row and one column: the number of items in the whole list. */
  countSql: string;
}

/**
 * The page `window` of the list `listSql` (a `SELECT` of one `id` column, with its `ORDER BY` and
 * no LIMIT) counted by `countSql`; both use the placeholders `$1..$n` of `params`.
 *
 * @example
 * ```ts
 * const page = pagedIds('SELECT id FROM podcasts ORDER BY title', 'SELECT count(*) FROM podcasts', [], { offset: 0, limit: 25 });
 * ```
 */
export function pagedIds(listSql: string, countSql: string, params: unknown[], window: PageWindow): PagedIds {
  const n = params.length;
  // ARRAY(subquery) keeps the rows in the subquery's ORDER BY, and ORDINALITY numbers them in it.
  return {
    sql: `SELECT w.id, w.ord FROM unnest(ARRAY(${listSql} LIMIT $${n + 1} OFFSET $${n + 2})::bigint[])
      WITH ORDINALITY AS w(id, ord)`,
    countSql,
    params: [...params, window.limit, window.offset],
  };
}

/**
 * The `total` column of a loader's statement: the count of the whole list for a {@link PagedIds}, 0 for
 * plain {@link OrderedIds} (a list loaded without paging).
 */
export function totalColumn(chosen: OrderedIds | PagedIds): string {
  return 'countSql' in chosen ? `(${chosen.countSql}) AS total` : '0 AS total';
}
