// The floor of search on the embedded database (issue 12: "measure where the time goes and what the
// floor is"): no HTTP, no handler, only the SQL a search needs, on a generated benchmark database, one
// query at a time, pinned to one core by the caller. It adds the indexes a search needs under names of its
// own (a GIN index over the articles' title and summary tsvector, trigram indexes over player and team
// names), measures, and drops them again, so the database stays as generated.
//
// Per query of the mix (search-queries.ts):
// - articles: the newest 2,000 matches of websearch_to_tsquery over title and summary (the bound on the
//   ranked set), ranked by ts_rank then date, first page of 25, plus the capped count the meta needs;
// - live: players and teams by word prefix or trigram similarity (one edit for longer words), best 10.
//
// Usage: npx tsx scripts/bench/search-floor.ts --dir=.data-bench/db-1M
// Prints `FLOOR <json>` (see FloorResult) as its last line.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGliteDatabase } from '../../packages/server/src/db/pglite-database.js';
import type { BenchDbMeta } from './generate-db.js';
import { type BenchQuery, searchQueries } from './search-queries.js';

/** One timed SQL path over the whole mix. */
export interface FloorCall {
  name: string;
  p50: number;
  p99: number;
  mean: number;
  /** The slowest queries: text, ms, matches. */
  slowest: { q: string; ms: number; matches: number }[];
  /** Queries that matched nothing. */
  empty: number;
}

/** What the floor measured on one database. */
export interface FloorResult {
  articles: number;
  selectOneMs: number;
  indexSeconds: number;
  calls: FloorCall[];
}

const VECTOR = `to_tsvector('english', title || ' ' || coalesce(summary, ''))`;
const INDEXES = [
  `CREATE INDEX bench_floor_articles_fts ON articles USING gin ((${VECTOR}))`,
  'CREATE INDEX bench_floor_players_trgm ON players USING gin (lower(name) gin_trgm_ops)',
  'CREATE INDEX bench_floor_teams_trgm ON teams USING gin (lower(full_name) gin_trgm_ops)',
];
const DROP = ['bench_floor_articles_fts', 'bench_floor_players_trgm', 'bench_floor_teams_trgm'];

const ARTICLES_SQL = `
  WITH q AS (SELECT websearch_to_tsquery('english', $1) AS tsq),
  matched AS (
    SELECT a.id, a.title, a.summary, a.published_at FROM articles a, q
     WHERE ${VECTOR} @@ q.tsq ORDER BY a.published_at DESC LIMIT 2000)
  SELECT m.id, (SELECT count(*) FROM matched)::int AS matches FROM matched m, q
   ORDER BY ts_rank(setweight(to_tsvector('english', m.title), 'A') ||
                    setweight(to_tsvector('english', coalesce(m.summary, '')), 'B'), q.tsq) DESC,
            m.published_at DESC
   LIMIT 25`;

const LIVE_SQL = `
  WITH q AS (SELECT lower($1) AS t)
  (SELECT 'player' AS kind, p.name, similarity(lower(p.name), q.t) AS s FROM players p, q
    WHERE lower(p.name) LIKE q.t || '%' OR lower(p.name) LIKE '% ' || q.t || '%'
       OR (length(q.t) >= 5 AND lower(p.name) % q.t)
    ORDER BY s DESC LIMIT 10)
  UNION ALL
  (SELECT 'team', t.full_name, similarity(lower(t.full_name), q.t) FROM teams t, q
    WHERE lower(t.full_name) LIKE q.t || '%' OR lower(t.full_name) LIKE '% ' || q.t || '%'
       OR (length(q.t) >= 5 AND lower(t.full_name) % q.t)
    ORDER BY 3 DESC LIMIT 10)`;

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

const round = (n: number) => Math.round(n * 100) / 100;

async function timeCall(
  db: PGliteDatabase,
  name: string,
  sql: string,
  mix: BenchQuery[],
  matchesOf: (rows: Record<string, unknown>[]) => number,
): Promise<FloorCall> {
  for (const query of mix) await db.query(sql, [query.q]); // warm-up
  const timed: { q: string; ms: number; matches: number }[] = [];
  for (const query of mix) {
    const started = performance.now();
    const { rows } = await db.query<Record<string, unknown>>(sql, [query.q]);
    timed.push({ q: query.q, ms: performance.now() - started, matches: matchesOf(rows) });
  }
  const ms = timed.map((t) => t.ms).sort((a, b) => a - b);
  return {
    name,
    p50: round(quantile(ms, 0.5)),
    p99: round(quantile(ms, 0.99)),
    mean: round(ms.reduce((s, x) => s + x, 0) / ms.length),
    slowest: [...timed]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((t) => ({ ...t, ms: round(t.ms) })),
    empty: timed.filter((t) => t.matches === 0).length,
  };
}

/** Measures the floor on the database in `dir` (see the module comment). */
export async function searchFloor(dir: string): Promise<FloorResult> {
  const meta = JSON.parse(readFileSync(join(dir, 'bench-meta.json'), 'utf8')) as BenchDbMeta;
  const mix = searchQueries(meta.searchSample);
  const db = await PGliteDatabase.open({ dataDir: join(resolve(dir), 'pglite') });
  try {
    await db.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    for (const name of DROP) await db.exec(`DROP INDEX IF EXISTS ${name}`);
    const indexing = performance.now();
    for (const sql of INDEXES) await db.exec(sql);
    await db.exec('ANALYZE articles; ANALYZE players; ANALYZE teams');
    const indexSeconds = round((performance.now() - indexing) / 1000);
    for (let i = 0; i < 50; i++) await db.query('SELECT 1');
    const started = performance.now();
    for (let i = 0; i < 500; i++) await db.query('SELECT 1');
    const selectOneMs = round((performance.now() - started) / 500);
    const calls = [
      await timeCall(db, 'article search SQL', ARTICLES_SQL, mix, (rows) => Number(rows[0]?.matches ?? 0)),
      await timeCall(db, 'live search SQL', LIVE_SQL, mix, (rows) => rows.length),
    ];
    for (const name of DROP) await db.exec(`DROP INDEX IF EXISTS ${name}`);
    return { articles: meta.articles, selectOneMs, indexSeconds, calls };
  } finally {
    await db.close();
  }
}

const isMain =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, '/'));
if (isMain) {
  const dir = process.argv.find((a) => a.startsWith('--dir='))?.slice('--dir='.length);
  if (!dir) throw new Error('--dir= is required');
  const result = await searchFloor(dir);
  console.log(`FLOOR ${JSON.stringify(result)}`);
}
