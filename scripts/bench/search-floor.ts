// The floor of search on the embedded database (issue 12: "measure where the time goes and what the
// floor is"): no HTTP and no route, only the server's own search code (packages/server/src/search) on a
// generated benchmark database and the indexes its migrations made, one query at a time, pinned to one
// core by the caller, split into its statements:
// - article search: the tsquery and stop words (one statement), then the newest 2,000 matches, their
//   count and the first page of 25 (one statement);
// - live search: the names of the five kinds (one statement, a second for typos when nothing matched),
//   then the rows' details (one statement);
// - both whole requests through the app in the same process (`app.inject`: routing, hooks, the route's
//   other statements, serialization; no network), which the database statements above are part of.
//   What these cost is the most one core can serve: 1,000 / mean requests a second before the network.
//
// Usage: npx tsx scripts/bench/search-floor.ts --dir=.data-bench/db-1M
// Prints `FLOOR <json>` (see FloorResult) as its last line.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { PGliteDatabase } from '../../packages/server/src/db/pglite-database.js';
import { searchDocuments } from '../../packages/server/src/search/document-search.js';
import { matchLiveNames, withLiveSettings } from '../../packages/server/src/search/live-name-match.js';
import { liveSearch } from '../../packages/server/src/search/live-search.js';
import { toNameQuery } from '../../packages/server/src/search/name-match.js';
import { toSearchQuery } from '../../packages/server/src/search/search-query.js';
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

/** One timed step: answers how many it found. */
type Step = (db: PGliteDatabase, q: string) => Promise<number>;

/** The results an answer carries (every list of its body). */
function resultCount(body: string): number {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  return Object.values(parsed)
    .filter(Array.isArray)
    .reduce((sum, list) => sum + list.length, 0);
}

/** The whole requests, sent to the app in-process with the page cache off (every answer computed). */
const REQUESTS: { name: string; path: (q: string) => string }[] = [
  {
    name: 'article search: whole request, in-process',
    path: (q) => `/api/v1/search/articles?q=${encodeURIComponent(q)}`,
  },
  {
    name: 'live search: whole request, in-process',
    path: (q) => `/api/v1/search/live_results?q=${encodeURIComponent(q)}`,
  },
];

const STEPS: { name: string; run: Step }[] = [
  {
    name: 'article search: tsquery and stop words',
    run: async (db, q) => ((await toSearchQuery(db, q)).tsquery ? 1 : 0),
  },
  {
    name: 'article search: matches, count, page',
    run: async (db, q) => {
      const { tsquery } = await toSearchQuery(db, q);
      if (!tsquery) return 0;
      return (
        await searchDocuments(db, 'articles', tsquery, {
          sort: 'newest',
          since: null,
          limit: 25,
          offset: 0,
          now: new Date(),
        })
      ).total;
    },
  },
  {
    name: 'live search: names (and typos)',
    run: async (db, q) => {
      const query = toNameQuery(q);
      return query ? (await withLiveSettings(db, (tx) => matchLiveNames(tx, query, 10))).length : 0;
    },
  },
  { name: 'live search: whole', run: async (db, q) => (await liveSearch(db, q)).length },
];

/** What the floor measured on one database. */
export interface FloorResult {
  articles: number;
  selectOneMs: number;
  calls: FloorCall[];
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

const round = (n: number) => Math.round(n * 100) / 100;

async function timeCall(db: PGliteDatabase, name: string, run: Step, mix: BenchQuery[]): Promise<FloorCall> {
  for (const query of mix) await run(db, query.q); // warm-up
  const timed: { q: string; ms: number; matches: number }[] = [];
  for (const query of mix) {
    const started = performance.now();
    const matches = await run(db, query.q);
    timed.push({ q: query.q, ms: performance.now() - started, matches });
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
    for (let i = 0; i < 50; i++) await db.query('SELECT 1');
    const started = performance.now();
    for (let i = 0; i < 500; i++) await db.query('SELECT 1');
    const selectOneMs = round((performance.now() - started) / 500);
    const calls: FloorCall[] = [];
    for (const step of STEPS) calls.push(await timeCall(db, step.name, step.run, mix));
    const config = loadConfig(
      { DATA_DIR: dir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000' },
      { port: 0, responseCacheTtlMs: 0 },
    );
    const app = await buildApp({ db, config, logger: false });
    try {
      for (const request of REQUESTS) {
        const run: Step = async (_db, q) =>
          resultCount((await app.inject({ method: 'GET', url: request.path(q) })).body);
        calls.push(await timeCall(db, request.name, run, mix));
      }
    } finally {
      await app.close();
    }
    return { articles: meta.articles, selectOneMs, calls };
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
