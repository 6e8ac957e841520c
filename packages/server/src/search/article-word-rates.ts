/**
 * How often the words of an article search occur, from PostgreSQL's own statistics of
 * `articles.search_vector` (the most common lexemes and the share of articles holding each), so that
 * `document-search.ts` can choose the window of time to search before it searches: a word in the news
 * every day is read from its last days, a rare one from every match at once. Without the statistics
 * (a database never analysed) the search probes the last day first instead.
 *
 * On PGlite the statistics come from `db/planner-statistics.ts` (ANALYZE after ingestion), on
 * PostgreSQL from autovacuum. They are read once per process every {@link RATES_TTL_MS}.
 * @module
 */
import type { Database } from '../db/database.js';

/** How long the statistics read are used before they are read again. */
export const RATES_TTL_MS = 10 * 60_000;

const DAY_MS = 86_400_000;

/** What the statistics say of the articles. */
export interface ArticleWordRates {
  /** Articles in the table (the planner's count). */
  articles: number;
  /** Days from the oldest article to the time of reading (at least 1). */
  spanDays: number;
  /** Share of articles holding each of the most common lexemes. */
  common: ReadonlyMap<string, number>;
  /** A lexeme not in {@link common} is held by fewer than this share of articles. */
  rareBelow: number;
}

interface Row {
  articles: number | string | null;
  oldest: Date | string | null;
  elems: string[] | null;
  freqs: (number | string)[] | null;
}

const cache = new WeakMap<Database, { at: number; rates: Promise<ArticleWordRates | null> }>();

async function readRates(db: Database, now: Date): Promise<ArticleWordRates | null> {
  const { rows } = await db.query<Row>(
    `SELECT c.reltuples::float8 AS articles, (SELECT min(published_at) FROM articles) AS oldest,
            s.most_common_elems::text::text[] AS elems, s.most_common_elem_freqs::float8[] AS freqs
     FROM pg_class c
     LEFT JOIN pg_stats s ON s.schemaname = current_schema() AND s.tablename = 'articles'
                         AND s.attname = 'search_vector'
     WHERE c.oid = 'articles'::regclass`,
  );
  const row = rows[0];
  const articles = Number(row?.articles ?? 0);
  if (!row?.elems || !row.freqs || !row.oldest || articles <= 0) return null;
  const freqs = row.freqs.map(Number);
  const common = new Map(row.elems.map((lexeme, i) => [lexeme, freqs[i] ?? 0]));
  // The frequencies are followed by their minimum, maximum and the share of empty vectors.
  const rareBelow = freqs[row.elems.length] ?? 0;
  const spanDays = Math.max(1, (now.getTime() - new Date(row.oldest).getTime()) / DAY_MS);
  return { articles, spanDays, common, rareBelow };
}

/**
 * The statistics of `db`'s articles, or null when there are none (never analysed, or no articles).
 *
 * @example
 * ```ts
 * const rates = await articleWordRates(db, new Date());
 * ```
 */
export function articleWordRates(db: Database, now: Date): Promise<ArticleWordRates | null> {
  const cached = cache.get(db);
  if (cached && now.getTime() - cached.at < RATES_TTL_MS) return cached.rates;
  const rates = readRates(db, now).catch(() => null);
  cache.set(db, { at: now.getTime(), rates });
  // No statistics yet (a new database): ask again next time rather than for the next ten minutes.
  void rates.then((found) => {
    if (!found && cache.get(db)?.rates === rates) cache.delete(db);
  });
  return rates;
}

/** The lexemes of a tsquery's text form (`'three' <-> 'thing' & 'watch'`). */
export function lexemesOf(tsquery: string): string[] {
  return [...tsquery.matchAll(/'((?:[^']|'')*)'/g)].map((match) => (match[1] ?? '').replace(/''/g, "'"));
}

/**
 * At most how many articles a day match `tsquery` (whose parts are all required, as the search's
 * are), or null when one of its words is not among the common ones: the rarest word bounds the
 * query.
 *
 * @example
 * ```ts
 * matchesPerDay(rates, "'dodger'"); // 69.7 when 0.7% of a million articles over 100 days hold it
 * ```
 */
export function matchesPerDay(rates: ArticleWordRates, tsquery: string): number | null {
  let share = Number.POSITIVE_INFINITY;
  for (const lexeme of lexemesOf(tsquery)) {
    const found = rates.common.get(lexeme);
    if (found === undefined) return null;
    share = Math.min(share, found);
  }
  if (!Number.isFinite(share)) return null;
  return (share * rates.articles) / rates.spanDays;
}
