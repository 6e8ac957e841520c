// The search benchmark of issue 12 (`npm run bench:search`), which writes the section "Search (issue 12)"
// of docs/benchmarks.md. For each database size (generated or reused by bench-db.ts: realistic titles and
// summaries, 25 named players per team):
// 1. starts the built server on it pinned to core 0 (`taskset -c 0`, DEMO=off INGEST=off, and
//    RESPONSE_CACHE_TTL_MS=0: the page cache is off, so every query is computed);
// 2. writes the query mix (search-queries.ts: at least 200 distinct queries of six kinds) as paths of each
//    measured call, `search/live_results` and `search/articles`;
// 3. sends every query of the mix once in turn (warm-up), then once more timing each one (one request at
//    a time: the cost of a query without queueing, per kind, the slowest queries, how many find nothing);
// 4. drives the mix with the paced load pinned to core 1 (fixed-rate.ts) at an even rate (500/s),
//    N runs of S seconds after a warm-up, medians of p50 and p99.
// 5. once the server has stopped, search-floor.ts on the same database (pinned to core 0): the server's
//    search code alone, no HTTP, one query at a time, step by step: the floor and where the time goes.
// Targets (issue 12): p99 under 15 ms for both calls, and p99 at 1M no more than twice p99 at 10k.
//
// Usage: npm run bench:search -- [--sizes=10000,1000000] [--rate=500] [--runs=1] [--seconds=10]
//        [--connections=50] [--regenerate]
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { BENCH_DIR, buildServerIfStale, ensureBenchDb, sizeLabel } from './bench-db.js';
import type { BenchDbMeta } from './generate-db.js';
import { type LoadRun, medianRuns, ROOT, startPinnedServer, stopServer } from './load.js';
import { fixed, table, writeSection } from './markdown.js';
import type { FloorResult } from './search-floor.js';
import { type BenchQuery, searchQueries } from './search-queries.js';

const flag = (name: string) => process.argv.includes(`--${name}`);
const option = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const options = {
  sizes: option('sizes', '10000,1000000').split(',').map(Number),
  rate: Number(option('rate', '500')),
  runs: Number(option('runs', '1')),
  seconds: Number(option('seconds', '10')),
  connections: Number(option('connections', '50')),
};

/** The measured calls: name, path of a query. */
const CALLS = [
  { name: 'live search', path: (q: string) => `/api/v1/search/live_results?q=${encodeURIComponent(q)}` },
  { name: 'article search', path: (q: string) => `/api/v1/search/articles?q=${encodeURIComponent(q)}` },
] as const;

/** The p99 target of issue 12, in ms, and the largest 1M/10k ratio of p99s. */
const TARGET_P99_MS = 15;
const TARGET_RATIO = 2;

/** One query timed alone. */
interface Timed {
  query: BenchQuery;
  ms: number;
  status: number;
  results: number;
}

interface CallResult {
  name: string;
  status: number;
  load: LoadRun | null;
  timed: Timed[];
  loadAverage: number;
}

interface SizeResult {
  meta: BenchDbMeta & { dir: string; reused: boolean };
  command: string;
  queries: number;
  calls: CallResult[];
  floor: FloorResult | null;
}

function runFloor(dir: string): FloorResult | null {
  const run = spawnSync(
    'taskset',
    ['-c', '0', 'npx', 'tsx', 'scripts/bench/search-floor.ts', `--dir=${dir}`],
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 20 * 60_000,
    },
  );
  const line = (run.stdout ?? '').split('\n').find((l) => l.startsWith('FLOOR '));
  if (!line) console.log(`search-floor failed: ${run.stderr}`);
  return line ? (JSON.parse(line.slice('FLOOR '.length)) as FloorResult) : null;
}

/** The number of results an answer carries (live results or an article page), for the "finds nothing" share. */
function resultCount(body: unknown): number {
  if (!body || typeof body !== 'object') return 0;
  const lists = Object.values(body as Record<string, unknown>).filter(Array.isArray) as unknown[][];
  return lists.reduce((sum, list) => sum + list.length, 0);
}

async function timeQueries(base: string, call: (typeof CALLS)[number], mix: BenchQuery[]): Promise<Timed[]> {
  const out: Timed[] = [];
  for (const query of mix) {
    const started = performance.now();
    const res = await fetch(`${base}${call.path(query.q)}`).catch(() =>
      fetch(`${base}${call.path(query.q)}`),
    );
    const text = await res.text();
    const ms = performance.now() - started;
    let results = 0;
    try {
      results = resultCount(JSON.parse(text));
    } catch {
      // not JSON: counts as nothing found
    }
    out.push({ query, ms, status: res.status, results });
  }
  return out;
}

async function measureSize(articles: number): Promise<SizeResult> {
  const meta = ensureBenchDb(articles, flag('regenerate'));
  const mix = searchQueries(meta.searchSample);
  const server = await startPinnedServer(meta.dir, {
    DEMO: 'off',
    INGEST: 'off',
    RESPONSE_CACHE_TTL_MS: '0',
  });
  try {
    console.log(`${sizeLabel(articles)}: server up at ${server.url}, ${mix.length} distinct queries`);
    const calls: CallResult[] = [];
    for (const call of CALLS) {
      const pathsFile = join(BENCH_DIR, `search-mix-${call.name.replace(/ /g, '-')}.json`);
      writeFileSync(pathsFile, JSON.stringify(mix.map((q) => call.path(q.q))));
      await timeQueries(server.url, call, mix); // warm-up: JIT, plans, buffer cache
      const timed = await timeQueries(server.url, call, mix);
      const status = timed.find((t) => t.status !== 200)?.status ?? 200;
      if (timed.every((t) => t.status === 404)) {
        console.log(`  ${call.name}: the server does not answer it (404); not loaded`);
        calls.push({ name: call.name, status: 404, load: null, timed, loadAverage: loadavg()[0] ?? 0 });
        continue;
      }
      const load = medianRuns(server.url, {
        connections: options.connections,
        rate: options.rate,
        seconds: options.seconds,
        runs: options.runs,
        pathsFile,
      });
      console.log(
        `  ${call.name} @${options.rate}/s: p50 ${load.p50} ms, p99 ${load.p99} ms, ${load.rps} rps, ` +
          `${load.errors} errors, ${load.non2xx} non-2xx`,
      );
      calls.push({ name: call.name, status, load, timed, loadAverage: loadavg()[0] ?? 0 });
    }
    await stopServer(server);
    const floor = runFloor(meta.dir);
    if (floor) {
      for (const c of floor.calls) console.log(`  floor ${c.name}: p50 ${c.p50} ms, p99 ${c.p99} ms`);
    }
    return { meta, command: server.command, queries: mix.length, calls, floor };
  } finally {
    await stopServer(server);
  }
}

/** The value at quantile q of sorted numbers (fixed-rate.ts runs on import, so not imported from there). */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

const kinds: BenchQuery['kind'][] = ['team', 'player', 'prefix', 'typo', 'abbreviation', 'phrase'];

function render(results: SizeResult[], rebuilt: boolean): string {
  const out: string[] = [];
  out.push(
    `Command: \`npm run bench:search -- ${process.argv.slice(2).join(' ')}\`, ${new Date().toISOString()}, ` +
      `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, node ${process.version}` +
      `${rebuilt ? ' (server rebuilt first)' : ''}. The server runs pinned to core 0 with the page cache off ` +
      `(\`RESPONSE_CACHE_TTL_MS=0\`: every query is computed), the load (scripts/bench/paced-load.ts) ` +
      `pinned to core 1 at an even ${options.rate} requests/s over at most ${options.connections} ` +
      `connections, latency from each request's due time (a request still unanswered 10 s after the load ` +
      'ended counts as an error, with its wait so far as its latency), ' +
      `${options.runs} run(s) of ` +
      `${options.seconds} s after a warm-up, each request taking the next query of the mix. The machine is ` +
      'shared: the load average column says how busy it was.',
  );
  out.push('');
  const rows = results.flatMap((r) =>
    r.calls.map((c) => [
      c.name,
      r.meta.articles.toLocaleString('en-US'),
      String(r.queries),
      c.load ? fixed(c.load.p50) : 'n/a',
      c.load ? fixed(c.load.p99) : 'n/a',
      c.load ? fixed(c.load.rps, 0) : 'n/a',
      c.load ? `${c.load.errors} / ${c.load.non2xx}` : `answers ${c.status}`,
      c.load ? (c.load.p99 < TARGET_P99_MS ? 'met' : '**missed**') : 'n/a',
      fixed(c.loadAverage),
    ]),
  );
  out.push(
    table(
      [
        'call',
        'articles',
        'distinct queries',
        'p50 ms',
        `p99 ms (target < ${TARGET_P99_MS})`,
        'answers/s',
        'errors / non-2xx',
        'p99 target',
        'load avg',
      ],
      rows,
    ),
  );
  const small = results.find((r) => r.meta.articles < 1_000_000);
  const large = results.find((r) => r.meta.articles >= 1_000_000);
  if (small && large) {
    out.push('');
    for (const call of CALLS) {
      const a = small.calls.find((c) => c.name === call.name)?.load;
      const b = large.calls.find((c) => c.name === call.name)?.load;
      if (!a || !b) continue;
      const ratio = b.p99 / a.p99;
      // A server that got through less than the rate offered has a queue growing for the whole run:
      // its p99 is the run's length, and a ratio of two such p99s says nothing.
      const saturated = [a, b].some((run) => run.rps < options.rate * 0.95);
      const verdict = saturated
        ? 'not judged: the server could not keep up with the rate at one size or both, see answers/s'
        : `target ≤ ${TARGET_RATIO}: ${ratio <= TARGET_RATIO ? 'met' : '**missed**'}`;
      out.push(
        `- ${call.name}: p99 at ${sizeLabel(large.meta.articles)} / p99 at ${sizeLabel(small.meta.articles)} = ` +
          `${fixed(ratio, 2)} (${verdict})`,
      );
    }
  }
  out.push('', '### One query at a time, per kind', '');
  out.push(
    'Each query of the mix sent alone (after one warm-up pass), so queueing plays no part: the mean and the ' +
      'slowest time per kind of query (ms, including the HTTP round trip), and how many queries found nothing.',
    '',
  );
  const kindRows = results.flatMap((r) =>
    r.calls.flatMap((c) =>
      kinds.map((kind) => {
        const list = c.timed.filter((t) => t.query.kind === kind);
        const ms = list.map((t) => t.ms).sort((x, y) => x - y);
        const mean = ms.reduce((s, x) => s + x, 0) / Math.max(1, ms.length);
        return [
          c.name,
          sizeLabel(r.meta.articles),
          kind,
          String(list.length),
          fixed(mean),
          fixed(quantile(ms, 0.5)),
          fixed(ms.at(-1) ?? 0),
          String(list.filter((t) => t.results === 0).length),
        ];
      }),
    ),
  );
  out.push(
    table(['call', 'size', 'kind', 'queries', 'mean', 'median', 'slowest', 'found nothing'], kindRows),
  );
  out.push('', '### Slowest queries', '');
  for (const r of results) {
    for (const c of r.calls) {
      const slowest = [...c.timed].sort((x, y) => y.ms - x.ms).slice(0, 5);
      out.push(
        `- ${c.name}, ${sizeLabel(r.meta.articles)}: ` +
          slowest.map((t) => `\`${t.query.q}\` ${fixed(t.ms)} ms`).join(', '),
      );
    }
  }
  out.push('', "### The floor: the server's search code alone", '');
  out.push(
    'scripts/bench/search-floor.ts on the same database, in one process pinned to core 0, no HTTP and no ' +
      "route: the server's own search functions (packages/server/src/search) on the indexes of its " +
      'migrations, one query of the mix at a time, step by step. Article search: the tsquery and stop ' +
      'words, then (cumulative) the newest 2,000 matches, their count and the first page of 25. Live ' +
      'search: the names of the five kinds (and the typo statement when nothing matched), then the whole ' +
      "call with the rows' details. The last two steps are the whole requests through the app in the " +
      'same process (`app.inject`, page cache off: routing, hooks, every statement of the route, ' +
      'serialization), without the network.',
    '',
  );
  const floorRows = results.flatMap((r) =>
    (r.floor?.calls ?? []).map((c) => [
      c.name,
      sizeLabel(r.meta.articles),
      fixed(c.p50, 2),
      fixed(c.p99, 2),
      fixed(c.mean, 2),
      String(c.empty),
      c.slowest.map((t) => `\`${t.q}\` ${fixed(t.ms)} ms (${t.matches})`).join(', '),
    ]),
  );
  out.push(
    table(['step', 'size', 'p50 ms', 'p99 ms', 'mean ms', 'found nothing', 'slowest (found)'], floorRows),
  );
  for (const r of results) {
    if (r.floor) {
      out.push(
        '',
        `- ${sizeLabel(r.meta.articles)}: \`SELECT 1\` round trip ${fixed(r.floor.selectOneMs, 2)} ms.`,
      );
    }
  }
  out.push('', ...ceilingLines(results));
  out.push('', '### Servers', '');
  for (const r of results) {
    out.push(
      `- ${sizeLabel(r.meta.articles)} (${r.meta.reused ? 'reused' : 'generated'} database: ` +
        `${r.meta.articles.toLocaleString('en-US')} articles, ${r.meta.players.toLocaleString('en-US')} players, ` +
        `generated in ${r.meta.seconds} s): \`${r.command}\``,
    );
  }
  return out.join('\n');
}

/**
 * What one core can serve at most, from the floor's whole requests in-process: 1,000 / mean requests a
 * second, before the network, against the rate the target is set at.
 */
function ceilingLines(results: readonly SizeResult[]): string[] {
  const lines: string[] = [];
  for (const r of results) {
    for (const c of r.floor?.calls ?? []) {
      if (!c.name.endsWith('whole request, in-process') || c.mean <= 0) continue;
      const most = Math.floor(1000 / c.mean);
      const name = c.name.slice(0, c.name.indexOf(':'));
      lines.push(
        `- ${name}, ${sizeLabel(r.meta.articles)}: a whole request costs one core ${fixed(c.mean, 2)} ms on ` +
          `average in-process, so the core serves at most ${most.toLocaleString('en-US')} a second before ` +
          `the network (target rate ${options.rate}/s${most < options.rate ? ': out of reach on this database' : ''}).`,
      );
    }
  }
  if (lines.length === 0) return [];
  return ['What one core can serve, from the whole requests above:', '', ...lines];
}

const rebuilt = buildServerIfStale();
const results: SizeResult[] = [];
for (const size of options.sizes) results.push(await measureSize(size));
writeSection(join(ROOT, 'docs', 'benchmarks.md'), 'Search (issue 12)', render(results, rebuilt));
console.log('wrote docs/benchmarks.md');
