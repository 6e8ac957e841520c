import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the server saw: when (performance.now()), its URL and its cookie header. */
export interface Arrival {
  at: number;
  url: string;
  cookie: string | undefined;
}

/** A local HTTP server for the load tools' tests (paced-load.ts, closed-loop.ts). */
export interface RecordingServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Every request so far, in order of arrival; tests empty it between runs. */
  arrivals: Arrival[];
  /** How long each answer waits (ms); `/missing` answers 404, everything else 200 `ok`. */
  delayMs: number;
  close(): Promise<void>;
}

/** Starts a {@link RecordingServer} on a free loopback port. */
export async function startRecordingServer(): Promise<RecordingServer> {
  const recorder = { arrivals: [] as Arrival[], delayMs: 0 };
  const server = http.createServer((request, response) => {
    recorder.arrivals.push({ at: performance.now(), url: request.url ?? '', cookie: request.headers.cookie });
    setTimeout(() => {
      response.statusCode = request.url === '/missing' ? 404 : 200;
      response.end('ok');
    }, recorder.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(recorder, {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
