import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpFeedFetcher } from '../../pipeline/feed-fetcher.js';
import { feedUserAgent, fetchFeed } from '../fetch-feed.js';
import { HostPoliteness } from '../host-politeness.js';
import { fixture } from './fixtures.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const RSS = fixture('rss2.xml');
const FIFTY_MB = 50 * 1024 * 1024;
const GZIP_BOMB = gzipSync(Buffer.alloc(20 * 1024 * 1024, ' '));

/** What the big-body route actually sent before the client hung up. */
const sent = { bytes: 0, closedEarly: false };

const routes: Record<string, Handler> = {
  '/feed': (req, res) => {
    const etag = '"v1"';
    const lastModified = 'Fri, 20 Nov 2026 10:00:00 GMT';
    if (req.headers['if-none-match'] === etag || req.headers['if-modified-since'] === lastModified) {
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/rss+xml; charset=utf-8',
      etag,
      'last-modified': lastModified,
    });
    res.end(RSS);
  },
  '/latin1': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml; charset=iso-8859-1' });
    res.end(
      Buffer.from(
        '<rss version="2.0"><channel><title>Caf\u00e9 M\u00fcller</title></channel></rss>',
        'latin1',
      ),
    );
  },
  '/gzip': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' });
    res.end(gzipSync(RSS));
  },
  '/gzip-bomb': (_req, res) => {
    // About 20 KB on the wire, 20 MB once inflated: the cap must apply to the inflated bytes.
    res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-encoding': 'gzip' });
    res.end(GZIP_BOMB);
  },
  '/stall': () => {
    // Never answers: the fetch must give up on its own.
  },
  '/slow-body': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.write('<rss version="2.0"><channel>');
    // ...and never finishes the body.
  },
  '/huge': (_req, res) => {
    // 50 MB streamed without Content-Length, generated on the fly, never held in memory.
    sent.bytes = 0;
    sent.closedEarly = false;
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    res.on('close', () => {
      if (sent.bytes < FIFTY_MB) sent.closedEarly = true;
    });
    const pump = () => {
      while (sent.bytes < FIFTY_MB && !res.destroyed) {
        sent.bytes += chunk.length;
        if (!res.write(chunk)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!res.destroyed) res.end();
    };
    res.write('<rss version="2.0"><channel><title>');
    pump();
  },
  '/huge-declared': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml', 'content-length': String(FIFTY_MB) });
    res.write('<rss>');
    // The body is never sent: the declared length alone must be refused.
  },
  '/loop-a': (_req, res) => res.writeHead(302, { location: '/loop-b' }).end(),
  '/loop-b': (_req, res) => res.writeHead(301, { location: '/loop-a' }).end(),
  '/html': (_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!DOCTYPE html><html><body>Parked domain</body></html>');
  },
  '/error': (_req, res) => res.writeHead(503, { 'retry-after': '120' }).end('down'),
  '/gone': (_req, res) => res.writeHead(404).end('nope'),
  '/js-redirect': (_req, res) => res.writeHead(302, { location: 'javascript:alert(1)' }).end(),
  '/ua': (req, res) => {
    // Echoes the User-Agent it was sent as the feed's title.
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(`<rss version="2.0"><channel><title>${req.headers['user-agent'] ?? ''}</title></channel></rss>`);
  },
};

function handle(req: IncomingMessage, res: ServerResponse) {
  const path = req.url ?? '/';
  // /chain/N redirects N times before reaching the feed (/chain/0).
  const chain = /^\/chain\/(\d+)$/.exec(path);
  if (chain) {
    const n = Number(chain[1]);
    if (n === 0) routes['/feed']?.(req, res);
    else res.writeHead(n % 2 ? 301 : 302, { location: `/chain/${n - 1}` }).end();
    return;
  }
  const route = routes[path];
  if (route) route(req, res);
  else res.writeHead(404).end();
}

let server: Server;
let other: Server;
let base: string;
let otherBase: string;

function listen(s: Server): Promise<string> {
  return new Promise((resolve) => {
    s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`));
  });
}

beforeAll(async () => {
  server = createServer(handle);
  other = createServer(handle);
  base = await listen(server);
  otherBase = await listen(other);
});

afterAll(async () => {
  server.closeAllConnections();
  other.closeAllConnections();
  await Promise.all([new Promise((r) => server.close(r)), new Promise((r) => other.close(r))]);
});

describe('fetchFeed', () => {
  it('fetches a feed and returns its validators, then answers not-modified to a conditional GET', async () => {
    const first = await fetchFeed(`${base}/feed`);
    expect(first).toMatchObject({
      kind: 'ok',
      status: 200,
      finalUrl: `${base}/feed`,
      etag: '"v1"',
      lastModified: 'Fri, 20 Nov 2026 10:00:00 GMT',
      permanentRedirect: false,
    });
    expect(first.kind === 'ok' && first.body).toBe(RSS);

    expect(await fetchFeed(`${base}/feed`, { etag: '"v1"' })).toEqual({
      kind: 'not-modified',
      finalUrl: `${base}/feed`,
    });
    expect((await fetchFeed(`${base}/feed`, { lastModified: 'Fri, 20 Nov 2026 10:00:00 GMT' })).kind).toBe(
      'not-modified',
    );
    expect((await fetchFeed(`${base}/feed`, { etag: '"old"' })).kind).toBe('ok');
  });

  it('decodes the body in the charset the server declares', async () => {
    const result = await fetchFeed(`${base}/latin1`);
    expect(result.kind === 'ok' && result.body).toContain('Café Müller');
  });

  it('gives up with a timeout when the server never answers or never finishes', async () => {
    const started = Date.now();
    expect(await fetchFeed(`${base}/stall`, { timeoutMs: 200 })).toMatchObject({
      kind: 'error',
      code: 'timeout',
    });
    expect(await fetchFeed(`${base}/slow-body`, { timeoutMs: 200 })).toMatchObject({
      kind: 'error',
      code: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('stops a 50 MB body as soon as it passes the size cap, without downloading it all', async () => {
    const result = await fetchFeed(`${base}/huge`, { maxBytes: 1024 * 1024 });
    expect(result).toMatchObject({ kind: 'error', code: 'too-large' });
    // Give the server a moment to notice the hang-up.
    await new Promise((r) => setTimeout(r, 50));
    expect(sent.closedEarly).toBe(true);
    expect(sent.bytes).toBeLessThan(20 * 1024 * 1024);
  });

  it('inflates compressed feeds and applies the cap to the inflated size (gzip bomb)', async () => {
    const ok = await fetchFeed(`${base}/gzip`);
    expect(ok.kind === 'ok' && ok.body).toBe(RSS);
    expect(await fetchFeed(`${base}/gzip-bomb`)).toMatchObject({ kind: 'error', code: 'too-large' });
  });

  it('refuses a declared 50 MB body without reading it', async () => {
    const result = await fetchFeed(`${base}/huge-declared`, { timeoutMs: 2000 });
    expect(result).toMatchObject({ kind: 'error', code: 'too-large' });
  });

  it('follows up to 5 redirects and reports the final URL', async () => {
    const result = await fetchFeed(`${base}/chain/5`);
    expect(result).toMatchObject({ kind: 'ok', finalUrl: `${base}/chain/0`, permanentRedirect: true });
  });

  it('gives up after too many redirects', async () => {
    expect(await fetchFeed(`${base}/chain/6`)).toMatchObject({ kind: 'error', code: 'too-many-redirects' });
    expect(await fetchFeed(`${base}/chain/2`, { maxRedirects: 1 })).toMatchObject({
      kind: 'error',
      code: 'too-many-redirects',
    });
  });

  it('detects a redirect loop', async () => {
    expect(await fetchFeed(`${base}/loop-a`)).toMatchObject({ kind: 'error', code: 'redirect-loop' });
  });

  it('refuses redirects to non-http schemes', async () => {
    expect(await fetchFeed(`${base}/js-redirect`)).toMatchObject({ kind: 'error', code: 'network' });
  });

  it('reports HTTP errors with their status and Retry-After', async () => {
    expect(await fetchFeed(`${base}/error`)).toMatchObject({
      kind: 'error',
      code: 'http-503',
      retryAfterSeconds: 120,
    });
    expect(await fetchFeed(`${base}/gone`)).toMatchObject({ kind: 'error', code: 'http-404' });
  });

  it('reports an HTML page as not a feed', async () => {
    expect(await fetchFeed(`${base}/html`)).toMatchObject({ kind: 'error', code: 'not-a-feed' });
  });

  it('reports refused connections and bad URLs as network errors instead of throwing', async () => {
    const closed = createServer();
    const closedBase = await listen(closed);
    await new Promise((r) => closed.close(r));
    expect(await fetchFeed(`${closedBase}/feed`)).toMatchObject({ kind: 'error', code: 'network' });
    expect(await fetchFeed('not a url')).toMatchObject({ kind: 'error', code: 'network' });
    expect(await fetchFeed('file:///etc/passwd')).toMatchObject({ kind: 'error', code: 'network' });
  });

  it('names the product, its version and the public origin in its User-Agent', async () => {
    const userAgent = feedUserAgent('0.1.0+1718000000', 'https://sportspyder.example');
    expect(userAgent).toBe('SportSpyder/0.1.0 (+https://sportspyder.example; feed fetcher)');
    // The server's HTTP fetcher hands it to every fetch of a feed.
    const request = httpFeedFetcher({ userAgent }).resolve(`${base}/ua`);
    if (!request) throw new Error('the HTTP fetcher refused an http URL');
    const result = await fetchFeed(request.url, request.options);
    expect(result).toMatchObject({ kind: 'ok' });
    if (result.kind === 'ok') expect(result.body).toContain(`<title>${userAgent}</title>`);
    // Without one, the default still names the product and its version.
    const plain = await fetchFeed(`${base}/ua`);
    if (plain.kind === 'ok')
      expect(plain.body).toMatch(/<title>SportSpyder\/\d+\.\d+\.\d+ \(feed fetcher\)<\/title>/);
    else expect.fail(`fetch failed: ${plain.kind}`);
  });

  it('does not let a stalled feed hold up feeds on other hosts', async () => {
    const politeness = new HostPoliteness({ minGapMs: 0 });
    const finished: string[] = [];
    const stalled = fetchFeed(`${base}/stall`, { timeoutMs: 500, politeness }).then((r) => {
      finished.push('stalled');
      return r;
    });
    const good = fetchFeed(`${otherBase}/feed`, { politeness }).then((r) => {
      finished.push('good');
      return r;
    });
    const [stalledResult, goodResult] = await Promise.all([stalled, good]);
    expect(goodResult.kind).toBe('ok');
    expect(stalledResult).toMatchObject({ kind: 'error', code: 'timeout' });
    expect(finished).toEqual(['good', 'stalled']);
  });
});
