// `npm run cli -- sources check` (issue 44) against loopback feed hosts: a table of status, latency, items
// and last item date, a second run conditional (304 with the counts remembered), dead entries named, --json.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSourcesCheck } from '../sources-check-command.js';

const RSS = `<?xml version="1.0"?><rss version="2.0"><channel><title>Packers Blog</title>
<item><title>Packers win</title><link>https://blog.example/1</link><pubDate>Mon, 30 Nov 2026 18:00:00 GMT</pubDate></item>
<item><title>Packers practice</title><link>https://blog.example/2</link><pubDate>Sun, 29 Nov 2026 18:00:00 GMT</pubDate></item>
</channel></rss>`;

let server: Server;
let dir: string;
let dataDir: string;
let requests: { url: string; ifNoneMatch: string | undefined; ua: string | undefined }[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push({
      url: req.url ?? '',
      ifNoneMatch: req.headers['if-none-match'],
      ua: req.headers['user-agent'],
    });
    if (req.url === '/feed.xml') {
      if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304).end();
      return res.writeHead(200, { 'content-type': 'application/rss+xml', etag: '"v1"' }).end(RSS);
    }
    if (req.url === '/page')
      return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><html></html>');
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'sources-check-'));
  dataDir = mkdtempSync(join(tmpdir(), 'sources-check-data-'));
  const entry = (url: string, title: string) => ({
    url,
    kind: 'news',
    title,
    sport: 'nfl',
    from: 'https://test.example/',
  });
  writeFileSync(
    join(dir, 'test.json'),
    JSON.stringify({
      about: 'test',
      sources: [
        entry(`${base}/feed.xml`, 'Packers Blog'),
        entry(`${base}/gone.xml`, 'Gone'),
        entry(`${base}/page`, 'A page'),
      ],
    }),
  );
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

function sink() {
  let text = '';
  return {
    write: (t: string) => (text += t),
    get text() {
      return text;
    },
  };
}

describe('sources check', () => {
  it("prints each feed's health, names the dead ones, and asks again conditionally", async () => {
    const out = sink();
    const err = sink();
    const options = {
      stdout: out,
      stderr: err,
      dataDir,
      catalogueDir: dir,
      userAgent: 'SportSpyder/0.1.0 (+http://test)',
    };
    expect(await runSourcesCheck([], options)).toBe(1);
    const lines = out.text.split('\n');
    expect(lines[0]).toMatch(/^status\s+latency\s+items\s+last item\s+kind\s+title\s+url \/ error$/);
    expect(lines.find((l) => l.includes('Packers Blog'))).toMatch(/^200\s+\d+ ms\s+2\s+2026-11-30\s+news/);
    expect(lines.find((l) => l.includes('Gone'))).toMatch(/^404 .*http-404/);
    expect(lines.find((l) => l.includes('A page'))).toMatch(/not-a-feed/);
    expect(out.text).toContain('3 feeds: 1 answered, 0 not modified since the last check, 2 failed.');
    expect(requests[0]?.ua).toBe('SportSpyder/0.1.0 (+http://test)');

    requests = [];
    const again = sink();
    await runSourcesCheck(['--json', '--kind', 'news'], { ...options, stdout: again });
    const checks = JSON.parse(again.text) as {
      url: string;
      state: string;
      status: number;
      items: number;
      lastItemAt: string;
    }[];
    expect(requests.find((r) => r.url === '/feed.xml')?.ifNoneMatch).toBe('"v1"');
    expect(checks[0]).toMatchObject({
      state: 'not-modified',
      status: 304,
      items: 2,
      lastItemAt: '2026-11-30T18:00:00.000Z',
    });
  });

  it('refuses an unknown kind', async () => {
    const err = sink();
    expect(
      await runSourcesCheck(['--kind', 'blogs'], {
        stdout: sink(),
        stderr: err,
        dataDir: dir,
        catalogueDir: dir,
      }),
    ).toBe(2);
    expect(err.text).toContain('Unknown kind "blogs"');
  });
});
