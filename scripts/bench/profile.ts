// Where a request's time goes (issue 3 "Scale" analysis): builds the app in this process on a
// generated benchmark database, with a database wrapper that counts and times every query, and sends
// each benchmarked call sequentially through `app.inject` (no network, no concurrency). Reports per call:
// the time of one request (the median of rounds of 10), the number of SQL queries it runs, the time
// spent inside PGlite, and the time of a bare `SELECT 1` round trip (PGlite's fixed cost per query).
// The calls run as in service, where the parts every reader shares are computed once per 30 s
// (content/feeds/shared-answers.ts): top stories, and a sport's or team's trending players on its feed.
// So "member: top stories (kept copy)" is a member served the kept copy, and "top stories (uncached)" is answered
// by a second app with those parts off: the cost of computing top stories, paid once per 30 s.
//
// Then the same as a signed-in member (issue 15): a benchmark member (scripts/bench/members.ts: a real
// session, three followed teams, a blog hidden from each, and here also a blog hidden from the paged
// team) reads the content pages a member reads, with the page cache off, so each figure is a computed
// member's page: the session lookup and the page's own statements.
//
// Usage: npx tsx scripts/bench/profile.ts --dir=.data-bench/db-1m [--requests=100] [--only=<part of a name>]
// (--only times the calls whose name contains it, and prints each of their statements).
// Prints `PROFILE <json>` (see ProfileResult) as its last line.
import { join, resolve } from 'node:path';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import type { Database, Queryable } from '../../packages/server/src/db/database.js';
import { PGliteDatabase } from '../../packages/server/src/db/pglite-database.js';
import { sessionCookieName } from '../../packages/server/src/http/cookies.js';
import type { BenchDbMeta } from './generate-db.js';
import { median } from './load.js';
import { createBenchMembers } from './members.js';
import { UNCACHED_TOP_STORIES } from './server-report.js';

/** Per-call figures of the profile. */
export interface ProfileResult {
  articles: number;
  selectOneMs: number;
  /** This process after the calls, in MB: RSS, V8 heap (total/used), external, PGlite's WASM linear memory. */
  memory: { rss: number; heapTotal: number; heapUsed: number; external: number; wasm: number | null };
  calls: {
    name: string;
    path: string;
    /** Sent as the benchmark member (session cookie) rather than as a visitor. */
    member?: boolean;
    status: number;
    /** Articles in the answer (its `articles`, or its feed's or top stories'), when it lists any. */
    items?: number;
    requestMs: number;
    /** Mean time of the call's first requests in this process (`FIRST`), interleaved with the others. */
    firstMs: number;
    queries: number;
    dbMs: number;
    /** The slowest statement of the call: its first words and mean ms. */
    slowest: { sql: string; ms: number };
  }[];
}

/**
 * Requests of each call sent, interleaved with the other calls, before any call is timed: plans,
 * PostgreSQL's buffers and, above all, V8's JIT, which compiles PGlite's WebAssembly and our code with
 * its baseline tiers first and optimises what stays hot. A server in service is past that point; with
 * 20 requests per call (before issue 15's second half), the figures were those of a process' first
 * seconds, 1.5–2.5× the steady ones. The first requests' mean is still reported (`firstMs`).
 */
const WARMUP = 300;
/** Of the warm-up, the requests of each call whose mean is `firstMs`. */
const FIRST = 20;
/** Requests per timed round (see `requestMs`). */
const ROUND = 10;

const stats = { queries: 0, ms: 0, bySql: new Map<string, { n: number; ms: number }>() };

// A statement's short form, made once per text: normalising a feed's 10 KB statement on every run
// cost the timed requests about 0.25 ms each (CPU profile of the team feed).
const keys = new Map<string, string>();

function record(sql: string, ms: number): void {
  stats.queries++;
  stats.ms += ms;
  let key = keys.get(sql);
  if (key === undefined) {
    key = sql.replace(/\s+/g, ' ').trim().slice(0, 90);
    keys.set(sql, key);
  }
  const entry = stats.bySql.get(key) ?? { n: 0, ms: 0 };
  entry.n++;
  entry.ms += ms;
  stats.bySql.set(key, entry);
}

function timed(q: Queryable): Queryable {
  return {
    async query(sql, params) {
      const started = performance.now();
      try {
        return await q.query(sql, params);
      } finally {
        record(sql, performance.now() - started);
      }
    },
    async exec(sql) {
      const started = performance.now();
      try {
        await q.exec(sql);
      } finally {
        record(sql, performance.now() - started);
      }
    },
  } as Queryable;
}

function timedDatabase(db: Database): Database {
  return {
    ...timed(db),
    kind: db.kind,
    transaction: (fn) => db.transaction((tx) => fn(timed(tx))),
    close: () => db.close(),
  };
}

/**
 * How many articles an answer lists: a page past the end lists none and costs less than a full one, so
 * the 1M/10k comparison must know (at 10,000 articles the paged team has fewer than 50 pages).
 */
function articlesIn(body: unknown): number | undefined {
  const b = body as {
    articles?: unknown;
    feed?: { articles?: unknown };
    topStories?: { articles?: unknown };
  };
  const list = b?.articles ?? b?.feed?.articles ?? b?.topStories?.articles;
  return Array.isArray(list) ? list.length : undefined;
}

/** Profiles the benchmarked calls on the database in `dir` (see the module comment). */
export async function profile(
  dir: string,
  requests: number,
  meta: BenchDbMeta,
  only?: string,
): Promise<ProfileResult> {
  const raw = await PGliteDatabase.open({ dataDir: join(resolve(dir), 'pglite') });
  try {
    const db = timedDatabase(raw);
    // The page cache is off: this measures what a request costs when it is computed (members, misses).
    const config = loadConfig(
      { DATA_DIR: dir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '1000000' },
      { port: 0, responseCacheTtlMs: 0 },
    );
    const app = await buildApp({ db, config, logger: false });
    const missApp = await buildApp({ db, config, logger: false, content: { sharedTtlMs: 0 } });
    const appFor = (name: string) => (name === UNCACHED_TOP_STORIES ? missApp : app);
    const member = (await createBenchMembers(raw, 1))[0];
    if (!member) throw new Error('no benchmark member');
    // A blog of the paged team hidden too, so the member's pages of that team are personal.
    await raw.query(
      `INSERT INTO hidden_sources (user_id, team_id, source_id)
       SELECT $1, st.team_id, st.source_id FROM source_teams st JOIN teams t ON t.id = st.team_id
        WHERE t.slug = $2 ORDER BY st.source_id LIMIT 1 ON CONFLICT DO NOTHING`,
      [member.userId, meta.teamSlug],
    );
    const topic = (await raw.query<{ slug: string }>('SELECT slug FROM topics ORDER BY id LIMIT 1')).rows[0];
    const cookie = `${sessionCookieName(config)}=${member.token}`;
    const paths: [string, string, boolean][] = [
      ['team news page 1', `/api/v1/teams/${meta.teamSlug}/articles`, false],
      ['team news page 50', `/api/v1/teams/${meta.teamSlug}/articles?page=50`, false],
      ['sport news', '/api/v1/sports/nfl/articles', false],
      ['source news', `/api/v1/sources/${meta.sourceId}/articles`, false],
      [UNCACHED_TOP_STORIES, '/api/v1/top_stories', false],
      ['member: team news page 1', `/api/v1/teams/${meta.teamSlug}/articles`, true],
      ['member: team news page 50', `/api/v1/teams/${meta.teamSlug}/articles?page=50`, true],
      ['member: followed team news', `/api/v1/teams/${member.teamSlugs[0]}/articles`, true],
      ['member: sport news', `/api/v1/sports/${member.sportSlug}/articles`, true],
      ['member: source news', `/api/v1/sources/${meta.sourceId}/articles`, true],
      ['member: topic news', `/api/v1/topics/${topic?.slug ?? 'golf'}/articles`, true],
      ['member: top stories (kept copy)', '/api/v1/top_stories', true],
      ['member: team feed', `/api/v1/teams/${meta.teamSlug}/feeds`, true],
      ['member: team podcasts', `/api/v1/teams/${meta.teamSlug}/podcasts`, true],
      ['member: combined news', `/api/v1/users/${member.username}/articles`, true],
      ['member: user bar (session)', '/api/v1/session', true],
    ];
    const calls: ProfileResult['calls'] = [];
    const selected = paths.filter(([name]) => only === undefined || name.includes(only));
    const warm = new Map<string, { status: number; items?: number; firstMs: number }>();
    for (let i = 0; i < WARMUP; i++) {
      for (const [name, path, asMember] of selected) {
        const started = performance.now();
        const res = await appFor(name).inject({
          method: 'GET',
          url: path,
          headers: asMember ? { cookie } : {},
        });
        const ms = performance.now() - started;
        const seen = warm.get(name) ?? { status: 0, firstMs: 0 };
        if (i < FIRST) seen.firstMs += ms / FIRST;
        if (i === WARMUP - 1) {
          seen.status = res.statusCode;
          seen.items = articlesIn(res.json());
        }
        warm.set(name, seen);
      }
    }
    for (const [name, path, asMember] of selected) {
      const headers = asMember ? { cookie } : {};
      const { status, items, firstMs } = warm.get(name) ?? { status: 0, firstMs: 0 };
      stats.queries = 0;
      stats.ms = 0;
      stats.bySql.clear();
      // Timed in rounds of ROUND requests, and the median round's mean is the figure: on this machine a
      // round now and then runs twice as slow for reasons outside the process (same code, same data).
      const rounds: number[] = [];
      for (let done = 0; done < requests; done += ROUND) {
        const n = Math.min(ROUND, requests - done);
        const started = performance.now();
        for (let i = 0; i < n; i++) await appFor(name).inject({ method: 'GET', url: path, headers });
        rounds.push((performance.now() - started) / n);
      }
      calls.push({
        name,
        path,
        ...(asMember ? { member: true } : {}),
        status,
        ...(items === undefined ? {} : { items }),
        requestMs: Math.round(median(rounds) * 100) / 100,
        firstMs: Math.round(firstMs * 100) / 100,
        queries: Math.round((stats.queries / requests) * 10) / 10,
        dbMs: Math.round((stats.ms / requests) * 100) / 100,
        slowest: [...stats.bySql.entries()]
          .map(([sql, e]) => ({ sql, ms: Math.round((e.ms / e.n) * 100) / 100 }))
          .sort((a, b) => b.ms - a.ms)[0] ?? { sql: '', ms: 0 },
      });
      if (only !== undefined) {
        for (const [sql, e] of stats.bySql) {
          console.log(`  ${(e.n / requests).toFixed(1)} × ${(e.ms / e.n).toFixed(2)} ms: ${sql}`);
        }
      }
    }
    await app.close();
    await missApp.close();
    for (let i = 0; i < 50; i++) await raw.query('SELECT 1');
    const started = performance.now();
    for (let i = 0; i < 500; i++) await raw.query('SELECT 1');
    const selectOneMs = Math.round(((performance.now() - started) / 500) * 1000) / 1000;
    const m = process.memoryUsage();
    const wasm = (raw.pglite as unknown as { mod?: { HEAPU8?: Uint8Array } }).mod?.HEAPU8?.length;
    const mb = (n: number) => Math.round(n / 1_048_576);
    const memory = {
      rss: mb(m.rss),
      heapTotal: mb(m.heapTotal),
      heapUsed: mb(m.heapUsed),
      external: mb(m.external),
      wasm: wasm === undefined ? null : mb(wasm),
    };
    return { articles: meta.articles, selectOneMs, memory, calls };
  } finally {
    await raw.close();
  }
}

const isMain =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, '/'));
if (isMain) {
  const dir = process.argv.find((a) => a.startsWith('--dir='))?.slice('--dir='.length) ?? '.data-bench/db-1m';
  const requests = Number(process.argv.find((a) => a.startsWith('--requests='))?.slice(11) ?? 100);
  const { readFileSync } = await import('node:fs');
  const meta = JSON.parse(readFileSync(join(dir, 'bench-meta.json'), 'utf8')) as BenchDbMeta;
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const result = await profile(dir, requests, meta, only);
  for (const c of result.calls) {
    console.log(
      `${c.name}: ${c.requestMs} ms/request (first ${FIRST}: ${c.firstMs}), ${c.queries} queries, ${c.dbMs} ms in PGlite (status ${c.status}); slowest ${c.slowest.ms} ms: ${c.slowest.sql}`,
    );
  }
  console.log(`SELECT 1 round trip: ${result.selectOneMs} ms; memory ${JSON.stringify(result.memory)}`);
  console.log(`PROFILE ${JSON.stringify(result)}`);
}
