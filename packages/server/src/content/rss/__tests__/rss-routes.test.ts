import { parseRssFeed } from 'feedsmith';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import {
  buildContentApp,
  type ContentFixture,
  seedContent,
} from '../../articles/__tests__/content-fixtures.js';
import { escapeXml, renderRss } from '../render-rss.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await seedContent(testDb.db);
  app = await buildContentApp(testDb.db);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const RFC822 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

async function rss(url: string) {
  const res = await app.inject({ method: 'GET', url, headers: { host: 'sportspyder.test' } });
  return { res, feed: res.statusCode === 200 ? parseRssFeed(res.body) : null };
}

describe('RSS out', () => {
  it('serves a team feed as valid RSS 2.0 with a self link, final URLs and non-permalink guids', async () => {
    const { res, feed } = await rss('/rss/teams/green-bay-packers.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(feed?.title).toBe('Green Bay Packers | SportSpyder');
    expect(feed?.link).toBe('http://sportspyder.test/nfl/green-bay-packers/news');
    expect(feed?.atom?.links).toEqual([
      {
        href: 'http://sportspyder.test/rss/teams/green-bay-packers.xml',
        rel: 'self',
        type: 'application/rss+xml',
      },
    ]);
    const items = feed?.items ?? [];
    expect(items).toHaveLength(21);
    const first = items[0];
    expect(first?.title).toBe('Quill signs extension');
    expect(first?.link).toBe('https://example.test/Quill%20signs%20extension');
    expect(first?.guid).toEqual({ value: `sportspyder-article-${fx.lead}`, isPermaLink: false });
    expect(first?.pubDate).toMatch(RFC822);
    expect(first?.categories?.map((c) => c.name)).toEqual(['Green Bay Packers', 'Casey Quill']);
  });

  it('escapes publisher text', async () => {
    const { feed } = await rss('/rss/sports/nfl.xml');
    const titles = (feed?.items ?? []).map((i) => i.title);
    expect(titles).toContain('Raiders & <friends> win');
    expect(titles).not.toContain('Ledger: Quill signs extension');
  });

  it('serves source, domain, topic and player feeds; legacy slugs and ids resolve', async () => {
    const source = await rss(`/rss/sources/${fx.sources.ledger}.xml`);
    expect(source.feed?.items?.map((i) => i.title)).toEqual([
      'Ledger: Quill signs extension',
      'Raiders & <friends> win',
    ]);
    const domain = await rss(`/rss/domains/${fx.domains.tube}.xml`);
    expect(domain.feed?.items?.map((i) => i.title)).toEqual(['Quill highlights']);
    const topic = await rss('/rss/topics/golf.xml');
    expect(topic.feed?.items?.map((i) => i.title)).toEqual(['Golf: a big week']);
    const player = await rss('/rss/players/casey-quill.xml');
    expect(player.feed?.items?.map((i) => i.title)).toEqual(['Quill signs extension']);
    const legacy = await rss('/rss/teams/oakland-raiders.xml');
    expect(legacy.feed?.items?.map((i) => i.title)).toEqual(['Raiders & <friends> win']);
    const byId = await rss(`/rss/sports/${fx.nfl}.xml`);
    expect(byId.feed?.items).toHaveLength(22);
  });

  it('answers 404 for unknown feeds', async () => {
    for (const url of [
      '/rss/teams/nope.xml',
      '/rss/sources/999999.xml',
      '/rss/sources/abc.xml',
      '/rss/topics/x.xml',
    ]) {
      const { res } = await rss(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ errors: [{ code: 'not_found', title: 'Not found' }] });
    }
  });
});

describe('renderRss', () => {
  it('drops characters XML forbids and escapes markup', () => {
    expect(escapeXml('a\u0001b & <c> "d" \'e\'')).toBe('ab &amp; &lt;c&gt; &quot;d&quot; &apos;e&apos;');
    const xml = renderRss({
      title: 'T\u0000',
      link: 'https://s.test/',
      selfUrl: 'https://s.test/rss.xml?a=1&b=2',
      description: 'D',
      items: [
        { title: '<script>x</script>', link: 'https://p.test/?a=1&b=2', guid: 'g', pubDate: new Date(0) },
      ],
    });
    expect(xml).not.toContain('<script>');
    const feed = parseRssFeed(xml);
    expect(feed.title).toBe('T');
    expect(feed.items?.[0]).toMatchObject({
      title: '<script>x</script>',
      link: 'https://p.test/?a=1&b=2',
      pubDate: 'Thu, 01 Jan 1970 00:00:00 GMT',
    });
  });
});
