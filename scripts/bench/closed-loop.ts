// A closed-loop load with wrk (Debian's `wrk` package): a fixed number of keep-alive connections, each
// sending its next request as soon as the last one is answered, for as many requests as the server gets
// through. The cluster benchmark uses it for the most each process count serves.
//
// Why wrk and not the benchmarks' own Node load (fixed-rate.ts): on a machine with as few cores as web
// processes, the load has to share their cores, and what it takes from them is what the comparison loses.
// wrk is an event loop in C over pre-formatted requests; at the cached mix's 4,000 answers/s it used about
// a third of a core where fixed-rate.ts needs most of one. What the load used is measured and reported
// with each run (its own /proc/self/stat, read by the Lua script when the run ends).
//
// The requests are a paths file as fixed-rate.ts reads it (a JSON array of paths, or of { path, cookie }),
// sent in turn by each of wrk's threads.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Options of one closed-loop run. */
export interface ClosedLoopOptions {
  /** Keep-alive connections, each with one request in flight. */
  connections: number;
  seconds: number;
  /** A JSON array of paths, or of `{ path, cookie }` (fixed-rate.ts's format). */
  pathsFile: string;
  /** taskset's core list for wrk, e.g. `1`. */
  cores: string;
  /** wrk's threads (one event loop each); at most the number of cores given. */
  threads: number;
}

/** Figures of one closed-loop run (latencies in ms, from each request's send to its answer). */
export interface ClosedLoopRun {
  rps: number;
  requests: number;
  p50: number;
  p99: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Answers with a status of 400 or more. */
  non2xx: number;
  /** CPU seconds wrk itself used (user + system). */
  loadCpuSeconds: number;
}

/** Whether wrk is installed (`apt-get install wrk`). */
export function closedLoopAvailable(): boolean {
  return spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined;
}

// The Lua script: every request formatted once at start, then sent in turn; at the end one line of JSON
// with the counts, two percentiles (µs) and the process's CPU ticks (utime and stime, fields 14 and 15 of
// /proc/self/stat, 100 per second).
const SCRIPT = `
local formatted = {}
local next_index = 0
init = function(args)
  for k, entry in ipairs(ENTRIES) do
    local headers = {}
    if entry[2] ~= nil then headers["Cookie"] = entry[2] end
    formatted[k] = wrk.format("GET", entry[1], headers)
  end
end
request = function()
  next_index = (next_index % #formatted) + 1
  return formatted[next_index]
end
done = function(summary, latency, requests)
  local file = io.open("/proc/self/stat", "r")
  local stat = file:read("*a")
  file:close()
  local fields = {}
  for field in stat:match("%) (.*)"):gmatch("%S+") do fields[#fields + 1] = field end
  local e = summary.errors
  io.write(string.format(
    'CLOSED_LOOP {"requests":%d,"durationUs":%d,"errors":%d,"non2xx":%d,"p50Us":%d,"p99Us":%d,"cpuTicks":%d}\\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency:percentile(50), latency:percentile(99), tonumber(fields[12]) + tonumber(fields[13])))
end
`;

/** A Lua string literal; the paths and cookies are ASCII, which JSON's escapes cover as Lua reads them. */
function luaString(value: string): string {
  if (!/^[\x20-\x7e]*$/.test(value)) throw new Error(`not printable ASCII: ${value}`);
  return JSON.stringify(value);
}

/** The Lua script for a paths file. */
export function closedLoopScript(pathsFile: string): string {
  const list = JSON.parse(readFileSync(pathsFile, 'utf8')) as (string | { path: string; cookie: string })[];
  const entries = list.map((entry) =>
    typeof entry === 'string'
      ? `{${luaString(entry)}}`
      : `{${luaString(entry.path)}, ${luaString(entry.cookie)}}`,
  );
  return `local ENTRIES = {\n${entries.join(',\n')}\n}\n${SCRIPT}`;
}

/** Runs wrk against `origin` with the paths file's requests and answers its figures. */
export async function runClosedLoop(origin: string, o: ClosedLoopOptions): Promise<ClosedLoopRun> {
  const dir = mkdtempSync(join(tmpdir(), 'sportspyder-closed-loop-'));
  try {
    const script = join(dir, 'requests.lua');
    writeFileSync(script, closedLoopScript(o.pathsFile));
    // Asynchronous: a server in this process (the test's) goes on answering meanwhile.
    const result = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
      execFile(
        'taskset',
        [
          '-c',
          o.cores,
          'wrk',
          `-t${o.threads}`,
          `-c${o.connections}`,
          `-d${o.seconds}s`,
          '--timeout=10s',
          '-s',
          script,
          origin,
        ],
        { encoding: 'utf8', timeout: (o.seconds + 60) * 1000 },
        (error, stdout, stderr) =>
          resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
      ),
    );
    const line = result.stdout.split('\n').find((l) => l.startsWith('CLOSED_LOOP '));
    if (result.status !== 0 || !line) throw new Error(`wrk failed: ${result.stderr || result.stdout}`);
    const json = JSON.parse(line.slice('CLOSED_LOOP '.length)) as {
      requests: number;
      durationUs: number;
      errors: number;
      non2xx: number;
      p50Us: number;
      p99Us: number;
      cpuTicks: number;
    };
    return {
      rps: json.requests / (json.durationUs / 1e6),
      requests: json.requests,
      p50: json.p50Us / 1000,
      p99: json.p99Us / 1000,
      errors: json.errors,
      non2xx: json.non2xx,
      loadCpuSeconds: json.cpuTicks / 100,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
