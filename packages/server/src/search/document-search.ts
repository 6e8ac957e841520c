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
import { type ArticleWordRates, articleWordRates, matchesPerDay } from './article-word-rates.js';

/** How many of the newest matches are ranked and counted. */
export const RANK_WINDOW = 2000;

/** What a document search reads. */
export type DocumentKind = 'articles' | 'episodes' | 'podcasts' | 'posts';

interface DocumentTable {
  table: string;
  /** The date a document is sorted and filtered by. */
  date: string;
  /** Whether it is searched in windows of time (the date has a b-tree index; see searchDocuments). */
  windowed: boolean;
}

const TABLES: Record<DocumentKind, DocumentTable> = {
  articles: { table: 'articles', date: 't.published_at', windowed: true },
  episodes: { table: 'podcast_episodes', date: 't.published_at', windowed: false },
  podcasts: { table: 'podcasts', date: 'COALESCE(t.last_published_at, t.created_at)', windowed: false },
  posts: { table: 'posts', date: 't.posted_at', windowed: false },
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
  /** The time the windows of {@link searchDocuments} count back from. */
  now: Date;
  /**
   * The word statistics to plan the window with: read from the database when omitted, none (probe
   * the last day first) when null.
   */
  wordRates?: ArticleWordRates | null;
}

/** A page of ids, best first, and the (bounded) number of matches. */
export interface DocumentPage {
  ids: number[];
  total: number;
}

/** The first window of a windowed search, in days. */
const FIRST_WINDOW_DAYS = 1;
/** A window wider than this costs as much as searching everything (its date bitmap alone is big). */
const WIDEST_WINDOW_DAYS = 60;
/** How much wider than the first window's rate of matches says the second one is made. */
const WINDOW_MARGIN = 1.5;

/**
 * The window to search after `days` days held `found` (fewer than {@link RANK_WINDOW}) matches: as far
 * back as their rate says the newest {@link RANK_WINDOW} reach, with a margin, or null to search
 * everything (nothing matched in the window, or the window would be too wide to be cheaper).
 *
 * @example
 * ```ts
 * nextWindowDays(1, 500); // 6: 500 a day, 2,000 in 4 days, 6 with the margin
 * nextWindowDays(1, 0); // null
 * ```
 */
export function nextWindowDays(days: number, found: number): number | null {
  if (found === 0) return null;
  const next = Math.ceil((days * RANK_WINDOW * WINDOW_MARGIN) / found);
  return next > WIDEST_WINDOW_DAYS ? null : next;
}

/**
 * What a date in a window costs next to a match read: building the window's bitmap of dates reads
 * one index entry per article of those days, about a hundredth of reading a match's row (1,000,000
 * articles on PGlite: the 300,000 dates of 30 days in 17 ms, 7,000 matches of "dodgers" in 57 ms).
 */
const DATE_ENTRY_COST = 0.01;

/**
 * The window to search first for a query matching about `perDay` articles a day (from
 * `matchesPerDay`), or null to read every match at once: when the query is rare (or unknown to the
 * statistics), when all its matches are fewer than {@link RANK_WINDOW}, or when the window's dates
 * would cost more than reading every match.
 *
 * @example
 * ```ts
 * plannedWindowDays(450, { articles: 1e6, spanDays: 100, common, rareBelow }); // 7
 * plannedWindowDays(null, rates); // null: a rare word, read every match
 * ```
 */
export function plannedWindowDays(
  perDay: number | null,
  rates: Pick<ArticleWordRates, 'articles' | 'spanDays'>,
): number | null {
  if (perDay === null || perDay <= 0) return null;
  const matches = perDay * rates.spanDays;
  if (matches < RANK_WINDOW) return null;
  const days = Math.ceil((RANK_WINDOW * WINDOW_MARGIN) / perDay);
  if (days >= rates.spanDays) return null;
  const windowCost = days * (rates.articles / rates.spanDays) * DATE_ENTRY_COST + RANK_WINDOW * WINDOW_MARGIN;
  return windowCost < matches ? days : null;
}

/** The statement of one window: the newest matches since `$2` (if bounded), counted and paged. */
function windowSql(kind: DocumentKind, sort: SearchSort, bounded: boolean): string {
  const { table, date } = TABLES[kind];
  const order =
    sort === 'relevance'
      ? `ts_rank_cd('${RANK_WEIGHTS}', m.v, $1::tsquery) DESC, m.at DESC, m.id DESC`
      : 'm.at DESC, m.id DESC';
  // Two texts, bounded or not, rather than `$2 IS NULL OR ...`: a plan for the unbounded search must
  // not read the date index at all.
  // Only a ranking reads the tsvector: for `newest` the matches' rows are read for their date alone.
  const vector = sort === 'relevance' ? ', t.search_vector AS v' : '';
  return `WITH m AS (
       SELECT t.id, ${date} AS at${vector} FROM ${table} t
       WHERE t.search_vector @@ $1::tsquery ${bounded ? `AND ${date} >= $2` : ''}
       ORDER BY ${date} DESC, t.id DESC
       LIMIT ${RANK_WINDOW}
     ), page AS (
       SELECT m.id, row_number() OVER (ORDER BY ${order}) AS ord FROM m
       ORDER BY ${order} LIMIT $${bounded ? 3 : 2} OFFSET $${bounded ? 4 : 3}
     )
     SELECT (SELECT count(*) FROM m) AS total, (SELECT array_agg(id ORDER BY ord) FROM page) AS ids`;
}

/**
 * One page of the documents of `kind` matching `tsquery` (from `toSearchQuery`).
 *
 * Articles are searched in a window of time first when their words are common: as far back as the
 * planner's statistics say holds {@link RANK_WINDOW} matches (`article-word-rates.ts`,
 * {@link plannedWindowDays}; without statistics, the last day). A window that held fewer is widened
 * once, as far back as its rate of matches says ({@link nextWindowDays}), and then everything is read.
 * A window that holds {@link RANK_WINDOW} matches holds the newest {@link RANK_WINDOW} of all, so the
 * answer is the same as searching everything, but a common word ("tigers", 45,000 of a million
 * articles) reads the 2,000-odd articles of its last days, not all 45,000 (185 ms to 18 ms).
 *
 * @example
 * ```ts
 * const { ids, total } = await searchDocuments(db, 'articles', "('packer')", {
 *   sort: 'relevance', since: null, limit: 25, offset: 0, now: new Date(),
 * });
 * ```
 */
export async function searchDocuments(
  db: Database,
  kind: DocumentKind,
  tsquery: string,
  options: DocumentSearchOptions,
): Promise<DocumentPage> {
  const run = async (tx: Queryable, since: Date | null): Promise<DocumentPage> => {
    const paging = [options.limit, options.offset];
    const { rows } = await tx.query<{ total: number | string; ids: (number | string)[] | null }>(
      windowSql(kind, options.sort, since !== null),
      since === null ? [tsquery, ...paging] : [tsquery, since, ...paging],
    );
    const row = rows[0];
    return { ids: (row?.ids ?? []).map(Number), total: Number(row?.total ?? 0) };
  };
  const rates = !TABLES[kind].windowed
    ? null
    : options.wordRates === undefined
      ? await articleWordRates(db, options.now)
      : options.wordRates;
  return db.transaction(async (tx) => {
    // Index scans are off: for a common word the planner walks the date index and tests every
    // article until it has found the newest matches (0.9 s for "falcons", 1.4% of a million
    // articles), where the GIN bitmap of its matches (and of the window's dates) takes a tenth of
    // that. Plans are made for each window's own date, never one generic plan for all.
    await tx.query(
      `SELECT set_config('enable_indexscan', 'off', true), set_config('plan_cache_mode', 'force_custom_plan', true)`,
    );
    if (!TABLES[kind].windowed) return run(tx, options.since);
    const nowMs = options.now.getTime();
    const sinceMs = options.since?.getTime() ?? Number.NEGATIVE_INFINITY;
    // The first window: planned from the statistics (none for a rare word: read every match), or
    // the last day without them. A window that falls short is widened once by the rate it found.
    let days = rates ? plannedWindowDays(matchesPerDay(rates, tsquery), rates) : FIRST_WINDOW_DAYS;
    for (let tries = 0; days !== null && tries < 2; tries += 1) {
      const start = nowMs - days * DAY_MS;
      // The user's own filter is narrower than this window: it is the window.
      if (start <= sinceMs) break;
      const page = await run(tx, new Date(start));
      if (page.total >= RANK_WINDOW) return page;
      days = nextWindowDays(days, page.total);
    }
    return run(tx, options.since);
  });
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
