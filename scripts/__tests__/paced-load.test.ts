import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacedLoad } from '../bench/paced-load.js';
import { type RecordingServer, startRecordingServer } from './helpers/recording-server.js';

// The benchmarks' load: requests arrive evenly spaced at the asked rate (not a burst at the start of
// each second, as autocannon's overallRate sends them), and each latency runs from its due time.
let server: RecordingServer;

beforeAll(async () => {
  server = await startRecordingServer();
});

afterAll(async () => {
  await server.close();
});

describe('pacedLoad', () => {
  it('sends the requests evenly at the rate, in turn, with their cookies, recording the measured ones', async () => {
    server.arrivals.length = 0;
    server.delayMs = 0;
    const result = await pacedLoad({
      origin: server.origin,
      requests: ['/a', { path: '/b', cookie: 'session=1' }, '/missing'],
      rate: 200,
      warmupSeconds: 0.5,
      seconds: 1,
      connections: 10,
    });
    expect(server.arrivals).toHaveLength(300);
    // In turn: a third each, the cookie on its own request only. (Not the order of arrival: requests a
    // few ms apart travel on different connections, and a busy machine can swap neighbours.)
    const sentOf = (url: string) => server.arrivals.filter((a) => a.url === url);
    expect(sentOf('/a')).toHaveLength(100);
    expect(sentOf('/b')).toHaveLength(100);
    expect(sentOf('/missing')).toHaveLength(100);
    expect(sentOf('/b').every((a) => a.cookie === 'session=1')).toBe(true);
    expect(server.arrivals.filter((a) => a.cookie !== undefined)).toHaveLength(100);
    expect(new Set(server.arrivals.slice(0, 6).map((a) => a.url))).toEqual(new Set(['/a', '/b', '/missing']));
    // 200 a second is one every 5 ms, so each quarter second of the 1.5 s run gets about 50, where a
    // per-second burst would put all 200 of a second in its first few milliseconds and none in the rest.
    // (Quarters, not a 50 ms window: a stall of a few tens of ms on a busy CI machine makes the tick send
    // the overdue requests together, as it should, and a dozen-per-50 ms bound failed at 16.)
    const times = server.arrivals.map((a) => a.at);
    const first = times[0] as number;
    const perQuarter = [0, 0, 0, 0, 0, 0];
    for (const at of times) {
      const quarter = Math.min(5, Math.floor((at - first) / 250));
      perQuarter[quarter] = (perQuarter[quarter] ?? 0) + 1;
    }
    for (const count of perQuarter) {
      expect(count).toBeGreaterThanOrEqual(25);
      expect(count).toBeLessThanOrEqual(75);
    }
    expect((times.at(-1) as number) - (times[0] as number)).toBeGreaterThan(1300);
    // The measured second: 200 answers, a third of them 404.
    expect(result.answered).toBe(200);
    expect(result.answeredInWindow).toBeGreaterThanOrEqual(195);
    expect(result.non2xx).toBe(Math.round(200 / 3));
    expect(result.latencies).toHaveLength(200 - result.non2xx);
    expect(result.errors).toBe(0);
  });

  it('counts the wait for a free connection in the latency when answers are slower than the rate', async () => {
    server.arrivals.length = 0;
    server.delayMs = 40;
    // 100 a second over 2 connections that each take 40 ms: at most 50 a second get through, so the
    // requests queue and their latencies (from when they were due) keep growing.
    const result = await pacedLoad({
      origin: server.origin,
      requests: ['/slow'],
      rate: 100,
      warmupSeconds: 0,
      seconds: 1,
      connections: 2,
    });
    const sorted = [...result.latencies].sort((a, b) => a - b);
    expect(sorted[0]).toBeGreaterThanOrEqual(39);
    // What got through in the measured second: 2 connections × 25 answers, not the 100 asked.
    expect(result.answeredInWindow).toBeGreaterThanOrEqual(40);
    expect(result.answeredInWindow).toBeLessThanOrEqual(55);
    expect(result.answered).toBe(100);
    expect(sorted.at(-1)).toBeGreaterThan(700);
  });

  it('gives up on the answers still owed after the drain, counting them as errors with their wait', async () => {
    server.delayMs = 100;
    // 100 a second over one connection answering in 100 ms: about 15 answers in 1.5 s, the rest owed.
    const result = await pacedLoad({
      origin: server.origin,
      requests: ['/slow'],
      rate: 100,
      warmupSeconds: 0,
      seconds: 1,
      connections: 1,
      drainSeconds: 0.5,
    });
    expect(result.answered).toBeLessThan(25);
    expect(result.errors).toBe(100 - result.answered);
    expect(result.latencies).toHaveLength(100);
    expect(Math.max(...result.latencies)).toBeGreaterThan(1000);
  });
});
