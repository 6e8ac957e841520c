// With the demo on, demo article links go to the server's own copy of the made-up publication (they work
// with no network), while real sources keep linking to their publishers.

import { DEMO_VIDEO_PATH as CORE_DEMO_VIDEO_PATH } from '@sportspyder/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import { loadArticles } from '../../content/articles/load-articles.js';
import { DEMO_VIDEO_PATH } from '../asset-urls.js';
import { DEMO_FEED_PREFIX } from '../prepare-demo.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
const ids: Record<string, number> = {};

async function article(feedUrl: string, host: string, url: string, title: string): Promise<number> {
  const { db } = testDb;
  const domain = await db.query<{ id: number }>(
    `INSERT INTO domains (host, name) VALUES ($1, $2)
     ON CONFLICT (host) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
    [host, host === 'gridiron-ledger.example' ? 'Gridiron Ledger' : 'Real Paper'],
  );
  const domainId = domain.rows[0]?.id;
  const source = await db.query<{ id: number }>(
    `INSERT INTO sources (domain_id, kind, feed_url, title) VALUES ($1, 'news', $2, 'Feed') RETURNING id`,
    [domainId, feedUrl],
  );
  const row = await db.query<{ id: number }>(
    `INSERT INTO articles (source_id, domain_id, guid, url, canonical_url, title, summary, author, published_at, image_url)
     VALUES ($1, $2, $3, $3, $3, $4, 'Green Bay held on late. <b>Not bold</b>', 'Dana Reyes', now(), '/logos/x.svg')
     RETURNING id`,
    [source.rows[0]?.id, domainId, url, title],
  );
  return Number(row.rows[0]?.id);
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.db);
  ids.demo = await article(
    `${DEMO_FEED_PREFIX}gridiron-ledger.xml`,
    'gridiron-ledger.example',
    'https://gridiron-ledger.example/2026/11/packers-hold-on',
    'Packers hold on in the snow',
  );
  ids.video = await article(
    `${DEMO_FEED_PREFIX}film-room.xml`,
    'youtube.com',
    'https://www.youtube.com/watch?v=Fk3dEmoVid01',
    'Film room: the goal-line stand',
  );
  ids.realVideo = await article(
    'https://www.youtube.com/feeds/videos.xml?channel_id=real',
    'youtube.com',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'A real video',
  );
  // A real source on a .example host (as test fixtures use): not a demo feed, so untouched.
  ids.real = await article(
    'https://realpaper.example/feed.xml',
    'realpaper.example',
    'https://realpaper.example/story',
    'A real story',
  );
});

afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

describe('demo publisher pages', () => {
  it('links demo articles to the server copy on the public origin, and real sources to their publisher', async () => {
    const [demo, real] = await loadArticles(testDb.db, [ids.demo ?? 0, ids.real ?? 0]);
    const local = 'http://sportspyder.test/demo/publishers/gridiron-ledger.example/2026/11/packers-hold-on';
    expect(demo?.finalUrl).toBe(local);
    expect(demo?.articleImage?.homeUrl).toBe(local);
    expect(real?.finalUrl).toBe('https://realpaper.example/story');
  });

  it('renders the demo article as a readable page with no script, and 404s anything else', async () => {
    const page = await app.inject({
      method: 'GET',
      url: '/demo/publishers/gridiron-ledger.example/2026/11/packers-hold-on',
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<h1>Packers hold on in the snow</h1>');
    expect(page.body).toContain('Gridiron Ledger');
    expect(page.body).toContain('By Dana Reyes');
    expect(page.body).toContain('&lt;b&gt;Not bold&lt;/b&gt;');
    expect(page.body).toContain('made-up publication');
    expect(page.body).toContain('href="/"');
    expect(page.body).not.toMatch(/<script|style="/);
    for (const url of [
      '/demo/publishers/gridiron-ledger.example/2026/11/nope',
      '/demo/publishers/realpaper.example/story',
      '/demo/publishers/nytimes.com/story',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it("plays a demo video in the server's own page, and leaves real videos to YouTube", async () => {
    expect(DEMO_VIDEO_PATH).toBe(CORE_DEMO_VIDEO_PATH);
    const [video, real] = await loadArticles(testDb.db, [ids.video ?? 0, ids.realVideo ?? 0]);
    expect(video?.finalUrl).toBe('http://sportspyder.test/demo/videos/Fk3dEmoVid01');
    expect(real?.finalUrl).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    const page = await app.inject({ method: 'GET', url: '/demo/videos/Fk3dEmoVid01' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Film room: the goal-line stand</h1>');
    // The channel is the video feed's own name, not the platform's.
    expect(page.body).toContain('Feed is a made-up channel');
    // The player's script is a file of the server's own origin (no inline script, no style attribute).
    expect(page.body).toContain('<script src="/demo/video-player.js" defer></script>');
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)|style="/);
    expect(page.body).toContain('aria-label="Play video"');
    const script = await app.inject({ method: 'GET', url: '/demo/video-player.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("'listening'");
    for (const url of [
      '/demo/videos/dQw4w9WgXcQ',
      '/demo/videos/not%20an%20id',
      '/demo/videos/NoSuchVideo1',
    ]) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });
});
