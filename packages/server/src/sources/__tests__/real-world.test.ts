// The real world without the network (issue 44): loopback hosts serve catalogue-like feeds (a team blog, a
// feed answering 429 with Retry-After, one moved permanently, one too large); the real server, started with
// SOURCES=real on that catalogue, registers it, fetches it through the pipeline, fills the team's page, and
// records each source's health as an operator needs to see it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { DEFAULT_MAX_FEED_BYTES } from '../../ingest/feeds/fetch-feed.js';
import { type RunningServer, startServer } from '../../server.js';

const now = Date.now();
const rss = (title: string, items: string[]) => `<?xml version="1.0"?><rss version="2.0"><channel>
<title>${title}</title><link>http://blog.test/</link>
${items.map((t, i) => `<item><title>${t}</title><link>http://blog.test/${i}-${encodeURIComponent(t)}</link><pubDate>${new Date(now - (i + 1) * 3_600_000).toUTCString()}</pubDate><description>${t}</description></item>`).join('\n')}
</channel></rss>`;

const hosts: Server[] = [];
async function host(address: string, handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, address, r));
  hosts.push(server);
  return `http://${address}:${(server.address() as AddressInfo).port}`;
}

let t: TestDatabase;
let server: RunningServer;
let dirs: string[] = [];
let urls: Record<'blog' | 'busy' | 'moved' | 'huge', string>;

beforeAll(async () => {
  const blog = await host('127.0.0.2', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(
      rss('Lambeau Insider', [
        'Packers sign a new kicker before Sunday',
        'Green Bay Packers beat the Bears at Lambeau',
      ]),
    );
  });
  const busy = await host('127.0.0.3', (_req, res) => res.writeHead(429, { 'retry-after': '7200' }).end());
  const moved = await host('127.0.0.4', (req, res) => {
    if (req.url === '/old.xml') return res.writeHead(301, { location: '/new.xml' }).end();
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    res.end(rss('Packers Moved Blog', ['Packers practice report: Love limited on Wednesday']));
  });
  const huge = await host('127.0.0.5', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' });
    // More than the cap, streamed without a length, as a runaway feed would.
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    let sent = 0;
    const write = () => {
      while (sent <= DEFAULT_MAX_FEED_BYTES) {
        sent += chunk.length;
        if (!res.write(chunk)) return res.once('drain', write);
      }
      res.end();
    };
    res.write('<?xml version="1.0"?><rss version="2.0"><channel><title>');
    write();
  });
  urls = {
    blog: `${blog}/feed.xml`,
    busy: `${busy}/feed.xml`,
    moved: `${moved}/old.xml`,
    huge: `${huge}/feed.xml`,
  };
  const catalogueDir = mkdtempSync(join(tmpdir(), 'real-world-catalogue-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'real-world-data-'));
  dirs = [catalogueDir, dataDir];
  const entry = (url: string, title: string) => ({
    url,
    kind: 'news',
    title,
    sport: 'nfl',
    teams: ['green-bay-packers'],
    from: 'https://loopback.test/',
  });
  writeFileSync(
    join(catalogueDir, 'test.json'),
    JSON.stringify({
      about: 'loopback catalogue',
      sources: [
        entry(urls.blog, 'Lambeau Insider'),
        entry(urls.busy, 'Busy Blog'),
        entry(urls.moved, 'Moved Blog'),
        entry(urls.huge, 'Huge Blog'),
      ],
    }),
  );
  t = await createTestDatabase();
  server = await startServer({
    db: t.db,
    env: { SOURCES: 'real', CATALOGUE_DIR: catalogueDir, INGEST_INTERVAL_MS: '100' },
    config: { port: 0, host: '127.0.0.1', dataDir, siteDir: '/nonexistent-site' },
    logger: false,
  });
});
afterAll(async () => {
  await server?.close();
  await t?.dispose();
  for (const h of hosts) {
    h.closeAllConnections();
    h.close();
  }
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the real world on loopback hosts', () => {
  it("registers the catalogue, fetches it, fills the team page and records each source's health", async () => {
    const health = await until(
      async () =>
        (await fetch(`${server.url}/healthz`)).json() as Promise<{
          ingest: { pending: number };
          sources: unknown;
        }>,
      (h) => h.ingest.pending === 0,
    );
    expect(health).toMatchObject({
      ingest: { pending: 0 },
      sources: { mode: 'real', reason: 'SOURCES=real' },
    });

    const page = await until(
      async () =>
        (await (await fetch(`${server.url}/api/v1/teams/green-bay-packers/articles`)).json()) as {
          articles: { title: string }[];
        },
      (p) => p.articles.length >= 3,
    );
    const titles = page.articles.map((a) => a.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Green Bay Packers beat the Bears at Lambeau',
        'Packers sign a new kicker before Sunday',
        'Packers practice report: Love limited on Wednesday',
      ]),
    );

    const { rows } = await t.db.query<{
      title: string;
      feed_url: string;
      last_status: number | null;
      last_error_code: string | null;
      next_fetch_at: Date;
      failure_count: number;
      origin: string;
    }>(
      'SELECT title, feed_url, last_status, last_error_code, next_fetch_at, failure_count, origin FROM sources ORDER BY id',
    );
    const byTitle = Object.fromEntries(rows.map((r) => [r.title, r]));
    expect(rows.every((r) => r.origin === 'catalogue')).toBe(true);
    expect(byTitle['Lambeau Insider']).toMatchObject({ last_status: 200, failure_count: 0 });
    // 429: the source waits at least what the server asked for.
    expect(byTitle['Busy Blog']).toMatchObject({ last_status: 429, last_error_code: 'http-429' });
    expect(new Date(byTitle['Busy Blog']!.next_fetch_at).getTime()).toBeGreaterThanOrEqual(
      Date.now() + 7_000_000,
    );
    // A permanent redirect moves the stored URL.
    expect(byTitle['Moved Blog']!.feed_url).toBe(urls.moved.replace('/old.xml', '/new.xml'));
    // A body past the cap is refused with the reason.
    expect(byTitle['Huge Blog']).toMatchObject({ last_error_code: 'too-large' });
  }, 60_000);
});
