// Load-test helpers of the server benchmark: start the built server pinned to one core
// (`MALLOC_ARENA_MAX=2 taskset -c 0 node <packages/server/node-flags.json> packages/server/dist/main.js`,
// the environment and flags of npm start) on a given data folder, wait until it answers, read its
// resident memory from /proc, drive it with the paced load pinned to the other core (`taskset -c 1`,
// through fixed-rate.ts: warm-up, then the measured seconds) at a fixed overall rate, and stop it.
// Everything talks to 127.0.0.1 only.
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { FixedRateResult } from './fixed-rate.js';

/** The repository root (scripts/bench/../..). */
export const ROOT = join(import.meta.dirname, '..', '..');

/** What `scripts/server-flags.mjs` prints with `args`, run with only PATH and `env` set. */
function serverFlagsScript(args: string[], env: Record<string, string> = {}): string[] {
  const out = execFileSync(process.execPath, [join(ROOT, 'scripts/server-flags.mjs'), ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  return out.split(' ').filter(Boolean);
}

/**
 * The Node flags `npm start` gives the server, as `scripts/server-flags.mjs` prints them from
 * packages/server/node-flags.json (with `heapGrowth: 'default'`, as `HEAP_GROWTH=default npm start`).
 */
export function serverNodeFlags(options: { heapGrowth?: 'default' } = {}): string[] {
  return serverFlagsScript([], options.heapGrowth ? { HEAP_GROWTH: options.heapGrowth } : {});
}

/** The environment `npm start` starts the server with (`server-flags.mjs --env`: MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_). */
export function serverNodeEnv(): Record<string, string> {
  const pairs = serverFlagsScript(['--env']).map((pair) => pair.split('=') as [string, string]);
  return Object.fromEntries(pairs);
}

/** A server started by {@link startPinnedServer}. */
export interface PinnedServer {
  /** The node process (taskset execs node, so this pid is the server's). */
  child: ChildProcess;
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** The exact command line, for the report. */
  command: string;
  /** Collected stderr (warnings and errors). */
  stderr: () => string;
}

/** Figures of one load run. */
export interface LoadRun {
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  non2xx: number;
  requests: number;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the built server on `dataDir` with the given extra environment, pinned to core 0 (or the
 * `cores` given to taskset, e.g. `0,1` for a cluster of two), on `port` (a free one by default; the chat
 * benchmark restarts a killed server on the same port), with `npm start`'s Node flags unless others are
 * given, running `main` (default the built server; a copy of another build to compare against).
 */
export async function startPinnedServer(
  dataDir: string,
  env: Record<string, string>,
  port?: number,
  cores = '0',
  nodeFlags: readonly string[] = serverNodeFlags(),
  main = 'packages/server/dist/main.js',
): Promise<PinnedServer> {
  port ??= await freePort();
  const fullEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    ...serverNodeEnv(),
    ...env,
  };
  const args = ['-c', cores, 'node', ...nodeFlags, main];
  const child = spawn('taskset', args, {
    cwd: ROOT,
    env: { ...process.env, ...fullEnv },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  const shown = Object.entries(fullEnv)
    .map(([k, v]) => `${k}=${k === 'DATA_DIR' ? v.replace(`${ROOT}/`, '') : k === 'PORT' ? '<free>' : v}`)
    .join(' ');
  return { child, url, command: `${shown} taskset ${args.join(' ')}`, stderr: () => stderr };
}

/** Stops a server (SIGTERM, then SIGKILL after 15 s) and waits for its exit. */
export async function stopServer(server: PinnedServer): Promise<void> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** VmRSS and VmHWM (peak) of a process in MB, from /proc/<pid>/status. */
export function memoryOf(pid: number): { rssMb: number; hwmMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: Math.round(kb('VmRSS') / 1024), hwmMb: Math.round(kb('VmHWM') / 1024) };
}

/**
 * Sends `count` sequential requests (warm-up) and returns the status of the last one. A request that
 * fails on the connection is sent again once: fetch may reuse a pooled connection from the previous
 * call's warm-up that the server is closing for idleness (its keep-alive timeout is 72 s).
 */
export async function warmUp(url: string, count: number): Promise<number> {
  let status = 0;
  for (let i = 0; i < count; i++) {
    const res = await fetch(url).catch(() => fetch(url));
    await res.arrayBuffer();
    status = res.status;
  }
  return status;
}

/** Options of one fixed-rate load; `pathsFile` sends a mix of paths (see fixed-rate.ts). */
export interface LoadOptions {
  connections: number;
  rate: number;
  seconds: number;
  pathsFile?: string;
  /** The cores the load runs on (taskset list, default `1`). */
  loadCores?: string;
  /** The `Accept-Encoding` the load sends (default none; see paced-load.ts). */
  acceptEncoding?: string;
}

/** The load command line (scripts/bench/fixed-rate.ts, pinned to core 1) for a URL. */
export function loadArgs(url: string, o: LoadOptions): string[] {
  return [
    '-c',
    o.loadCores ?? '1',
    'npx',
    'tsx',
    'scripts/bench/fixed-rate.ts',
    `--url=${url}`,
    `--connections=${o.connections}`,
    `--rate=${o.rate}`,
    `--seconds=${o.seconds}`,
    `--warmup=${LOAD_WARMUP_SECONDS}`,
    ...(o.pathsFile ? [`--paths-file=${o.pathsFile}`] : []),
    ...(o.acceptEncoding ? [`--accept-encoding=${o.acceptEncoding}`] : []),
  ];
}

/** Seconds of load at the measured rate before each measured run (see fixed-rate.ts). */
export const LOAD_WARMUP_SECONDS = 5;

/** Runs one warmed-up fixed-rate load against `url` and returns its figures. */
export function runAutocannon(url: string, o: LoadOptions): LoadRun {
  const result = spawnSync('taskset', loadArgs(url, o), {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: (o.seconds + LOAD_WARMUP_SECONDS + 60) * 1000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`the load run failed: ${result.stderr}`);
  const line = result.stdout.trim().split('\n').at(-1) ?? '';
  const json = JSON.parse(line) as FixedRateResult;
  return {
    p50: json.p50,
    p99: json.p99,
    rps: json.rps,
    errors: json.errors,
    non2xx: json.non2xx,
    requests: json.requests,
  };
}

/** The median of some numbers. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Runs the load `runs` times and takes the median of each figure. */
export function medianRuns(url: string, o: LoadOptions & { runs: number }): LoadRun & { runs: LoadRun[] } {
  const runs: LoadRun[] = [];
  for (let i = 0; i < o.runs; i++) runs.push(runAutocannon(url, o));
  return {
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    rps: median(runs.map((r) => r.rps)),
    errors: runs.reduce((s, r) => s + r.errors, 0),
    non2xx: runs.reduce((s, r) => s + r.non2xx, 0),
    requests: runs.reduce((s, r) => s + r.requests, 0),
    runs,
  };
}

/**
 * Waits until the server's demo ingest has settled: the sum of `articlesCount` over every source is
 * non-zero and unchanged for `stableChecks` polls `intervalMs` apart. Calls `sample` on every poll
 * (the caller records memory). Returns the article count and the seconds it took.
 */
export async function waitForIngest(
  url: string,
  o: { intervalMs: number; stableChecks: number; timeoutMs: number; sample: () => void },
): Promise<{ articles: number; seconds: number }> {
  const started = Date.now();
  let last = -1;
  let stable = 0;
  while (Date.now() - started < o.timeoutMs) {
    o.sample();
    let total = 0;
    for (let page = 1; page <= 20; page++) {
      const res = await fetch(`${url}/api/v1/sources?perPage=100&page=${page}`);
      if (!res.ok) break;
      const body = (await res.json()) as { sources: { articlesCount: number }[] };
      total += body.sources.reduce((s, x) => s + x.articlesCount, 0);
      if (body.sources.length < 100) break;
    }
    stable = total > 0 && total === last ? stable + 1 : 0;
    last = total;
    if (stable >= o.stableChecks) break;
    await sleep(o.intervalMs);
  }
  return { articles: last, seconds: Math.round((Date.now() - started) / 1000) };
}
