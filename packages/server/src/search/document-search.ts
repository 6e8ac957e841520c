/**
 * Full-text search of articles, podcast episodes, podcasts and posts (issue "Search"), on the stored
 * weighted tsvectors of migration 0009.
 *
 * Sort `newest` is by date; `relevance` ranks by `ts_rank_cd` with the title (weight A) worth 2.5 times
 * the summary (B), and on equal rank the newer first. Ranking never runs over an unbounded match set:
 * only the newest {@link RANK_WINDOW} matches are ranked (and counted), so a query that matches half
 * of a million articles costs what one that matches two thousand does. The counts say so by stopping
 * there (`meta.counts.articles` is at most {@link RANK_WINDOW}).
 * @module
 */
import type { SearchFilter, SearchSort } from '@sportspyder/contract';
import type { Database, Queryable } from '../db/database.js';

/** How many of the newest matches are ranked and counted. */
export const RANK_WINDOW = 2000;

/** What a document search reads. */
export type DocumentKind = 'articles' | 'episodes' | 'podcasts' | 'posts';

interface DocumentTable {
  table: string;
  /** The date a document is sorted and filtered by. */
  date: string;
}

const TABLES: Record<DocumentKind, DocumentTable> = {
  articles: { table: 'articles', date: 't.published_at' },
  episodes: { table: 'podcast_episodes', date: 't.published_at' },
  podcasts: { table: 'podcasts', date: 'COALESCE(t.last_published_at, t.created_at)' },
  posts: { table: 'posts', date: 't.posted_at' },
};

// Weights of D, C, B and A (the title): a title match outranks a summary match.
const RANK_WEIGHTS = '{0.1, 0.2, 0.4, 1.0}';

const DAY_MS = 86_400_000;
const FILTER_DAYS: Record<Exclude<SearchFilter, 'anytime'>, number> = { day: 1, week: 7, month: 30 };

/**
 * The earliest date a time filter lets through, or null for `anytime`.
 *
 * @example
 * ```ts
 * filterSince('week', new Date('2026-11-24T12:00:00Z')); // 2026-11-17T12:00:00Z
 * ```
 */
export function filterSince(filter: SearchFilter | undefined, now: Date): Date | null {
  if (!filter || filter === 'anytime') return null;
  return new Date(now.getTime() - FILTER_DAYS[filter] * DAY_MS);
}

/** Paging, order and time filter of a document search. */
export interface DocumentSearchOptions {
  sort: SearchSort;
  since: Date | null;
  limit: number;
  offset: number;
}

/** A page of ids, best first, and the (bounded) number of matches. */
export interface DocumentPage {
  ids: number[];
  total: number;
}

/**
 * One page of the documents of `kind` matching `tsquery` (from `toSearchQuery`).
 *
 * @example
 * ```ts
 * const { ids, total } = await searchDocuments(db, 'articles', "('packer')", {
 *   sort: 'relevance', since: null, limit: 25, offset: 0,
 * });
 * ```
 */
export async function searchDocuments(
  db: Database,
  kind: DocumentKind,
  tsquery: string,
  options: DocumentSearchOptions,
): Promise<DocumentPage> {
  const { table, date } = TABLES[kind];
  const order =
    options.sort === 'relevance'
      ? `ts_rank_cd('${RANK_WEIGHTS}', m.v, $1::tsquery) DESC, m.at DESC, m.id DESC`
      : 'm.at DESC, m.id DESC';
  // Index scans are off for this statement: for a common word the planner walks the date index and
  // tests every article until it has found the newest matches (0.9 s for "falcons", 1.4% of a million
  // articles), where the GIN bitmap of its matches takes a tenth of that.
  const { rows } = await db.transaction(async (tx) => {
    await tx.query(`SELECT set_config('enable_indexscan', 'off', true)`);
    return tx.query<{ total: number | string; ids: (number | string)[] | null }>(
      `WITH m AS (
       SELECT t.id, ${date} AS at, t.search_vector AS v FROM ${table} t
       WHERE t.search_vector @@ $1::tsquery AND ($2::timestamptz IS NULL OR ${date} >= $2)
       ORDER BY ${date} DESC, t.id DESC
       LIMIT ${RANK_WINDOW}
     ), page AS (
       SELECT m.id, row_number() OVER (ORDER BY ${order}) AS ord FROM m
       ORDER BY ${order} LIMIT $3 OFFSET $4
     )
     SELECT (SELECT count(*) FROM m) AS total, (SELECT array_agg(id ORDER BY ord) FROM page) AS ids`,
      [tsquery, options.since, options.limit, options.offset],
    );
  });
  const row = rows[0];
  return { ids: (row?.ids ?? []).map(Number), total: Number(row?.total ?? 0) };
}

/**
 * The passage of each article's summary that matches the query (about 30 words, tags removed), for
 * the result's `context`; articles whose summary does not match have none.
 *
 * @example
 * ```ts
 * const contexts = await matchContexts(db, [42], "('injur')"); // Map { 42 => '... listed as doubtful ...' }
 * ```
 */
export async function matchContexts(
  db: Queryable,
  ids: readonly number[],
  tsquery: string,
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: number | string; context: string }>(
    `SELECT a.id, ts_headline('english', a.summary, $2::tsquery, 'MaxWords=30, MinWords=12, ShortWord=2') AS context
     FROM articles a
     WHERE a.id = ANY($1::bigint[]) AND a.summary IS NOT NULL
       AND to_tsvector('english'::regconfig, public.ss_unaccent(a.summary)) @@ $2::tsquery`,
    [ids, tsquery],
  );
  return new Map(rows.map((row) => [Number(row.id), row.context.replace(/<\/?b>/g, '')]));
}
