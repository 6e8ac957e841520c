/**
 * Pages a small, bounded id set (sources, domains: thousands of rows, not millions) with an exact
 * count, in one statement that still answers the count when the page is beyond the end.
 * @module
 */
import type { Pagination } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import { paginationOf } from '../articles/feed-page.js';

/**
 * Runs `inner` (a SELECT with an `id` column and the columns `orderBy` names; placeholders `$1..$n`
 * of `params`) and answers the ids of one page and the pagination.
 *
 * @example
 * ```ts
 * const { ids } = await pageIds(db, 'SELECT id, name FROM domains', 'lower(name), id', [], 1, 25);
 * ```
 */
export async function pageIds(
  db: Queryable,
  inner: string,
  orderBy: string,
  params: unknown[],
  page: number,
  perPage: number,
): Promise<{ ids: number[]; pagination: Pagination }> {
  const n = params.length;
  const { rows } = await db.query<{ total: number | string; ids: (number | string)[] | string | null }>(
    `WITH f AS (${inner}),
       p AS (SELECT id, row_number() OVER (ORDER BY ${orderBy}) AS rn FROM f
             ORDER BY ${orderBy} OFFSET $${n + 1} LIMIT $${n + 2})
     SELECT (SELECT count(*) FROM f) AS total, (SELECT json_agg(id ORDER BY rn) FROM p) AS ids`,
    [...params, (page - 1) * perPage, perPage],
  );
  const raw = rows[0]?.ids ?? [];
  const ids = (typeof raw === 'string' ? (JSON.parse(raw) as (number | string)[]) : raw).map(Number);
  return { ids, pagination: paginationOf(page, perPage, Number(rows[0]?.total ?? 0)) };
}
