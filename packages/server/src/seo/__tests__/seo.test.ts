// Server-rendered heads, robots.txt and sitemaps (issue 46), on the seeded reference data (sports, teams,
// topics) with the content fixture of the RSS tests, through the real app and a site folder whose
// index.html is shaped like Vite's build.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Window } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import {
  type ContentFixture,
  insertArticle,
  seedContent,
} from '../../content/articles/__tests__/content-fixtures.js';
import { injectHead } from '../page-head.js';

const ORIGIN = 'http://sportspyder.test';
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="SportSpyder gathers sports news, podcasts, videos and chat for every team." />
    <meta name="theme-color" content="#0d1b2a" />
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <title>SportSpyder</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;
let siteDir: string;
let scriptArticle: number;
let oldArticle: number;
let podcastId: number;
let episodeId: number;
const window = new Window();

beforeAll(async () => {
  testDb = await createTestDatabase();
  const db = testDb.db;
  fx = await seedContent(db);
  scriptArticle = await insertArticle(db, {
    sourceId: fx.sources.nation,
    title: 'Packers </script><script>alert(1)</script> & "friends"',
    hoursAgo: 2,
    teams: [fx.packers],
    summary: 'A <b>bold</b> summary',
  });
  oldArticle = await insertArticle(db, {
    sourceId: fx.sources.nation,
    title: 'Three days old',
    hoursAgo: 72,
    teams: [fx.packers],
  });
  const podcast = await db.query<{ id: number }>(
    `INSERT INTO podcasts (feed_url, title, description, image_url, last_published_at)
     VALUES ('https://feeds.example/pod.xml', 'Pack Talk', 'Talk about the Pack.', 'https://img.example/pod.jpg', now())
     RETURNING id`,
  );
  podcastId = Number(podcast.rows[0]?.id);
  const episode = await db.query<{ id: number }>(
    `INSERT INTO podcast_episodes (podcast_id, guid, title, summary, enclosure_url, enclosure_type, duration, published_at)
     VALUES ($1, 'ep-1', 'Draft Day Special', 'Who the Packers picked.', 'https://audio.example/ep1.mp3', 'audio/mpeg', 3600, now())
     RETURNING id`,
    [podcastId],
  );
  episodeId = Number(episode.rows[0]?.id);
  siteDir = mkdtempSync(join(tmpdir(), 'sportspyder-seo-site-'));
  writeFileSync(join(siteDir, 'index.html'), INDEX_HTML);
  app = await buildTestApp(db, { siteDir });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

interface Head {
  status: number;
  html: string;
  title: string;
  description: string | null;
  canonical: string | null;
  og: Record<string, string>;
  twitter: Record<string, string>;
  alternate: string | null;
  jsonLd: Record<string, unknown>[];
  document: Document;
}

async function page(url: string): Promise<Head> {
  const res = await app.inject({ method: 'GET', url });
  // Without the page's preloads (page-preloads.test.ts): happy-dom would try to fetch them.
  const head = res.body.replace(/<link rel="(?:preload|modulepreload)"[^>]*>/g, '');
  const document = new window.DOMParser().parseFromString(head, 'text/html') as unknown as Document;
  const metas = [...document.querySelectorAll('meta')];
  const pick = (prefix: string, attr: string) =>
    Object.fromEntries(
      metas
        .filter((m) => (m.getAttribute(attr) ?? '').startsWith(prefix))
        .map((m) => [m.getAttribute(attr) as string, m.getAttribute('content') ?? '']),
    );
  return {
    status: res.statusCode,
    html: res.body,
    title: document.querySelector('title')?.textContent ?? '',
    description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    og: pick('og:', 'property'),
    twitter: pick('twitter:', 'name'),
    alternate:
      document.querySelector('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute('href') ??
      null,
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
      (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
    ),
    document,
  };
}

function parseXml(text: string): Document {
  const doc = new window.DOMParser().parseFromString(text, 'application/xml') as unknown as Document;
  expect(doc.querySelector('parsererror')).toBeNull();
  return doc;
}

const locs = (doc: Document) => [...doc.getElementsByTagName('loc')].map((l) => l.textContent ?? '');

describe('server-rendered heads', () => {
  it('gives each public page its own title, description, canonical URL and Open Graph tags', async () => {
    const pages: [string, string, string][] = [
      ['/', 'Sports News, Podcasts and Chat | SportSpyder', `${ORIGIN}/`],
      ['/sports/nfl', 'NFL News, Podcasts and Players | SportSpyder', `${ORIGIN}/sports/nfl`],
      ['/NFL/', 'NFL News, Podcasts and Players | SportSpyder', `${ORIGIN}/sports/nfl`],
      ['/sports/nfl/news', 'The Latest NFL News | SportSpyder', `${ORIGIN}/sports/nfl/news`],
      ['/nfl/green-bay-packers', 'Green Bay Packers | SportSpyder', `${ORIGIN}/nfl/green-bay-packers`],
      [
        '/nfl/green-bay-packers/news?page=2',
        'Green Bay Packers News | SportSpyder',
        `${ORIGIN}/nfl/green-bay-packers/news`,
      ],
      [
        '/nfl/green-bay-packers/players',
        'Green Bay Packers Roster | SportSpyder',
        `${ORIGIN}/nfl/green-bay-packers/players`,
      ],
      ['/players/casey-quill', 'Casey Quill | SportSpyder', `${ORIGIN}/players/casey-quill`],
      ['/s/golf', 'Golf News | SportSpyder', `${ORIGIN}/s/golf`],
      [
        `/sources/${fx.sources.ledger}/news`,
        'The Ledger News | SportSpyder',
        `${ORIGIN}/sources/${fx.sources.ledger}/news`,
      ],
      [
        `/nfl/green-bay-packers/articles/${fx.lead}`,
        'Quill signs extension | SportSpyder',
        `${ORIGIN}/articles/${fx.lead}`,
      ],
      [`/podcasts/${podcastId}`, 'Pack Talk | SportSpyder', `${ORIGIN}/podcasts/${podcastId}`],
      [
        `/episodes/${episodeId}`,
        'Draft Day Special | SportSpyder',
        `${ORIGIN}/podcasts/${podcastId}/episodes/${episodeId}`,
      ],
      ['/search/teams?q=pack', 'Search Teams: pack | SportSpyder', `${ORIGIN}/search/teams?q=pack`],
    ];
    const descriptions = new Set<string>();
    for (const [url, title, canonical] of pages) {
      const head = await page(url);
      expect({ url, status: head.status }).toEqual({ url, status: 200 });
      expect({ url, title: head.title }).toEqual({ url, title });
      expect({ url, canonical: head.canonical }).toEqual({ url, canonical });
      expect(head.og['og:url']).toBe(canonical);
      expect(head.og['og:title']).toBe(title.replace(' | SportSpyder', ''));
      expect(head.og['og:site_name']).toBe('SportSpyder');
      expect(head.og['og:description']).toBe(head.description);
      expect(head.og['og:type']).toBeTruthy();
      expect(head.twitter['twitter:card']).toMatch(/^summary/);
      expect(head.twitter['twitter:title']).toBe(head.og['og:title']);
      expect(head.description?.length).toBeGreaterThan(10);
      descriptions.add(head.description ?? '');
      // One title, one description: the generic ones were replaced, not repeated.
      expect(head.html.match(/<title>/g)).toHaveLength(1);
      expect(head.html.match(/<meta name="description"/g)).toHaveLength(1);
    }
    expect(descriptions.size).toBeGreaterThan(8);
  });

  it('keeps the rest of the built index.html byte for byte', async () => {
    const head = await page('/nfl/green-bay-packers');
    const withoutHead = head.html
      // The page's preloads (page-preloads.test.ts) go in before the entry script.
      .replace(/ {4}<link rel="(?:preload|modulepreload)"[^\n]*\n/g, '')
      .replace(/<title>[^<]*<\/title>/, '<title>SportSpyder</title>')
      .replace(
        /<meta name="description" content="[^"]*" \/>/,
        '<meta name="description" content="SportSpyder gathers sports news, podcasts, videos and chat for every team." />',
      )
      .replace(/\n {4}<link rel="canonical"[\s\S]*?(?=\n {2}<\/head>)/, '');
    expect(withoutHead).toBe(INDEX_HTML);
    expect(head.og['og:image']).toBe(`${ORIGIN}/logos/teams/green-bay-packers.svg`);
  });

  it('describes a team with SportsTeam JSON-LD and links its RSS feed, which answers', async () => {
    const head = await page('/nfl/green-bay-packers');
    expect(head.jsonLd).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'SportsTeam',
        name: 'Green Bay Packers',
        sport: 'NFL',
        url: `${ORIGIN}/nfl/green-bay-packers`,
        logo: `${ORIGIN}/logos/teams/green-bay-packers.svg`,
      }),
    ]);
    expect(head.alternate).toBe(`${ORIGIN}/rss/teams/green-bay-packers.xml`);
    const rss = await app.inject({ method: 'GET', url: new URL(head.alternate as string).pathname });
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(rss.body).toContain('<rss');
  });

  it('describes an article with NewsArticle JSON-LD', async () => {
    const head = await page(`/articles/${fx.lead}`);
    const row = (
      await testDb.db.query<{ title: string; published_at: Date | string; image_url: string }>(
        'SELECT title, published_at, image_url FROM articles WHERE id = $1',
        [fx.lead],
      )
    ).rows[0];
    expect(head.og['og:type']).toBe('article');
    expect(head.og['og:image']).toBe(row?.image_url);
    expect(head.jsonLd).toHaveLength(1);
    const ld = head.jsonLd[0] as Record<string, unknown>;
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: row?.title,
      datePublished: new Date(row?.published_at as string).toISOString(),
      image: [row?.image_url],
      url: `${ORIGIN}/articles/${fx.lead}`,
      publisher: { '@type': 'Organization', name: 'Packers Nation' },
      author: { '@type': 'Person', name: 'Pat Writer' },
    });
    expect(head.alternate).toBeNull();
  });

  it('describes an episode with PodcastEpisode JSON-LD', async () => {
    const head = await page(`/podcasts/${podcastId}/episodes/${episodeId}`);
    expect(head.og['og:image']).toBe('https://img.example/pod.jpg');
    expect(head.jsonLd[0]).toMatchObject({
      '@type': 'PodcastEpisode',
      name: 'Draft Day Special',
      url: `${ORIGIN}/podcasts/${podcastId}/episodes/${episodeId}`,
      duration: 'PT3600S',
      partOfSeries: { '@type': 'PodcastSeries', name: 'Pack Talk', url: `${ORIGIN}/podcasts/${podcastId}` },
      associatedMedia: {
        '@type': 'AudioObject',
        contentUrl: 'https://audio.example/ep1.mp3',
        encodingFormat: 'audio/mpeg',
      },
    });
    expect(typeof head.jsonLd[0]?.datePublished).toBe('string');
  });

  it('escapes publisher text in the title, the tags and the JSON-LD', async () => {
    const head = await page(`/articles/${scriptArticle}`);
    const title = 'Packers </script><script>alert(1)</script> & "friends"';
    expect(head.title).toBe(`${title} | SportSpyder`);
    expect(head.og['og:title']).toBe(title);
    expect(head.description).toBe('A bold summary');
    expect(head.jsonLd[0]?.headline).toBe(title);
    // Nothing the publisher wrote became markup: the only scripts are the app's and the JSON-LD.
    expect(head.html).not.toContain('<script>alert');
    expect(head.html).not.toContain('</script><script>');
    expect(head.document.querySelectorAll('script')).toHaveLength(2);
    expect(head.html).toContain(
      'Packers &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;friends&quot;',
    );
    expect(
      injectHead(
        '<title>x</title>',
        { title: '$& $1', description: 'd', canonicalPath: '/', type: 'website' },
        ORIGIN,
      ),
    ).toContain('<title>$&amp; $1 | SportSpyder</title>');
  });

  it('keeps status 404 with a generic title for pages that do not exist', async () => {
    for (const url of ['/nfl/no-such-team', '/articles/999999999', '/players/nobody', '/no/such/page/here']) {
      const head = await page(url);
      expect({ url, status: head.status }).toEqual({ url, status: 404 });
      expect(head.title).toBe('Page Not Found | SportSpyder');
      expect(head.html).toContain('<meta name="robots" content="noindex, follow" />');
      expect(head.jsonLd).toEqual([]);
    }
  });
});

describe('robots.txt and sitemaps', () => {
  it('serves robots.txt with the sitemap and the private prefixes disallowed', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const prefix of ['/api/', '/settings', '/admin', '/profile', '/notifications', '/my/', '/login']) {
      expect(lines).toContain(`Disallow: ${prefix}`);
    }
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(res.body).not.toContain('<html');
    // The join page and search results are public pages; invitation links are not.
    expect(lines).toContain('Disallow: /join/');
    expect(lines.filter((l) => /^Disallow: \/(join|search)$/.test(l))).toEqual([]);
  });

  it("lets search results and the join page be indexed, and keeps members' pages out", async () => {
    for (const url of ['/search?q=packers', '/search/teams?q=pack', '/join']) {
      expect((await page(url)).html, url).not.toContain('noindex');
    }
    expect((await page('/settings/account')).html).toContain(
      '<meta name="robots" content="noindex, follow" />',
    );
  });

  it('serves a sitemap index whose child sitemaps answer and list the teams', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const index = parseXml(res.body);
    expect(index.documentElement.tagName.toLowerCase()).toBe('sitemapindex');
    const children = locs(index);
    expect(children).toEqual(
      expect.arrayContaining([
        `${ORIGIN}/sitemaps/teams-1.xml`,
        `${ORIGIN}/sitemaps/players-1.xml`,
        `${ORIGIN}/sitemaps/topics-1.xml`,
        `${ORIGIN}/sitemaps/sources-1.xml`,
        `${ORIGIN}/sitemaps/podcasts-1.xml`,
        `${ORIGIN}/sitemaps/news.xml`,
      ]),
    );
    const urls: string[] = [];
    for (const child of children) {
      const answer = await app.inject({ method: 'GET', url: new URL(child).pathname });
      expect({ child, status: answer.statusCode }).toEqual({ child, status: 200 });
      urls.push(...locs(parseXml(answer.body)));
    }
    const teams = await testDb.db.query<{ path: string }>(
      `SELECT '/' || s.slug || '/' || t.slug AS path FROM teams t JOIN sports s ON s.id = t.sport_id`,
    );
    expect(teams.rows.length).toBeGreaterThan(30);
    for (const { path } of teams.rows) expect(urls).toContain(`${ORIGIN}${path}`);
    expect(urls).toContain(`${ORIGIN}/players/casey-quill`);
    expect(urls).toContain(`${ORIGIN}/podcasts/${podcastId}`);
    // The teams sitemap's lastmod is its newest article (the Packers' newest, two hours old).
    const teamsEntry = [...index.getElementsByTagName('sitemap')].find((s) =>
      s.textContent?.includes('teams-1.xml'),
    );
    const lastmod = teamsEntry?.getElementsByTagName('lastmod')[0]?.textContent ?? '';
    expect(Date.now() - Date.parse(lastmod)).toBeLessThan(3 * 3600_000);
    expect((await app.inject({ method: 'GET', url: '/sitemaps/teams-2.xml' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/sitemaps/nope-1.xml' })).statusCode).toBe(404);
    const deeper = await app.inject({ method: 'GET', url: '/sitemaps/a/b' });
    expect(deeper.statusCode).toBe(404);
    expect(deeper.body).not.toContain('<html');
  });

  it('lists only the articles of the last 48 hours in the news sitemap', async () => {
    const res = await app.inject({ method: 'GET', url: '/sitemaps/news.xml' });
    expect(res.statusCode).toBe(200);
    const doc = parseXml(res.body);
    expect(res.body).toContain('xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"');
    const urls = [...doc.getElementsByTagName('url')];
    const expected = await testDb.db.query<{ id: number }>(
      `SELECT id FROM articles WHERE kind = 'article' AND published_at > now() - interval '48 hours'`,
    );
    expect(urls).toHaveLength(expected.rows.length);
    expect(locs(doc)).not.toContain(`${ORIGIN}/articles/${oldArticle}`);
    expect(locs(doc)).toContain(`${ORIGIN}/articles/${scriptArticle}`);
    for (const url of urls) {
      const date = url.getElementsByTagName('news:publication_date')[0]?.textContent ?? '';
      expect(Date.now() - Date.parse(date)).toBeLessThan(48 * 3600_000);
      expect(url.getElementsByTagName('news:name')[0]?.textContent).toBe('SportSpyder');
      expect(url.getElementsByTagName('news:language')[0]?.textContent).toBe('en');
      expect(url.getElementsByTagName('news:title')[0]?.textContent).toBeTruthy();
    }
    expect(res.body).toContain('Packers &lt;/script&gt;');
  });
});
