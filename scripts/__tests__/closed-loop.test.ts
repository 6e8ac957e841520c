import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedLoopAvailable, runClosedLoop } from '../bench/closed-loop.js';
import { type RecordingServer, startRecordingServer } from './helpers/recording-server.js';

// The cluster benchmark's closed-loop load (wrk): the paths file's requests sent in turn with their
// cookies, as many as the server answers, and what the load itself cost.
let server: RecordingServer;
let dir: string;

beforeAll(async () => {
  server = await startRecordingServer();
  dir = mkdtempSync(join(tmpdir(), 'closed-loop-test-'));
});

afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One second of wrk on core 0 with these requests over `connections` connections. */
function run(connections: number, entries: unknown[]) {
  const pathsFile = join(dir, `paths-${Math.random()}.json`);
  writeFileSync(pathsFile, JSON.stringify(entries));
  return runClosedLoop(server.origin, { connections, seconds: 1, threads: 1, cores: '0', pathsFile });
}

describe('runClosedLoop', () => {
  it('is run by wrk, which the unit suite installs (scripts/ensure-wrk)', () => {
    expect(closedLoopAvailable()).toBe(true);
  });

  it('sends the requests in turn with their cookies and counts the answers and the failures', async () => {
    server.arrivals.length = 0;
    server.delayMs = 0;
    const result = await run(1, ['/a', { path: '/b', cookie: 'session=1' }, '/missing']);
    expect(result.requests).toBeGreaterThan(30);
    // One connection: the server saw the answered requests (and perhaps the one in flight at the end).
    expect(server.arrivals.length - result.requests).toBeGreaterThanOrEqual(0);
    expect(server.arrivals.length - result.requests).toBeLessThanOrEqual(1);
    // In turn (wrk asks the script for one request while it sets up, so the cycle may start at any entry).
    const cycle = ['/a', '/b', '/missing'];
    const order = server.arrivals.map((a) => cycle.indexOf(a.url));
    expect(order.slice(1).every((at, i) => at === ((order[i] as number) + 1) % cycle.length)).toBe(true);
    for (const a of server.arrivals) expect(a.cookie).toBe(a.url === '/b' ? 'session=1' : undefined);
    // Every third answer is the 404.
    expect(Math.abs(result.non2xx - result.requests / 3)).toBeLessThanOrEqual(1);
    expect(result.errors).toBe(0);
    // Answers per second of a one-second run.
    expect(Math.abs(result.rps - result.requests)).toBeLessThan(result.requests * 0.1);
    expect(result.loadCpuSeconds).toBeGreaterThanOrEqual(0);
    expect(result.loadCpuSeconds).toBeLessThan(1.5);
  });

  it('measures latency from send to answer, so connections in flight bound the answers per second', async () => {
    server.arrivals.length = 0;
    server.delayMs = 20;
    const result = await run(4, ['/slow']);
    // 4 connections, 20 ms each: at most 200 answers a second, and none sooner than 20 ms.
    expect(result.p50).toBeGreaterThanOrEqual(19);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
    expect(result.rps).toBeGreaterThan(50);
    expect(result.rps).toBeLessThanOrEqual(201);
  });
});
