/**
 * A small HTTP reverse proxy for the multi-process tests, doing what the sample nginx configuration of
 * docs/deploy.md does: requests go round-robin to the web processes; a GET or HEAD whose upstream
 * fails before answering (refused, reset: a process killed or restarting) is sent to the next one
 * (nginx `proxy_next_upstream error timeout`, not for other methods), and a failed upstream is left out
 * for a while (`max_fails=1 fail_timeout=10s`). Websocket upgrades are not proxied (the tests open
 * sockets on a process directly).
 * @module
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running proxy in front of the test's web processes (this one, or nginx: `nginx-proxy.ts`). */
export interface TestProxy {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Requests answered by each upstream so far, by its URL. */
  answered(): Map<string, number>;
  /** Stops it. */
  close(): Promise<void>;
}

const RETRYABLE = new Set(['GET', 'HEAD']);
/** How long an upstream that failed is skipped, in ms. */
const FAIL_TIMEOUT_MS = 10_000;

/** Starts a proxy on a free loopback port in front of `upstreams` (`http://host:port`). */
export async function startRoundRobinProxy(upstreams: string[]): Promise<TestProxy> {
  const answeredBy = new Map(upstreams.map((u) => [u, 0]));
  const downUntil = new Map<string, number>();
  let next = 0;

  /** The upstreams to try, in order: the next in turn first, those marked down last. */
  const order = (): string[] => {
    const start = next++ % upstreams.length;
    const turn = [...upstreams.slice(start), ...upstreams.slice(0, start)];
    const now = Date.now();
    return [
      ...turn.filter((u) => (downUntil.get(u) ?? 0) <= now),
      ...turn.filter((u) => (downUntil.get(u) ?? 0) > now),
    ];
  };

  const forward = (upstream: string, req: IncomingMessage, body: Buffer, res: ServerResponse) =>
    new Promise<boolean>((resolve) => {
      const target = new URL(req.url ?? '/', upstream);
      const outgoing = httpRequest(
        target,
        {
          method: req.method,
          headers: {
            ...req.headers,
            host: target.host,
            'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress]
              .filter(Boolean)
              .join(', '),
          },
        },
        (answer) => {
          answeredBy.set(upstream, (answeredBy.get(upstream) ?? 0) + 1);
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', () => resolve(true));
          answer.on('error', () => {
            res.destroy();
            resolve(true);
          });
        },
      );
      outgoing.on('error', () => {
        downUntil.set(upstream, Date.now() + FAIL_TIMEOUT_MS);
        resolve(false);
      });
      outgoing.end(body);
    });

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const candidates = order();
    const tries = RETRYABLE.has(req.method ?? '') ? candidates : candidates.slice(0, 1);
    for (const upstream of tries) {
      if (await forward(upstream, req, body, res)) return;
    }
    res.writeHead(502, { 'content-type': 'text/plain' }).end('no upstream answered');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    answered: () => new Map(answeredBy),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
