// An open-loop load at an even rate: request i is due at start + i / rate, whatever the answers before
// it did, over at most N keep-alive connections, and its latency runs from when it was due until its
// answer has been read.
//
// Why not autocannon's `overallRate`: autocannon limits each connection to rate / N requests per
// second by counting them and resetting the counts every second (lib/httpClient.js), so at "300 a
// second over 50 connections" every second starts with all 300 requests sent as fast as the answers
// come back, 50 at a time, and the rest of the second is idle. The server then always has a queue of
// up to 50 requests at the start of a second, and a page costing 0.7 ms answered its last request of the
// queue 35 ms late: the figures measured that burst, not a fixed rate (docs/decisions/performance-and-caching.md).
//
// Latency from the due time means a request that waited for a free connection (the server was slow to
// answer the ones before) counts its wait: the coordinated-omission correction without estimating.
import http from 'node:http';

/** One request of the mix: a path (query string included) and an optional cookie. */
export type PacedRequest = string | { path: string; cookie: string };

/** Options of {@link pacedLoad}. */
export interface PacedLoadOptions {
  /** The server's origin, e.g. `http://127.0.0.1:3000`. */
  origin: string;
  /** Requests sent in turn (request i is `requests[i % length]`). */
  requests: readonly PacedRequest[];
  /** Requests per second. */
  rate: number;
  /** Seconds whose answers are not recorded (both sides warm up), then the measured seconds. */
  warmupSeconds: number;
  seconds: number;
  /** The most connections open at once (default 50). */
  connections?: number;
  /**
   * Seconds to wait for the answers still owed once the last request was sent (default 10). An overloaded
   * server owes thousands; those still unanswered then count as errors, with their wait so far as their
   * latency (a lower bound), and the run ends.
   */
  drainSeconds?: number;
  /** The clock, in ms (tests). */
  now?: () => number;
  /**
   * The `Accept-Encoding` every request sends (default none: answers come uncompressed). A browser's
   * `gzip, deflate, br` measures what compressing costs the server (issue 46).
   */
  acceptEncoding?: string;
  /** Called with each measured 2xx answer (diagnostics: which requests were slow, and how they were served). */
  onAnswer?: (answer: {
    path: string;
    due: number;
    latency: number;
    headers: http.IncomingHttpHeaders;
  }) => void;
}

/** What a paced load measured over its measured seconds (latencies in ms, unsorted). */
export interface PacedLoadResult {
  latencies: number[];
  /** Answers (any status) to requests due in the measured seconds. */
  answered: number;
  /**
   * Answers (any status) that arrived during the measured seconds, whenever their request was due: what
   * the server got through. Below the rate when it could not keep up (the rest came late, in `answered`).
   */
  answeredInWindow: number;
  non2xx: number;
  /** Requests that failed (connection errors, 10 s timeouts) or were still unanswered when the drain ended. */
  errors: number;
}

/**
 * Sends `requests` at an even `rate` and measures each from its due time.
 *
 * @example
 * ```ts
 * const { latencies } = await pacedLoad({ origin, requests: ['/api/v1/top_stories'], rate: 300, warmupSeconds: 5, seconds: 10 });
 * ```
 */
export function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const now = options.now ?? (() => performance.now());
  const url = new URL(options.origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections ?? 50 });
  const total = Math.round(options.rate * (options.warmupSeconds + options.seconds));
  const firstMeasured = Math.round(options.rate * options.warmupSeconds);
  const interval = 1000 / options.rate;
  const result: PacedLoadResult = { latencies: [], answered: 0, answeredInWindow: 0, non2xx: 0, errors: 0 };
  const start = now();
  const windowStart = start + options.warmupSeconds * 1000;
  const windowEnd = windowStart + options.seconds * 1000;
  let sent = 0;
  let settled = 0;

  // Requests sent and not yet settled: their due time and whether they are measured.
  const owed = new Map<number, { due: number; measured: boolean; request?: http.ClientRequest }>();
  let finished = false;

  return new Promise((resolve) => {
    const finish = () => {
      if (finished) return;
      finished = true;
      // Requests still queued in the agent would otherwise be sent on new connections after destroy().
      for (const { request } of owed.values()) request?.destroy();
      owed.clear();
      agent.destroy();
      resolve(result);
    };
    const done = (index: number) => {
      if (finished || !owed.delete(index)) return;
      settled++;
      if (settled === total) finish();
    };
    // Gives up on what is still owed `drainSeconds` after the last request was sent.
    const endDrain = () => {
      if (finished) return;
      const at = now();
      for (const { due, measured } of [...owed.values()]) {
        if (!measured) continue;
        result.errors++;
        result.latencies.push(at - due);
      }
      finish();
    };
    const send = (index: number, due: number) => {
      const entry = options.requests[index % options.requests.length] as PacedRequest;
      const path = typeof entry === 'string' ? entry : entry.path;
      const headers: Record<string, string> = typeof entry === 'string' ? {} : { cookie: entry.cookie };
      if (options.acceptEncoding) headers['accept-encoding'] = options.acceptEncoding;
      const measured = index >= firstMeasured;
      owed.set(index, { due, measured });
      const request = http.get(
        { agent, hostname: url.hostname, port: url.port, path, headers, timeout: 10_000 },
        (response) => {
          response.resume();
          response.once('end', () => {
            if (finished || !owed.has(index)) return;
            const at = now();
            if (at >= windowStart && at < windowEnd) result.answeredInWindow++;
            if (measured) {
              result.answered++;
              const status = response.statusCode ?? 0;
              if (status >= 200 && status < 300) {
                result.latencies.push(at - due);
                options.onAnswer?.({ path, due, latency: at - due, headers: response.headers });
              } else result.non2xx++;
            }
            done(index);
          });
        },
      );
      const entryOwed = owed.get(index);
      if (entryOwed) entryOwed.request = request;
      request.once('timeout', () => request.destroy(new Error('timeout')));
      request.once('error', () => {
        if (finished || !owed.has(index)) return;
        if (measured) result.errors++;
        done(index);
      });
    };
    // Every millisecond or so, send what has come due; a late tick sends the missed ones at once,
    // still measured from their own due times.
    const tick = () => {
      const elapsed = now() - start;
      while (sent < total && sent * interval <= elapsed) {
        send(sent, start + sent * interval);
        sent++;
      }
      if (sent < total) setTimeout(tick, Math.max(0, Math.min(1, sent * interval - elapsed)));
      else setTimeout(endDrain, (options.drainSeconds ?? 10) * 1000).unref();
    };
    if (total === 0) resolve(result);
    else tick();
  });
}
