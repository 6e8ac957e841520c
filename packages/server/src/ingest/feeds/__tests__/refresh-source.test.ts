import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HostPoliteness } from '../host-politeness.js';
import { refreshSource } from '../refresh-source.js';
import { initialSourceState } from '../source-state.js';
import { fixture, NOW } from './fixtures.js';

const files: Record<string, [string, string]> = {
  '/rss2.xml': ['application/rss+xml', fixture('rss2.xml')],
  '/podcast.xml': ['application/rss+xml', fixture('podcast.xml')],
  '/not-xml.txt': ['text/plain', fixture('not-xml.txt')],
  '/truncated.xml': ['application/rss+xml', fixture('truncated.xml')],
  '/xxe.xml': ['application/rss+xml', fixture('xxe.xml')],
  '/statuses.json': ['application/json', fixture('mastodon-statuses.json')],
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/loop') {
      res.writeHead(302, { location: '/loop2' }).end();
      return;
    }
    if (path === '/loop2') {
      res.writeHead(302, { location: '/loop' }).end();
      return;
    }
    if (path === '/huge.xml') {
      // 50 MB generated on the fly, never in memory or on disk.
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      let left = 50 * 1024 * 1024;
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const pump = () => {
        while (left > 0 && !res.destroyed) {
          left -= chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        if (!res.destroyed) res.end();
      };
      res.write('<rss><channel><title>');
      pump();
      return;
    }
    const file = files[path];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[0], etag: `"${path}"` }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('refreshSource', () => {
  it('records every kind of bad feed as a failure on its source while the good ones are read', async () => {
    const politeness = new HostPoliteness({ minGapMs: 0 });
    const paths = [
      '/rss2.xml',
      '/not-xml.txt',
      '/truncated.xml',
      '/huge.xml',
      '/xxe.xml',
      '/loop',
      '/podcast.xml',
    ];
    const results = await Promise.all(
      paths.map((path) =>
        refreshSource(initialSourceState(`${base}${path}`, NOW), {
          now: NOW,
          key: path,
          fetch: { politeness, maxBytes: 2 * 1024 * 1024, timeoutMs: 5000 },
        }),
      ),
    );
    const summary = Object.fromEntries(
      paths.map((path, i) => [path, [results[i]?.state.failureCount, results[i]?.state.lastErrorCode]]),
    );
    expect(summary).toEqual({
      '/rss2.xml': [0, null],
      '/not-xml.txt': [1, 'not-a-feed'],
      '/truncated.xml': [1, 'truncated'],
      '/huge.xml': [1, 'too-large'],
      '/xxe.xml': [1, 'doctype-forbidden'],
      '/loop': [1, 'redirect-loop'],
      '/podcast.xml': [0, null],
    });
    expect(results[0]?.feed?.items).toHaveLength(4);
    expect(results[0]?.state.etag).toBe('"/rss2.xml"');
    expect(results[6]?.feed?.kind).toBe('podcast');
    for (const failed of results.slice(1, 6)) {
      expect(failed.feed).toBeNull();
      expect(failed.state.nextFetchAt.getTime()).toBeGreaterThan(NOW.getTime());
      expect(JSON.stringify(failed)).not.toContain('root:');
    }
  });

  it('sends the stored ETag and reads nothing when the feed has not changed', async () => {
    const first = await refreshSource(initialSourceState(`${base}/rss2.xml`, NOW), { now: NOW });
    expect(first.feed).not.toBeNull();
    // The test server ignores validators, so use a fetch double that answers 304 to If-None-Match.
    const seen: (string | null)[] = [];
    const second = await refreshSource(first.state, {
      now: NOW,
      fetch: {
        fetch: async (_url, init) => {
          const etag = new Headers(init?.headers).get('if-none-match');
          seen.push(etag);
          return new Response(null, { status: 304 });
        },
      },
    });
    expect(seen).toEqual(['"/rss2.xml"']);
    expect(second).toMatchObject({
      feed: null,
      error: null,
      state: { failureCount: 0, etag: '"/rss2.xml"' },
    });
  });

  it('reads Mastodon statuses as posts', async () => {
    const result = await refreshSource(initialSourceState(`${base}/statuses.json`, NOW), {
      now: NOW,
      format: 'mastodon',
    });
    expect(result.error).toBeNull();
    expect(result.posts?.map((p) => p.id)).toEqual(['113500000000000003', '113500000000000002']);
  });
});
