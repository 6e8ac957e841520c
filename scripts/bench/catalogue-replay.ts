// The catalogue replay of issue 44 (`npm run bench:catalogue`, section "Catalogue replay (issue 44)" of
// docs/benchmarks.md): as many sources as the real catalogue holds, served from loopback hosts with
// real-world feed files (replay-feeds.ts), fetched by the built server on one core with PGlite, while
// visitors read home's API calls and team news from the other core. Targets: a round of fetches under
// 2 minutes, the server's RSS under 350 MB, visitors' p99 during the round under 50 ms.
//
// Steps:
// 1. builds the server when its sources changed (bench-db.ts), loads packages/server/data/catalogue with
//    loadCatalogue, and starts the loopback web: one host per real host of the catalogue (127.0.x.y), each
//    entry's URL path served from its host, half the feeds answering 304 to If-None-Match;
// 2. writes a copy of the catalogue whose URLs point at those hosts and starts the built server on a fresh
//    data folder with SOURCES=real and CATALOGUE_DIR=<that copy> (the bench process itself runs under
//    SOURCES=demo: nothing else is real), FEEDS_ALLOW_PRIVATE=1, INGEST_INTERVAL_MS=1000, pinned to core 0
//    (load.ts): the start registers the catalogue as a first real start does, and round 1 is its first
//    fetch of every source (every answer a 200 with the whole file);
// 3. rounds 2 and on: signs in as the seeded admin and asks for every source to be fetched now
//    (POST /api/v1/admin/sources/:id/fetch); the round ends when the least recently fetched source was
//    fetched after the ask (GET /api/v1/admin/sources?sort=lastFetchedAt);
// 4. during each round: the server's VmRSS sampled every 250 ms (and VmHWM), its CPU seconds, and an
//    open-loop visitors' load (paced-load.ts, latency from each request's due time) at --rate requests a
//    second over home's calls and two teams' news, in the bench process (run it pinned to core 1:
//    the npm script does).
//
// Usage: npm run bench:catalogue [-- --rounds=3 --rate=20 --hosts=catalogue|<n> --profile=<dir> --slow=<ms> --write]
// `--server=<dir>` runs `<dir>/dist/main.js` instead of building packages/server: a copy of another build
// (its package.json, dist/, data/ and src/db/migrations/, with the site beside it at <dir>/../site), to
// compare two versions by alternating runs under the same load. `--write` keeps the section's paragraph
// that starts "Where the time goes" (written by hand from the profiles) below the new figures.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { loadCatalogue } from '../../packages/server/src/sources/catalogue/load-catalogue.js';
import { buildServerIfStale } from './bench-db.js';
import { cpuSeconds } from './cpu-seconds.js';
import { median, memoryOf, ROOT, serverNodeFlags, startPinnedServer, stopServer } from './load.js';
import { fixed, table, writeSection } from './markdown.js';
import { type PacedLoadOptions, pacedLoad } from './paced-load.js';
import { planReplayFeeds, type ReplayFeed, readRealFeeds, startReplayWeb } from './replay-feeds.js';
import { runAndExit } from './run-and-exit.js';

const TARGETS = { roundSeconds: 120, rssMb: 350, p99Ms: 50 };
const ADMIN = { username: 'admin@sportspyder.test', password: 'sportspyder-admin' };
/** What a visitor's home and team pages ask the API for. */
const VISITOR_PATHS = [
  '/api/v1/top_stories',
  '/api/v1/sports/nfl/feeds',
  '/api/v1/teams/green-bay-packers/articles',
  '/api/v1/sports/nba/feeds',
  '/api/v1/teams/boston-celtics/articles',
  '/api/v1/sports/mlb/feeds',
  '/api/v1/sports/nhl/feeds',
];

const flag = (name: string) => process.argv.includes(`--${name}`);
const option = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
// fixed-rate.ts has the same, but importing it runs its load.
const quantile = (sorted: readonly number[], q: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number) : 0;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// --profile=<dir>: the server writes V8 CPU profiles there (one per thread) when it stops, for finding
// where a round's time and its visitors' stalls go (open them in Chrome's DevTools).
const profileFlags = () => {
  const dir = option('profile', '');
  return dir ? [...serverNodeFlags(), '--cpu-prof', `--cpu-prof-dir=${dir}`] : serverNodeFlags();
};

/** The figures of one round. */
export interface RoundResult {
  round: number;
  seconds: number;
  statuses: Record<string, number>;
  mbServed: number;
  peakRssMb: number;
  cpuSeconds: number;
  visitors: { p50: number; p99: number; requests: number; errors: number; non2xx: number };
  failing: number;
}

/** Cookies and the CSRF header of one signed-in client, over fetch. */
class Session {
  private readonly cookies = new Map<string, string>();
  constructor(private readonly origin: string) {}
  async call(method: string, path: string, body?: unknown): Promise<Response> {
    const csrf = this.cookies.get('sportspyder_csrf');
    const res = await fetch(`${this.origin}${path}`, {
      method,
      headers: {
        ...(this.cookies.size ? { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(csrf && method !== 'GET' ? { 'x-csrf-token': decodeURIComponent(csrf) } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  }
  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.call(method, path, body);
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
}

interface AdminList {
  sources: { id: number; lastFetchedAt: string | null }[];
  meta: { pagination: { totalCount: number }; states: { failing: number } };
}

/** Runs the visitors' load in 2-second slices until `done()` says the round is over. */
async function visitorsUntil(origin: string, rate: number, done: () => boolean) {
  const all = { latencies: [] as number[], errors: 0, non2xx: 0, answered: 0 };
  const slowMs = Number(option('slow', '0'));
  const began = performance.now();
  // `--slow=<ms>` prints every answer slower than that: when in the round, which page, how it was served.
  const onSlow: PacedLoadOptions['onAnswer'] =
    slowMs > 0
      ? (a) => {
          if (a.latency >= slowMs)
            console.log(
              `slow: +${fixed((a.due - began) / 1000)} s ${fixed(a.latency)} ms ${a.path} ${String(a.headers['x-cache'] ?? '-')}`,
            );
        }
      : undefined;
  while (!done()) {
    const slice = await pacedLoad({
      origin,
      requests: VISITOR_PATHS,
      rate,
      warmupSeconds: 0,
      seconds: 2,
      connections: 20,
      // `--slow=<ms>` prints every answer slower than that: when in the round, which page, how it was served.
      ...(onSlow ? { onAnswer: onSlow } : {}),
    });
    all.latencies.push(...slice.latencies);
    all.errors += slice.errors;
    all.non2xx += slice.non2xx;
    all.answered += slice.answered;
  }
  const sorted = all.latencies.sort((a, b) => a - b);
  return {
    p50: quantile(sorted, 0.5),
    p99: quantile(sorted, 0.99),
    requests: all.answered,
    errors: all.errors,
    non2xx: all.non2xx,
  };
}

async function main(): Promise<void> {
  const rounds = Math.max(1, Number(option('rounds', '3')) || 3);
  const rate = Math.max(1, Number(option('rate', '20')) || 20);
  const hostsOption = option('hosts', 'catalogue');
  const hosts = hostsOption === 'catalogue' ? 'catalogue' : Math.max(1, Number(hostsOption) || 1);
  const serverDir = option('server', '');
  const main = serverDir
    ? relative(ROOT, resolve(serverDir, 'dist', 'main.js'))
    : 'packages/server/dist/main.js';
  const rebuilt = serverDir ? false : buildServerIfStale();
  const catalogue = loadCatalogue();
  const feeds = planReplayFeeds(catalogue, readRealFeeds(), hosts);
  const web = await startReplayWeb(feeds);
  const hostCount = new Set(feeds.map((f) => f.address)).size;
  const busiest = Math.max(...[...countBy(feeds, (f) => f.address).values()]);
  console.log(
    `${feeds.length} catalogue entries on ${hostCount} loopback hosts (busiest: ${busiest} feeds), ${serverDir ? `server ${main}` : rebuilt ? 'server rebuilt' : 'server build up to date'}`,
  );

  const work = mkdtempSync(join(tmpdir(), 'catalogue-replay-'));
  const catalogueDir = join(work, 'catalogue');
  mkdirSync(catalogueDir);
  writeFileSync(
    join(catalogueDir, 'replay.json'),
    JSON.stringify({
      about: 'The catalogue on loopback hosts (scripts/bench/catalogue-replay.ts).',
      sources: catalogue.map(({ file: _file, ...entry }, i) => ({ ...entry, url: web.urls[i] })),
    }),
  );
  const server = await startPinnedServer(
    join(work, 'data'),
    {
      SOURCES: 'real',
      CATALOGUE_DIR: catalogueDir,
      FEEDS_ALLOW_PRIVATE: '1',
      INGEST_INTERVAL_MS: '1000',
      DEMO: 'off',
    },
    undefined,
    undefined,
    profileFlags(),
    main,
  );
  const pid = server.child.pid as number;
  const results: RoundResult[] = [];
  const admin = new Session(server.url);
  try {
    // The seeded admin (seed/demo-accounts.ts) asks for the later rounds and reads the health table.
    await admin.call('GET', '/api/v1/session');
    await admin.json('POST', '/api/v1/session', { ...ADMIN, hash: 'h1' });
    for (let round = 1; round <= rounds; round++) {
      // Round 1 began before the server answered its health check: every answer so far is the round's.
      const before =
        round === 1
          ? { statuses: new Map<number, number>(), bytes: 0, cpu: cpuSeconds(pid) }
          : { statuses: new Map(web.statuses), bytes: web.bytesSent(), cpu: cpuSeconds(pid) };
      let peakRss = memoryOf(pid).rssMb;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, memoryOf(pid).rssMb);
      }, 250);
      let started = performance.now();
      let finished = false;
      let ended = 0;
      if (round > 1) {
        const ids = await sourceIds(admin);
        started = performance.now();
        const askedAt = new Date(Date.now() - 1000);
        // The asks, 8 at a time, while the scheduler already fetches the first ones and visitors read.
        const queue = [...ids];
        const asks = Promise.all(
          Array.from({ length: 8 }, async () => {
            for (let id = queue.shift(); id !== undefined; id = queue.shift())
              await admin.json('POST', `/api/v1/admin/sources/${id}/fetch`);
          }),
        );
        void asks
          .then(() =>
            waitFor(async () => {
              const oldest = await admin.json<AdminList>(
                'GET',
                '/api/v1/admin/sources?sort=lastFetchedAt&perPage=1',
              );
              const at = oldest.sources[0]?.lastFetchedAt;
              return at !== null && at !== undefined && Date.parse(at) >= askedAt.getTime();
            }),
          )
          .catch((error: unknown) => console.error('the round failed:', error))
          .finally(() => {
            ended = performance.now();
            finished = true;
          });
      } else {
        void waitFor(async () => {
          const health = (await (await fetch(`${server.url}/healthz`)).json()) as {
            ingest: { pending: number };
          };
          return health.ingest.pending === 0;
        })
          .catch((error: unknown) => console.error('the round failed:', error))
          .finally(() => {
            ended = performance.now();
            finished = true;
          });
      }
      const visitors = await visitorsUntil(server.url, rate, () => finished);
      clearInterval(sampler);
      // Round 1 runs from the first fetch the hosts saw (the server fetches as soon as it starts).
      if (round === 1) started = web.firstRequestAt() ?? started;
      const statuses: Record<string, number> = {};
      for (const [status, n] of web.statuses) statuses[status] = n - (before.statuses.get(status) ?? 0);
      const failing = await sourceIds(admin, true).catch(() => -1);
      results.push({
        round,
        seconds: (ended - started) / 1000,
        statuses,
        mbServed: (web.bytesSent() - before.bytes) / 1024 / 1024,
        peakRssMb: peakRss,
        cpuSeconds: cpuSeconds(pid) - before.cpu,
        visitors,
        failing,
      });
      const r = results.at(-1) as RoundResult;
      console.log(
        `round ${round}: ${fixed(r.seconds)} s, ${JSON.stringify(r.statuses)}, ${fixed(r.mbServed)} MB served, peak RSS ${r.peakRssMb} MB, server CPU ${fixed(r.cpuSeconds)} s, visitors p50 ${fixed(r.visitors.p50)} ms p99 ${fixed(r.visitors.p99)} ms (${r.visitors.requests} requests, ${r.visitors.errors} errors, ${r.visitors.non2xx} non-2xx), failing sources ${r.failing}`,
      );
    }
  } finally {
    const hwm = memoryOf(pid).hwmMb;
    await stopServer(server);
    await web.close();
    rmSync(work, { recursive: true, force: true });
    if (results.length) report(results, { feeds, hostCount, busiest, hwm, rate, command: server.command });
  }
}

/** Every source id (admin list, 200 a page); with `failingOnly`, the count of failing sources instead. */
async function sourceIds(admin: Session): Promise<number[]>;
async function sourceIds(admin: Session, failingOnly: true): Promise<number>;
async function sourceIds(admin: Session, failingOnly = false): Promise<number[] | number> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const list = await admin.json<AdminList>('GET', `/api/v1/admin/sources?perPage=200&page=${page}`);
    if (failingOnly) return list.meta.states.failing;
    ids.push(...list.sources.map((s) => s.id));
    if (list.sources.length < 200) return ids;
  }
}

async function waitFor(ok: () => Promise<boolean>, timeoutMs = 15 * 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await ok().catch(() => false)) return;
    await sleep(500);
  }
  throw new Error('the round did not end within 15 minutes');
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + 1);
  return out;
}

const mark = (ok: boolean) => (ok ? 'met' : '**missed**');

function report(
  results: RoundResult[],
  o: { feeds: ReplayFeed[]; hostCount: number; busiest: number; hwm: number; rate: number; command: string },
): void {
  const rows = results.map((r) => [
    r.round === 1 ? '1 (first fetch: all 200)' : `${r.round} (half 304)`,
    fixed(r.seconds),
    Object.entries(r.statuses)
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${n}× ${s}`)
      .join(', '),
    fixed(r.mbServed),
    fixed(r.cpuSeconds),
    r.peakRssMb,
    `${fixed(r.visitors.p50)} / ${fixed(r.visitors.p99)}`,
    `${r.visitors.requests} / ${r.visitors.errors + r.visitors.non2xx}`,
    r.failing,
  ]);
  const repeats = results.filter((r) => r.round > 1);
  const judged = repeats.length ? repeats : results;
  const first = results.find((r) => r.round === 1);
  const roundSeconds = median(judged.map((r) => r.seconds));
  const worstRss = Math.max(o.hwm, ...results.map((r) => r.peakRssMb));
  const p99 = median(judged.map((r) => r.visitors.p99));
  const files = new Set(o.feeds.map((f) => f.file.file)).size;
  const body = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}: ${o.feeds.length} sources (the catalogue's size) on ${o.hostCount} loopback hosts (one per real host of the catalogue; the busiest serves ${o.busiest} feeds, which per-host politeness, 2 at once and 1 s between starts, spreads over at least ${o.busiest - 1} s), serving ${files} real-world feed files in turn by kind (scripts/bench/fixtures/real-feeds/); odd-numbered feeds gain an item on every fetch, the others answer 304 to If-None-Match. The built server runs on core 0 with PGlite; visitors (home's API calls and two teams' news, ${o.rate} requests a second, open loop, latency from each request's due time) read from core 1 during every round.`,
    '',
    table(
      [
        'round',
        'seconds',
        'answers',
        'MB served',
        'server CPU s',
        'peak RSS MB',
        'visitors p50 / p99 ms',
        'visitor requests / failed',
        'failing sources',
      ],
      rows,
    ),
    '',
    table(
      ['target', 'measured', ''],
      [
        [
          `a round under ${TARGETS.roundSeconds} s`,
          `${fixed(roundSeconds)} s (median of ${judged.length === repeats.length && repeats.length ? 'the repeat rounds' : 'the rounds'})`,
          mark(roundSeconds < TARGETS.roundSeconds),
        ],
        [
          `server RSS under ${TARGETS.rssMb} MB`,
          `${worstRss} MB (the larger of VmHWM and the sampled peak)`,
          mark(worstRss < TARGETS.rssMb),
        ],
        [
          `visitors' p99 under ${TARGETS.p99Ms} ms`,
          `${fixed(p99)} ms (median of ${judged.length === repeats.length && repeats.length ? 'the repeat rounds' : 'the rounds'})`,
          mark(p99 < TARGETS.p99Ms),
        ],
        // The first round is judged on its own too: a first start fetches everything at once, and its
        // visitors are visitors all the same.
        ...(first && repeats.length
          ? [
              [
                `the first round: under ${TARGETS.roundSeconds} s, visitors' p99 under ${TARGETS.p99Ms} ms`,
                `${fixed(first.seconds)} s, ${fixed(first.visitors.p99)} ms`,
                mark(first.seconds < TARGETS.roundSeconds && first.visitors.p99 < TARGETS.p99Ms),
              ],
            ]
          : []),
      ],
    ),
    '',
    `Round 1 runs from the first request the hosts saw to \`GET /healthz\` reporting no source left unfetched; later rounds from the admin's "fetch now" of every source (\`POST /api/v1/admin/sources/:id/fetch\`) to the least recently fetched source having been fetched after it. Server CPU seconds close to the round's seconds mean the core was the limit; far below, the round waited (politeness, the scheduler's interval).`,
    '',
    `Command: \`npm run bench:catalogue -- ${process.argv.slice(2).join(' ')}\` (server: \`${o.command.replace(/DATA_DIR=\S+ /, 'DATA_DIR=<fresh folder> ').replace(/CATALOGUE_DIR=\S+ /, 'CATALOGUE_DIR=<loopback copy> ')}\`).`,
  ].join('\n');
  console.log(`\n${body}`);
  if (flag('write')) {
    const file = join(ROOT, 'docs', 'benchmarks.md');
    writeSection(file, HEADING, `${body}${whereTheTimeGoes(file)}`);
  }
}

const HEADING = 'Catalogue replay (issue 44)';

/**
 * The section's hand-written account of where a round's time goes (from "Where the time goes" to the
 * section's end), kept by `--write`: it is read from profiles, not measured by this script.
 */
function whereTheTimeGoes(file: string): string {
  if (!existsSync(file)) return '';
  const lines = readFileSync(file, 'utf8').split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${HEADING}`);
  if (start === -1) return '';
  const end = lines.findIndex((l, i) => i > start && l.startsWith('## '));
  const section = lines.slice(start + 1, end === -1 ? lines.length : end);
  const from = section.findIndex((l) => l.startsWith('Where the time goes'));
  return from === -1 ? '' : `\n\n${section.slice(from).join('\n').trim()}`;
}

runAndExit(main);
