/**
 * Paging of news feeds through the tag tables' indexes: a feed is a query yielding
 * `(article_id, published_at)` newest first; a page reads ids with LIMIT/OFFSET and a capped count in
 * one statement, and the new-items poll counts what sorts above a given article.
 *
 * totalCount is exact while the feed ends within {@link COUNT_LOOKAHEAD_PAGES} pages after the
 * requested one; beyond that it is a lower bound (offset + that many pages + 1), so a request never
 * counts more index entries than it could page through soon, and page 1 costs the same at 10,000
 * or 1,000,000 articles.
 * @module
 */
import type { Article, Pagination, Video } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import type { OrderedIds } from '../ordered-ids.js';
import {
  type ArticleDetailsRow,
  articleDetailsSql,
  assembleArticles,
  type LoadArticlesOptions,
  MAX_SUBARTICLES,
} from './load-articles.js';

/** Pages after the requested one that the count looks at (the pager shows up to 5 page links). */
export const COUNT_LOOKAHEAD_PAGES = 4;

/** The largest count the new-items poll reports (the banner shows "99+" style figures). */
export const NEW_COUNT_CAP = 100;

/**
 * One feed, as SQL. `build(limit, extra)` answers a `SELECT article_id, published_at ... ORDER BY
 * published_at DESC, article_id DESC LIMIT <limit>` whose placeholders are `$1..$n` of `params`;
 * `extra(publishedCol, idCol)` is an additional condition ANDed into its WHERE.
 */
export interface FeedDef {
  /** Parameters `$1..$n` the SQL uses. */
  params: unknown[];
  /** Builds the feed's SELECT. */
  build(limit: string, extra?: (published: string, id: string) => string): string;
}

/** A page of a feed: the article ids in order and the pagination facts. */
export interface FeedPage {
  /** Article ids of the page, newest first. */
  ids: number[];
  /** The `meta.pagination` of the answer. */
  pagination: Pagination;
}

/**
 * Reads one page of a feed (ids only: load them with `loadArticles`). A page beyond the end is empty.
 *
 * @example
 * ```ts
 * const { ids, pagination } = await pageFeed(db, teamFeed(team.id), 2, 13);
 * ```
 */
export async function pageFeed(
  db: Queryable,
  feed: FeedDef,
  page: number,
  perPage: number,
): Promise<FeedPage> {
  const offset = (page - 1) * perPage;
  const cap = offset + perPage * (COUNT_LOOKAHEAD_PAGES + 1) + 1;
  const n = feed.params.length;
  const { rows } = await db.query<{ total: number | string; ids: (number | string)[] | string | null }>(
    `WITH f AS (${feed.build(`$${n + 1}`)}),
       p AS (SELECT article_id, published_at FROM f ORDER BY published_at DESC, article_id DESC
             OFFSET $${n + 2} LIMIT $${n + 3})
     SELECT (SELECT count(*) FROM f) AS total,
       (SELECT json_agg(article_id ORDER BY published_at DESC, article_id DESC) FROM p) AS ids`,
    [...feed.params, cap, offset, perPage],
  );
  const row = rows[0];
  const raw = row?.ids ?? [];
  const ids = (typeof raw === 'string' ? (JSON.parse(raw) as (number | string)[]) : raw).map(Number);
  const totalCount = Number(row?.total ?? 0);
  return { ids, pagination: paginationOf(page, perPage, totalCount) };
}

/**
 * Reads one page of a feed with its articles' details, in one SQL statement: the page's ids, the capped
 * count and everything `loadArticles` loads (see `articleDetailsSql`). A member's hides are read inside
 * the feed's own SQL (see feed-defs.ts), so a member's page costs this statement and the session's.
 *
 * @example
 * ```ts
 * const { articles, pagination } = await pageArticles(db, teamFeed(team.id), 2, 13);
 * ```
 */
export async function pageArticles(
  db: Queryable,
  feed: FeedDef,
  page: number,
  perPage: number,
  opts: LoadArticlesOptions = {},
): Promise<{ articles: Article[] | Video[]; pagination: Pagination }> {
  const offset = (page - 1) * perPage;
  const cap = offset + perPage * (COUNT_LOOKAHEAD_PAGES + 1) + 1;
  const n = feed.params.length;
  const { detailsCtes, detailsColumns } = articleDetailsSql('p', `$${n + 4}`, opts.withSubarticles !== false);
  const { rows } = await db.query<
    ArticleDetailsRow & { total: number | string; ids: (number | string)[] | string | null }
  >(
    `WITH f AS (${feed.build(`$${n + 1}`)}),
       p AS (SELECT article_id, published_at FROM f ORDER BY published_at DESC, article_id DESC
             OFFSET $${n + 2} LIMIT $${n + 3}),
       ${detailsCtes}
     SELECT (SELECT count(*) FROM f) AS total,
       (SELECT json_agg(article_id ORDER BY published_at DESC, article_id DESC) FROM p) AS ids,
       ${detailsColumns}`,
    [...feed.params, cap, offset, perPage, MAX_SUBARTICLES],
  );
  const row = rows[0];
  const raw = row?.ids ?? [];
  const ids = (typeof raw === 'string' ? (JSON.parse(raw) as (number | string)[]) : raw).map(Number);
  return {
    articles: await assembleArticles(db, ids, row, opts),
    pagination: paginationOf(page, perPage, Number(row?.total ?? 0)),
  };
}

/** The pagination facts of a page given the (possibly capped) total. */
export function paginationOf(page: number, perPage: number, totalCount: number): Pagination {
  return { page, perPage, totalPages: Math.ceil(totalCount / perPage), totalCount };
}

/**
 * Counts the items of a feed that sort above article `since` (newer publication, or the same time and
 * a higher id), capped at {@link NEW_COUNT_CAP}, and the feed's newest id. An unknown `since` (or 0)
 * counts the whole feed up to the cap.
 *
 * @example
 * ```ts
 * const { count, latestId } = await countNewer(db, sportFeed(sport.id), 1234);
 * ```
 */
export async function countNewer(
  db: Queryable,
  feed: FeedDef,
  since: number,
): Promise<{ count: number; latestId: number | null }> {
  // As text: a JS Date keeps milliseconds only, and a truncated bound would count `since` itself.
  const found = await db.query<{ published_at: string }>(
    'SELECT published_at::text AS published_at FROM articles WHERE id = $1',
    [since],
  );
  const at = found.rows[0] ? found.rows[0].published_at : '-infinity';
  const n = feed.params.length;
  // The plain `published >= $x` bound keeps the scan an index range that stops at `since`.
  const newer = (published: string, id: string) =>
    `${published} >= $${n + 1}::timestamptz AND (${published}, ${id}) > ($${n + 1}::timestamptz, $${n + 2}::bigint)`;
  const { rows } = await db.query<{ count: number | string; latest: number | string | null }>(
    `SELECT (SELECT count(*) FROM (${feed.build(`$${n + 3}`, newer)}) x) AS count,
       (SELECT article_id FROM (${feed.build('1')}) y) AS latest`,
    [...feed.params, at, found.rows[0] ? since : 0, NEW_COUNT_CAP],
  );
  const row = rows[0];
  return {
    count: Number(row?.count ?? 0),
    latestId: row?.latest === null || row?.latest === undefined ? null : Number(row.latest),
  };
}

/**
 * The newest `limit` items of a feed as an {@link OrderedIds}, for `loadArticlesOf` (one statement picks
 * and loads a combined feed's list).
 *
 * @example
 * ```ts
 * const articles = await loadArticlesOf(db, newestOf(sportFeed(sport.id), 13));
 * ```
 */
export function newestOf(feed: FeedDef, limit: number): OrderedIds {
  return {
    sql: `SELECT x.article_id AS id, row_number() OVER (ORDER BY x.published_at DESC, x.article_id DESC) AS ord
     FROM (${feed.build(`$${feed.params.length + 1}`)}) x`,
    params: [...feed.params, limit],
  };
}

/**
 * The newest `limit` ids of a feed, without paging facts (the RSS feeds' items).
 *
 * @example
 * ```ts
 * const ids = await feedIds(db, sportFeed(sport.id), 20);
 * ```
 */
export async function feedIds(db: Queryable, feed: FeedDef, limit: number): Promise<number[]> {
  const { sql, params } = newestOf(feed, limit);
  const { rows } = await db.query<{ id: number | string }>(`SELECT id FROM (${sql}) n ORDER BY ord`, params);
  return rows.map((r) => Number(r.id));
}
