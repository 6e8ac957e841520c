// One fixed-rate load run of the server benchmark, meant to be pinned to its own core
// (`taskset -c 1 npx tsx scripts/bench/fixed-rate.ts --url=... --rate=1000`): autocannon at N connections
// and a fixed overall rate for warm-up + measured seconds, keeping only the answers after the warm-up.
//
// Why autocannon's programming interface rather than its command line:
// - Warm-up: a fresh autocannon process and a server that has only answered 100 sequential requests are
//   both still compiling their hot paths (V8 tiers code up after thousands of calls) and opening 50
//   connections; the first two or three seconds of a cold run had 20-40 % of their requests over 20 ms
//   and dominated a 10-second run's p99. A server that has been up for a while is warm; so is the load.
// - Latencies: with `-R`, autocannon "corrects for coordinated omission" by recording each response of
//   L ms with an expected interval of Math.ceil(1 / rate), rate being requests per second per connection
//   (20 here): 1 ms instead of the 50 ms between a connection's requests, so every response of L ms was
//   counted L times (L, L-1, ..., 1). Here each response is recorded once with its latency, plus the
//   correction done with the real interval (connections × 1000 / rate ms): a response later than that
//   also counts the requests its connection should have sent meanwhile (HdrHistogram's
//   recordValueWithExpectedInterval), so a stalled server still shows in the p99.
//
// A mix of requests: with `--paths-file=<file.json>` (a JSON array of paths, query strings included), every
// request takes the next path of the list in turn, across all connections, on the origin of --url (the
// search benchmark sends a mix of distinct queries this way). An entry may also be `{ path, cookie }`:
// that request carries the cookie (the members' run: each member's session, scripts/bench/members.ts).
//
// Usage: npx tsx scripts/bench/fixed-rate.ts --url=<url> [--connections=50] [--rate=1000] [--seconds=10]
//        [--warmup=5] [--paths-file=<file.json>]
// Prints one line of JSON: FixedRateResult.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** What one run measured (latencies in ms). */
export interface FixedRateResult {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Answers per second over the measured seconds. */
  rps: number;
  /** Answers over the measured seconds. */
  requests: number;
  errors: number;
  non2xx: number;
  /** The interval between one connection's requests that the correction used, in ms. */
  expectedIntervalMs: number;
}

function option(name: string, fallback: string): string {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
}

/** The value at quantile q of sorted numbers. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

/**
 * Latencies with the coordinated-omission correction: a response of L ms, when L exceeds the expected
 * interval I, also stands for the requests its connection did not send while waiting: L - I, L - 2I, ...
 */
export function correctedLatencies(latencies: readonly number[], intervalMs: number): number[] {
  const out: number[] = [];
  for (const latency of latencies) {
    out.push(latency);
    for (let missed = latency - intervalMs; missed >= intervalMs; missed -= intervalMs) out.push(missed);
  }
  return out.sort((a, b) => a - b);
}

/** One entry of a paths file: a path, or a path sent with a cookie. */
type MixEntry = string | { path: string; cookie: string };

/** A request setup that gives each request the next entry of `paths`, in turn across connections. */
function pathMix(paths: readonly MixEntry[]): (request: autocannon.Request) => autocannon.Request {
  let next = 0;
  return (request) => {
    const entry = paths[next % paths.length] as MixEntry;
    next += 1;
    if (typeof entry === 'string') return { ...request, path: entry };
    return { ...request, path: entry.path, headers: { ...request.headers, cookie: entry.cookie } };
  };
}

/** Latencies (ms) of the 2xx responses that arrived after the warm-up, and autocannon's totals. */
function run(
  url: string,
  o: { connections: number; rate: number; seconds: number; warmup: number; paths: MixEntry[] | null },
): Promise<{ latencies: number[]; errors: number; non2xx: number; requests: number }> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let requests = 0;
    let non2xx = 0;
    const started = performance.now();
    // One instance for the warm-up and the measured seconds: a second instance would open 50 new
    // connections at once, and at 100 requests a second those first answers alone made the p99.
    const instance = autocannon(
      {
        url,
        connections: o.connections,
        overallRate: o.rate,
        duration: o.warmup + o.seconds,
        ignoreCoordinatedOmission: true,
        ...(o.paths ? { requests: [{ method: 'GET', setupRequest: pathMix(o.paths) }] } : {}),
      },
      (error, result) =>
        error
          ? reject(error)
          : resolve({ latencies, errors: result.errors + result.timeouts, non2xx, requests }),
    );
    instance.on('response', (_client, status: number, _bytes, ms: number) => {
      if (performance.now() - started < o.warmup * 1000) return;
      requests++;
      if (status >= 200 && status < 300) latencies.push(ms);
      else non2xx++;
    });
  });
}

async function main(): Promise<void> {
  const url = option('url', '');
  if (!url) throw new Error('--url is required');
  const o = {
    connections: Number(option('connections', '50')),
    rate: Number(option('rate', '1000')),
    seconds: Number(option('seconds', '10')),
    warmup: Number(option('warmup', '5')),
    paths: option('paths-file', '')
      ? (JSON.parse(readFileSync(option('paths-file', ''), 'utf8')) as MixEntry[])
      : null,
  };
  const { latencies, errors, non2xx, requests } = await run(url, o);
  const expectedIntervalMs = (o.connections * 1000) / o.rate;
  const sorted = correctedLatencies(latencies, expectedIntervalMs);
  const round = (n: number) => Math.round(n * 10) / 10;
  const out: FixedRateResult = {
    p50: round(quantile(sorted, 0.5)),
    p90: round(quantile(sorted, 0.9)),
    p99: round(quantile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? 0),
    rps: round(requests / o.seconds),
    requests,
    errors,
    non2xx,
    expectedIntervalMs,
  };
  console.log(JSON.stringify(out));
}

await main();
