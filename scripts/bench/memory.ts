// Memory investigation (issue 3 "Memory"): what makes up the server's resident memory during and after
// the first-start demo ingest. Starts the whole server in this process (`startServer`, the same code as
// `node dist/main.js`) on a fresh data folder with the demo on, and samples every 250 ms: RSS, the V8
// heap (total and used), "external" memory, and PGlite's WASM linear memory (the PostgreSQL heap,
// including its shared buffers). Stops once the demo ingest has settled (the sum of the sources'
// article counts is unchanged for 3 polls) or after 5 minutes. It also reports what opening PGlite
// alone costs in a bare child process: on a fresh folder (initdb first), on an existing one, and on an
// existing one with shared_buffers=16MB instead of the default 128MB.
//
// Usage: npx tsx scripts/bench/memory.ts [--dir=.data-bench/memory]
// Prints `MEMORY <json>` (see MemoryResult) as its last line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { startServer } from '../../packages/server/src/server.js';
import { ROOT, waitForIngest } from './load.js';

/** One memory sample, in MB. */
export interface MemorySample {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  wasm: number;
}

/** What the investigation found. */
export interface MemoryResult {
  atListen: MemorySample;
  peak: MemorySample;
  settled: MemorySample;
  settledAfterSeconds: number;
  articles: number;
  /** RSS growth of a bare `node` process opening PGlite (MB), by shared_buffers setting. */
  pgliteOpen: { sharedBuffers: string; rssGrowth: number; wasm: number }[];
}

const mb = (n: number) => Math.round(n / 1_048_576);

// A bare node process (no tsx) opening PGlite on `dataDir`, to isolate its cost. On a fresh folder
// PGlite first runs initdb (its own WASM instance) before starting PostgreSQL.
function pgliteOpenCost(dataDir: string, sharedBuffers: string | null): { rssGrowth: number; wasm: number } {
  const params = sharedBuffers
    ? `[...PGlite.defaultStartParams, '-c', 'shared_buffers=${sharedBuffers}']`
    : 'undefined';
  const code = `import { PGlite } from '@electric-sql/pglite';
    const before = process.memoryUsage().rss;
    const db = await PGlite.create({ dataDir: ${JSON.stringify(dataDir)}, startParams: ${params} });
    await db.query('SELECT 1');
    console.log(JSON.stringify({ rssGrowth: process.memoryUsage().rss - before, wasm: db.mod.HEAPU8.length }));
    await db.close();`;
  const run = spawnSync('node', ['--input-type=module', '-e', code], {
    cwd: resolve(ROOT, 'packages/server'),
    encoding: 'utf8',
    timeout: 120_000,
  });
  const parsed = JSON.parse(run.stdout.trim().split('\n').pop() || '{}') as {
    rssGrowth?: number;
    wasm?: number;
  };
  return { rssGrowth: mb(parsed.rssGrowth ?? Number.NaN), wasm: mb(parsed.wasm ?? Number.NaN) };
}

function pgliteOpenCosts(dir: string): MemoryResult['pgliteOpen'] {
  const dataDir = resolve(dir, 'bare-pglite');
  rmSync(dataDir, { recursive: true, force: true });
  // PGlite creates the data folder but not its parents.
  mkdirSync(dir, { recursive: true });
  return [
    { sharedBuffers: '128MB (default), fresh folder: initdb + start', ...pgliteOpenCost(dataDir, null) },
    { sharedBuffers: '128MB (default), existing folder', ...pgliteOpenCost(dataDir, null) },
    { sharedBuffers: '16MB, existing folder', ...pgliteOpenCost(dataDir, '16MB') },
  ];
}

/** Runs the investigation (see the module comment). */
export async function investigateMemory(dir: string): Promise<MemoryResult> {
  rmSync(dir, { recursive: true, force: true });
  const server = await startServer({
    config: { port: 0, host: '127.0.0.1', dataDir: dir, rateLimitMax: 1_000_000 },
    env: { ...process.env, DEMO: 'on', INGEST: 'on' },
    logger: false,
  });
  const wasmOf = () =>
    (server.db as unknown as { pglite?: { mod?: { HEAPU8?: Uint8Array } } }).pglite?.mod?.HEAPU8;
  const sample = (): MemorySample => {
    const m = process.memoryUsage();
    return {
      rss: mb(m.rss),
      heapTotal: mb(m.heapTotal),
      heapUsed: mb(m.heapUsed),
      external: mb(m.external),
      wasm: mb(wasmOf()?.length ?? 0),
    };
  };
  const atListen = sample();
  const peak = { ...atListen };
  const timer = setInterval(() => {
    const s = sample();
    for (const key of Object.keys(peak) as (keyof MemorySample)[]) peak[key] = Math.max(peak[key], s[key]);
  }, 250);
  try {
    const url = `http://127.0.0.1:${server.port}`;
    const settled = await waitForIngest(url, {
      intervalMs: 2000,
      stableChecks: 3,
      timeoutMs: 5 * 60_000,
      sample: () => {},
    });
    return {
      atListen,
      peak,
      settled: sample(),
      settledAfterSeconds: settled.seconds,
      articles: settled.articles,
      pgliteOpen: pgliteOpenCosts(`${dir}-bare`),
    };
  } finally {
    clearInterval(timer);
    await server.close();
  }
}

const isMain =
  process.argv[1] !== undefined && import.meta.url.endsWith(process.argv[1].replace(/^.*\//, '/'));
if (isMain) {
  const dir = resolve(process.argv.find((a) => a.startsWith('--dir='))?.slice(6) ?? '.data-bench/memory');
  const result = await investigateMemory(dir);
  console.log(`at listen ${JSON.stringify(result.atListen)}`);
  console.log(`peak      ${JSON.stringify(result.peak)}`);
  console.log(`settled   ${JSON.stringify(result.settled)} after ${result.settledAfterSeconds} s`);
  console.log(`PGlite open alone: ${JSON.stringify(result.pgliteOpen)}`);
  console.log(`MEMORY ${JSON.stringify(result)}`);
  process.exit(0);
}
