// One fixed-rate load run of the server benchmarks, meant to be pinned to its own core
// (`taskset -c 1 npx tsx scripts/bench/fixed-rate.ts --url=... --rate=1000`): an open-loop load at an
// even rate over at most N keep-alive connections (paced-load.ts), for warm-up + measured seconds,
// keeping only the answers to requests due after the warm-up.
//
// - Warm-up: a fresh load process and a server that has only answered a few requests are both still
//   compiling their hot paths (V8 tiers code up after thousands of calls); the first seconds of a cold
//   run dominated a 10-second run's p99. A server that has been up for a while is warm; so is the load.
// - Latencies run from each request's due time (start + i / rate), so a request that waited for a free
//   connection behind slow answers counts that wait: no coordinated omission to correct afterwards.
// - Until 2026-11-25 this was autocannon's `overallRate`, which sends each second's quota in a burst at
//   the start of the second (paced-load.ts says why that measured bursts); figures before that date in
//   docs/benchmarks.md were measured that way.
//
// A mix of requests: with `--paths-file=<file.json>` (a JSON array of paths, query strings included), every
// request takes the next path of the list in turn, on the origin of --url (the search benchmark sends a
// mix of distinct queries this way). An entry may also be `{ path, cookie }`: that request carries the
// cookie (the members' run: each member's session, scripts/bench/members.ts).
//
// Usage: npx tsx scripts/bench/fixed-rate.ts --url=<url> [--connections=50] [--rate=1000] [--seconds=10]
//        [--warmup=5] [--paths-file=<file.json>] [--accept-encoding=<header>] (sent by every request; the
//        answers are read, not decoded)
// Prints one line of JSON: FixedRateResult.
import { readFileSync } from 'node:fs';
import { type PacedRequest, pacedLoad } from './paced-load.js';

/** What one run measured (latencies in ms). */
export interface FixedRateResult {
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Answers that arrived per second during the measured seconds (what the server got through). */
  rps: number;
  /** Answers to the requests due in the measured seconds (some may have come after them). */
  requests: number;
  errors: number;
  non2xx: number;
  /** The interval between two requests of the load, in ms (1000 / rate). */
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

async function main(): Promise<void> {
  const url = option('url', '');
  if (!url) throw new Error('--url is required');
  const o = {
    connections: Number(option('connections', '50')),
    rate: Number(option('rate', '1000')),
    seconds: Number(option('seconds', '10')),
    warmup: Number(option('warmup', '5')),
    paths: option('paths-file', '')
      ? (JSON.parse(readFileSync(option('paths-file', ''), 'utf8')) as PacedRequest[])
      : null,
    acceptEncoding: option('accept-encoding', ''),
  };
  // The paths of the mix are sent on the origin of --url; without a paths file, --url's own path.
  const target = new URL(url);
  const { latencies, errors, non2xx, answered, answeredInWindow } = await pacedLoad({
    origin: target.origin,
    requests: o.paths ?? [`${target.pathname}${target.search}`],
    rate: o.rate,
    warmupSeconds: o.warmup,
    seconds: o.seconds,
    connections: o.connections,
    ...(o.acceptEncoding ? { acceptEncoding: o.acceptEncoding } : {}),
  });
  const requests = answered;
  const expectedIntervalMs = 1000 / o.rate;
  const sorted = [...latencies].sort((x, y) => x - y);
  const round = (n: number) => Math.round(n * 10) / 10;
  const out: FixedRateResult = {
    p50: round(quantile(sorted, 0.5)),
    p90: round(quantile(sorted, 0.9)),
    p99: round(quantile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? 0),
    rps: round(answeredInWindow / o.seconds),
    requests,
    errors,
    non2xx,
    expectedIntervalMs,
  };
  console.log(JSON.stringify(out));
  // Connections the server is still answering on must not keep this process (and the benchmark) waiting.
  process.exit(0);
}

await main();
