// Ingest benchmark on PostgreSQL with N worker processes (issue 15, "on PostgreSQL with 2 workers,
// at least 1.7× one worker"): the corpus of ingest.ts (the demo for successive 15-day windows) ingested
// by real worker processes, started as docs/deploy.md starts them (`node packages/server/dist/worker.js`,
// built first if its sources changed: the ingest scheduler with its database leases, the demo-folder
// fetcher, parseFeed and the FeedBatcher) against a fresh database.
//
// A worker runs for days, so what it sustains is measured after it has warmed up: the
// --warmup-windows older windows (default 4) are ingested first and not counted. Without them each
// process's first minute is mostly V8 compiling its hot paths on its helper threads (5-6 s of CPU per
// process on 2026-11-29), which 2 workers pay twice; docs/decisions/ingestion.md.
//
// Each window is one round: the bench writes the window's bodies into the demo feed folder, marks
// every corpus source due (validators cleared, so no 304), and times until no source is due or leased
// any more; the workers share the sources through the leases (each feed fetched by one worker at a
// time). MB/s counts the feed bytes over the sum of the rounds. Worker i is pinned to core i (mod the
// cores given); PostgreSQL runs where the operator started it.
//
// Usage: npx tsx scripts/bench/ingest-workers.ts --database-url=postgres://user@host:port/db
//          [--workers=1,2] [--modes=rounds,flow] [--items=20000] [--warmup-windows=4] [--corpus=headline|full] [--cores=0,1]
//          [--dir=.data-bench/ingest-pg] [--write]
// The database named in the URL is only used to create and drop `sportspyder_bench_ingest`. --write
// puts the figures into docs/benchmarks.md ("Ingest workers on PostgreSQL"); without it they are printed.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { migrate } from '../../packages/server/src/db/migrate.js';
import { PgDatabase } from '../../packages/server/src/db/pg-database.js';
import { DEMO_FEED_PREFIX, demoFeedsDir, prepareDemo } from '../../packages/server/src/demo/prepare-demo.js';
import { seed } from '../../packages/server/src/seed/seed.js';
import { buildServerIfStale } from './bench-db.js';
import { cpuSeconds, postmasterPid, treeCpuSeconds } from './cpu-seconds.js';
import { buildCorpus, type IngestCorpus } from './ingest.js';
import { median } from './load.js';
import { fixed, table, writeSection } from './markdown.js';

/**
 * How the measured windows reach the workers: `rounds`, each window at once and the next once every
 * feed of it is stored (a burst, its last batches alone at the end); `flow`, each source's next window as
 * soon as its last one is stored, whatever the other sources do, as sources come due one by one in
 * service (the schedule spreads their fetches), so the workers' throughput is measured with no wait
 * between windows.
 */
export type WorkersMode = 'rounds' | 'flow';

/** What one run with N workers measured. */
export interface WorkersResult {
  workers: number;
  mode: WorkersMode;
  corpus: IngestCorpus;
  feeds: number;
  windows: number;
  /** Older windows ingested first, untimed and not counted. */
  warmupWindows: number;
  bytes: number;
  stored: number;
  seconds: number;
  itemsPerSecond: number;
  mbPerSecond: number;
  /** CPU seconds the worker processes spent in the rounds (Linux /proc). */
  workerCpuSeconds: number;
  /** CPU seconds the PostgreSQL server spent in the rounds (same machine only). */
  postgresCpuSeconds: number | null;
  /**
   * Of the articles stored in the rounds, those that lead their story: with several workers, a story
   * that starts in two batches at once shows as more leads (`merge-split-stories.ts` joins them).
   */
  leads: number;
  /** Canonical URLs stored more than once in the rounds (the unique index keeps this at 0). */
  repeatedUrls: number;
}

const BENCH_DB = 'sportspyder_bench_ingest';

function option(name: string, fallback: string): string {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
}

function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function recreateDatabase(adminUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DB}`);
  } finally {
    await admin.end();
  }
}

function startWorker(url: string, dataDir: string, core: string | undefined): ChildProcess {
  const args = [resolve('packages/server/dist/worker.js')];
  const [command, argv] =
    core === undefined ? [process.execPath, args] : ['taskset', ['-c', core, process.execPath, ...args]];
  return spawn(command, argv, {
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      INGEST_INTERVAL_MS: '100',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/** CPU seconds of the PostgreSQL server (its backends, also those that have exited), null when remote. */
async function postgresCpu(db: PgDatabase): Promise<number | null> {
  const pid = await postmasterPid(db);
  return pid === null ? null : treeCpuSeconds(pid);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Ingests the corpus with `workers` worker processes on a fresh database; answers what it measured. */
export async function benchIngestWorkers(options: {
  adminUrl: string;
  workers: number;
  mode: WorkersMode;
  items: number;
  warmupWindows: number;
  corpus: IngestCorpus;
  dir: string;
  cores: string[];
}): Promise<WorkersResult> {
  const dataDir = resolve(options.dir);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  await recreateDatabase(options.adminUrl);
  const url = databaseUrl(options.adminUrl, BENCH_DB);
  const db = new PgDatabase({ connectionString: url, max: 2 });
  const children: ChildProcess[] = [];
  try {
    await migrate(db);
    await seed(db);
    const now = new Date();
    await prepareDemo(db, { dataDir, now });
    const corpus = await buildCorpus(db, {
      now,
      items: options.items,
      corpus: options.corpus,
      extraWindows: options.warmupWindows,
    });
    const warmup = corpus.windows.slice(0, options.warmupWindows);
    const windows = corpus.windows.slice(options.warmupWindows);
    const corpusIds = [...new Set(corpus.windows.flat().map((f) => f.source.id))];
    // Only the corpus's sources are fetched, and only when the bench marks them due.
    await db.query(
      `UPDATE sources SET enabled = (id = ANY($1::int[])), next_fetch_at = now() + interval '1 year'`,
      [corpusIds],
    );
    for (let i = 0; i < options.workers; i++) {
      children.push(startWorker(url, dataDir, options.cores[i % Math.max(1, options.cores.length)]));
    }
    // Give the workers time to start (migrations check, first tag index) before the first round.
    await sleep(8000);

    const feedsDir = demoFeedsDir(dataDir);
    const storedItems = async () =>
      (
        await db.query<{ n: number }>(
          `SELECT (SELECT count(*) FROM articles)::int + (SELECT count(*) FROM podcast_episodes)::int AS n`,
        )
      ).rows[0]?.n ?? 0;
    /** Ingests one window (its bodies written, its sources due) and answers how long it took, in ms. */
    const round = async (window: (typeof windows)[number]): Promise<number> => {
      for (const { source, body } of window) {
        writeFileSync(join(feedsDir, source.feedUrl.slice(DEMO_FEED_PREFIX.length)), body);
      }
      const start = performance.now();
      await db.query(
        `UPDATE sources SET next_fetch_at = now(), etag = NULL, last_modified = NULL
          WHERE id = ANY($1::int[])`,
        [window.map((f) => f.source.id)],
      );
      for (;;) {
        await sleep(20);
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM sources
            WHERE enabled AND (next_fetch_at <= now() OR lease_expires_at > now())`,
        );
        if (rows[0]?.n === 0) return performance.now() - start;
      }
    };
    /**
     * Ingests `list` as a flow: a source's next body is written and the source marked due once its last
     * one is stored (it is neither due nor leased), with no wait for the other sources. Answers ms.
     */
    const flow = async (list: typeof windows): Promise<number> => {
      const queued = new Map<number, string[]>();
      const fileOf = new Map<number, string>();
      for (const window of list)
        for (const { source, body } of window) {
          fileOf.set(source.id, join(feedsDir, source.feedUrl.slice(DEMO_FEED_PREFIX.length)));
          queued.set(source.id, [...(queued.get(source.id) ?? []), body]);
        }
      const start = performance.now();
      let ready = [...queued.keys()];
      for (;;) {
        const due: number[] = [];
        for (const id of ready) {
          const body = queued.get(id)?.shift();
          if (body === undefined) continue;
          writeFileSync(fileOf.get(id) as string, body);
          due.push(id);
        }
        if (due.length > 0)
          await db.query(
            `UPDATE sources SET next_fetch_at = now(), etag = NULL, last_modified = NULL
              WHERE id = ANY($1::int[])`,
            [due],
          );
        await sleep(20);
        const { rows } = await db.query<{ id: number; busy: boolean }>(
          `SELECT id, (next_fetch_at <= now() OR coalesce(lease_expires_at > now(), false)) AS busy
             FROM sources WHERE enabled`,
        );
        const idle = new Set(rows.filter((r) => !r.busy).map((r) => r.id));
        const waiting = [...queued].filter(([, bodies]) => bodies.length > 0).map(([id]) => id);
        if (waiting.length === 0 && idle.size === rows.length) return performance.now() - start;
        ready = waiting.filter((id) => idle.has(id));
      }
    };
    for (const window of warmup) await round(window);

    const storedBefore = await storedItems();
    const lastBefore = Number(
      (await db.query<{ id: string | null }>('SELECT max(id) AS id FROM articles')).rows[0]?.id ?? 0,
    );
    const workerCpuBefore = children.reduce((sum, c) => sum + cpuSeconds(c.pid), 0);
    const postgresCpuBefore = await postgresCpu(db);
    let ms = 0;
    if (options.mode === 'flow') ms = await flow(windows);
    else for (const window of windows) ms += await round(window);
    const workerCpu = children.reduce((sum, c) => sum + cpuSeconds(c.pid), 0) - workerCpuBefore;
    const postgresCpuAfter = await postgresCpu(db);
    const stored = (await storedItems()) - storedBefore;
    const bytes = windows.flat().reduce((sum, f) => sum + Buffer.byteLength(f.body), 0);
    const { rows: quality } = await db.query<{ leads: number; repeated: number }>(
      `SELECT (SELECT count(*) FROM articles WHERE id > $1 AND is_lead)::int AS leads,
              (SELECT count(*) FROM (SELECT canonical_url FROM articles WHERE id > $1
                                      GROUP BY canonical_url HAVING count(*) > 1) d)::int AS repeated`,
      [lastBefore],
    );
    const failed = await db.query<{ n: number; error: string | null }>(
      `SELECT count(*)::int AS n, max(last_error) AS error FROM sources WHERE enabled AND failure_count > 0`,
    );
    if ((failed.rows[0]?.n ?? 0) > 0) {
      console.warn(`${failed.rows[0]?.n} sources failed, e.g.: ${failed.rows[0]?.error}`);
    }
    return {
      workers: options.workers,
      mode: options.mode,
      corpus: options.corpus,
      feeds: windows.flat().length,
      windows: windows.length,
      warmupWindows: warmup.length,
      bytes,
      stored,
      seconds: Math.round(ms / 100) / 10,
      itemsPerSecond: Math.round(stored / (ms / 1000)),
      mbPerSecond: Math.round((bytes / 1_048_576 / (ms / 1000)) * 100) / 100,
      workerCpuSeconds: Math.round(workerCpu * 10) / 10,
      postgresCpuSeconds:
        postgresCpuAfter === null || postgresCpuBefore === null
          ? null
          : Math.round((postgresCpuAfter - postgresCpuBefore) * 10) / 10,
      leads: quality[0]?.leads ?? 0,
      repeatedUrls: quality[0]?.repeated ?? 0,
    };
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map(
        (child) => new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r))),
      ),
    );
    await db.close();
  }
}

/** What N workers gave against 1, from the medians of repeated runs of one mode. */
export interface WorkersRatio {
  mode: WorkersMode;
  workers: number;
  /** Runs with this many workers. */
  runs: number;
  /** Median MB/s against the median MB/s of the 1-worker runs. */
  ratio: number;
  /**
   * The most this many workers could give on `machineCores` if CPU per MB stayed that of 1 worker: the
   * cores a 1-worker run kept busy (its workers' and PostgreSQL's CPU over its seconds) bound it. Null
   * when PostgreSQL's CPU is unknown (a remote server).
   */
  ceiling: number | null;
  /** Cores a 1-worker run kept busy (median), or null. */
  oneBusyCores: number | null;
  /** Median CPU seconds per MB (workers and PostgreSQL) against 1 worker's: above 1, each MB cost more. */
  cpuPerMb: number | null;
}

const cpuOf = (r: WorkersResult) =>
  r.postgresCpuSeconds === null ? null : r.workerCpuSeconds + r.postgresCpuSeconds;

/**
 * Per mode (in the order first run) and worker count above 1, the medians of its runs against those of
 * the 1-worker runs of the same mode.
 */
export function workerRatios(results: readonly WorkersResult[], machineCores: number): WorkersRatio[] {
  return [...new Set(results.map((r) => r.mode))].flatMap((mode) =>
    modeRatios(
      mode,
      results.filter((r) => r.mode === mode),
      machineCores,
    ),
  );
}

function modeRatios(
  mode: WorkersMode,
  results: readonly WorkersResult[],
  machineCores: number,
): WorkersRatio[] {
  const runsOf = (n: number) => results.filter((r) => r.workers === n);
  const one = runsOf(1);
  if (one.length === 0) return [];
  // Per run, `f` of its CPU seconds (workers and PostgreSQL); null when a run's PostgreSQL CPU is unknown.
  const perCpu = (runs: WorkersResult[], f: (cpu: number, r: WorkersResult) => number) => {
    const values: number[] = [];
    for (const r of runs) {
      const cpu = cpuOf(r);
      if (cpu === null) return null;
      values.push(f(cpu, r));
    }
    return values;
  };
  const perMb = (runs: WorkersResult[]) => perCpu(runs, (cpu, r) => cpu / (r.bytes / 1_048_576));
  const oneBusy = perCpu(one, (cpu, r) => cpu / r.seconds);
  const onePerMb = perMb(one);
  return [...new Set(results.map((r) => r.workers))]
    .filter((n) => n > 1)
    .sort((x, y) => x - y)
    .map((n) => {
      const nPerMb = perMb(runsOf(n));
      return {
        mode,
        workers: n,
        runs: runsOf(n).length,
        ratio: median(runsOf(n).map((r) => r.mbPerSecond)) / median(one.map((r) => r.mbPerSecond)),
        ceiling: oneBusy ? Math.min(n, machineCores / median(oneBusy)) : null,
        oneBusyCores: oneBusy ? median(oneBusy) : null,
        cpuPerMb: nPerMb && onePerMb ? median(nPerMb) / median(onePerMb) : null,
      };
    });
}

/** The benchmarks.md section of a run: the command, the machine, a row per run, the ratios of medians. */
function report(results: readonly WorkersResult[], started: Date, cores: readonly string[]): string {
  const command = process.argv
    .slice(2)
    .filter((a) => !a.startsWith('--database-url') && a !== '--write')
    .join(' ');
  const shared = cpus().length < Math.max(...results.map((r) => r.workers)) + 1;
  const first = results[0];
  const oneRuns = (mode: WorkersMode) => results.filter((r) => r.workers === 1 && r.mode === mode).length;
  return [
    `Measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), load average at the end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}. Command: \`npx tsx scripts/bench/ingest-workers.ts ${command}\` (with --database-url).`,
    '',
    `Corpus: ingest.ts's (${first?.corpus ?? 'headline'}: ${first?.feeds ?? 0} feeds in ${first?.windows ?? 0} windows, ${fixed((first?.bytes ?? 0) / 1_048_576)} MB of feed XML), stored by real worker processes (\`node packages/server/dist/worker.js\`, as docs/deploy.md runs them: leases, demo-folder fetcher, parseFeed, FeedBatcher) into a fresh PostgreSQL database; worker i pinned to core ${cores.join(' or ')} in turn, PostgreSQL where it was started. Two modes: **rounds**, each window one burst, timed from marking its sources due until none is due or leased, the next window after it (so each ends with one worker's last batches alone); **flow**, each source's next window written and marked due as soon as its last one is stored, whatever the other sources do, as sources come due one by one in service, timed until the last is stored (no wait between windows). ${first?.warmupWindows ?? 0} older windows were ingested first and are not counted: a worker runs for days, and its first minute is mostly V8 compiling its hot paths, which each process pays once.`,
    ...(shared
      ? [
          '',
          `**PostgreSQL shares the workers' cores here**: ${cpus().length} cores for the workers and PostgreSQL's backends together, so a second worker also takes CPU from the backends, and the ratio errs low. "MB per CPU second" (workers' and backends' CPU, from /proc) shows whether a worker's cost per byte stays the same when two share the leases.`,
        ]
      : []),
    '',
    table(
      [
        'mode',
        'workers',
        'stored items',
        'seconds',
        'items/s',
        'MB/s',
        'CPU s: workers / PostgreSQL',
        'MB per CPU second',
        'story leads',
        'URLs stored twice',
      ],
      results.map((r) => [
        r.mode,
        r.workers,
        r.stored,
        fixed(r.seconds),
        r.itemsPerSecond,
        fixed(r.mbPerSecond, 2),
        `${fixed(r.workerCpuSeconds)} / ${r.postgresCpuSeconds === null ? '?' : fixed(r.postgresCpuSeconds)}`,
        cpuOf(r) ? fixed(r.bytes / 1_048_576 / (cpuOf(r) as number), 2) : 'n/a',
        r.leads,
        r.repeatedUrls,
      ]),
    ),
    '',
    ...workerRatios(results, cpus().length).map(
      ({ mode, workers, runs, ratio, ceiling, oneBusyCores, cpuPerMb }) =>
        `- **${mode}: ${workers} workers against 1** (median MB/s of ${runs} and ${oneRuns(mode)} runs): ${fixed(Math.floor(ratio * 100) / 100, 2)}× (target ≥ 1.7×: ${ratio >= 1.7 ? 'met' : '**missed**'}${shared ? ', with PostgreSQL on the same cores' : ''}).` +
        (ceiling === null || oneBusyCores === null || cpuPerMb === null
          ? ''
          : ` The 1-worker runs kept ${fixed(oneBusyCores, 2)} of ${cpus().length} cores busy (workers and PostgreSQL), so ${workers} workers could give at most ${fixed(ceiling, 2)}× here at the same CPU per MB; with ${workers} workers each MB took ${fixed(cpuPerMb, 2)}× the CPU (medians).`),
    ),
  ].join('\n');
}

const isMain =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, '/'));
if (isMain) {
  const adminUrl = option('database-url', process.env.DATABASE_URL ?? '');
  if (!adminUrl) {
    console.error(
      'Usage: npx tsx scripts/bench/ingest-workers.ts --database-url=postgres://... [--workers=1,2]',
    );
    process.exit(1);
  }
  const started = new Date();
  buildServerIfStale();
  const cores = option('cores', '0,1').split(',');
  const results: WorkersResult[] = [];
  const modes = option('modes', 'rounds,flow')
    .split(',')
    .filter((m): m is WorkersMode => m === 'rounds' || m === 'flow');
  for (const workers of option('workers', '1,2').split(',').map(Number))
    for (const mode of modes) {
      const result = await benchIngestWorkers({
        adminUrl,
        workers,
        mode,
        items: Number(option('items', '20000')),
        warmupWindows: Number(option('warmup-windows', '4')),
        corpus: option('corpus', 'headline') === 'full' ? 'full' : 'headline',
        dir: option('dir', '.data-bench/ingest-pg'),
        cores,
      });
      results.push(result);
      console.log(
        `${workers} worker(s), ${mode}: ${result.feeds} feeds (${result.windows} windows), ${(result.bytes / 1_048_576).toFixed(1)} MB, ` +
          `${result.stored} stored in ${result.seconds} s => ${result.itemsPerSecond} items/s, ${result.mbPerSecond} MB/s ` +
          `(CPU: workers ${result.workerCpuSeconds} s, PostgreSQL backends ${result.postgresCpuSeconds ?? '?'} s; ` +
          `${result.leads} story leads, ${result.repeatedUrls} URLs stored twice)`,
      );
    }
  for (const { mode, workers, runs, ratio, ceiling, cpuPerMb } of workerRatios(results, cpus().length))
    console.log(
      `${mode}: ${workers} workers / 1 worker (medians of ${runs} runs): ${ratio.toFixed(2)}× ` +
        `(at most ${ceiling?.toFixed(2) ?? '?'}× on ${cpus().length} cores; CPU per MB ${cpuPerMb?.toFixed(2) ?? '?'}×)`,
    );
  console.log(`RESULT ${JSON.stringify(results)}`);
  if (process.argv.includes('--write')) {
    writeSection(
      resolve('docs/benchmarks.md'),
      'Ingest workers on PostgreSQL (issue 15)',
      report(results, started, cores),
    );
    console.log('written to docs/benchmarks.md');
  }
}
