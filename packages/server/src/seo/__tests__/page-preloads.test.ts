// What a page preloads with its HTML (issue 46: the first screen's code and data start with the HTML),
// through the real app, a site folder shaped like Vite's build and the table the site's build writes
// (dist/.vite/route-preloads.json): the team page names its chunks and its first API reads before the
// entry script, each read answers, home preloads its top stories and no route chunk, and nothing is
// preloaded for a path the site redirects or a page that does not exist.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import { type ContentFixture, seedContent } from '../../content/articles/__tests__/content-fixtures.js';
import { readRoutePreloads } from '../page-preloads.js';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>SportSpyder</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const TEAM_FILES = {
  js: ['/assets/routes-r1.js', '/assets/TeamLayout-t1.js', '/assets/TeamPopularPage-p1.js'],
  css: ['/assets/TeamLayout-t1.css'],
};

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;
let siteDir: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await seedContent(testDb.db);
  siteDir = mkdtempSync(join(tmpdir(), 'sportspyder-preload-site-'));
  writeFileSync(join(siteDir, 'index.html'), INDEX_HTML);
  mkdirSync(join(siteDir, '.vite'));
  writeFileSync(
    join(siteDir, '.vite', 'route-preloads.json'),
    JSON.stringify({
      '/': { js: [], css: [] },
      '/:sportId/:teamId': TEAM_FILES,
      '/articles/:id': { js: ['/assets/ArticlePage-a1.js', 'javascript:alert(1)', '/x/../../etc'], css: [] },
    }),
  );
  app = await buildTestApp(testDb.db, { siteDir });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
  if (siteDir) rmSync(siteDir, { recursive: true, force: true });
});

/** The page's preload links, in document order, and whether each comes before the entry script. */
async function preloads(url: string) {
  const res = await app.inject({ method: 'GET', url });
  const head = res.body.slice(0, res.body.indexOf('</head>'));
  const entry = head.indexOf('<script type="module"');
  // Read as text: happy-dom's parser would try to fetch every preload.
  const links = [...head.matchAll(/<link rel="(preload|modulepreload)"([^>]*)>/g)].map((m) => {
    const attrs = m[2] ?? '';
    const attr = (name: string) => {
      const value = new RegExp(`\\s${name}(?:="([^"]*)")?(?=[\\s/>])`).exec(`${attrs}>`);
      return value ? (value[1] ?? '') : null;
    };
    return {
      rel: m[1],
      as: attr('as'),
      crossorigin: attr('crossorigin'),
      href: attr('href') ?? '',
      beforeEntry: (m.index ?? 0) < entry,
    };
  });
  return { status: res.statusCode, links };
}

describe('page preloads', () => {
  it('preloads the team page’s chunks and first API reads before the entry script', async () => {
    const { status, links } = await preloads('/nfl/green-bay-packers');
    expect(status).toBe(200);
    expect(links.every((link) => link.beforeEntry)).toBe(true);
    expect(links.filter((l) => l.rel === 'modulepreload').map((l) => [l.href, l.crossorigin])).toEqual(
      TEAM_FILES.js.map((file) => [file, '']),
    );
    expect(links.filter((l) => l.as === 'style').map((l) => l.href)).toEqual(TEAM_FILES.css);
    const reads = links.filter((l) => l.as === 'fetch');
    // Core's transport sends credentials with every call: the preload must ask the same way.
    expect(reads.every((l) => l.crossorigin === 'use-credentials')).toBe(true);
    expect(reads.map((l) => l.href)).toEqual([
      '/api/v1/teams/green-bay-packers/feeds',
      '/api/v1/teams/green-bay-packers/summary_sections',
      '/api/v1/teams/green-bay-packers/articles?page=1',
      '/api/v1/teams/green-bay-packers/games',
    ]);
    // Each preloaded read is a real answer, not a 404 the page would then fetch again.
    for (const { href } of reads) {
      const res = await app.inject({ method: 'GET', url: href });
      expect(res.statusCode, href).toBe(200);
    }
  });

  it('preloads home’s top stories and no route chunk (home is in the entry)', async () => {
    const { links } = await preloads('/');
    expect(links.map((l) => [l.rel, l.href])).toEqual([['preload', '/api/v1/top_stories']]);
    expect((await app.inject({ method: 'GET', url: '/api/v1/top_stories' })).statusCode).toBe(200);
  });

  it('preloads an article and nothing but the build’s asset files', async () => {
    const { links } = await preloads(`/articles/${fx.lead}`);
    expect(links.map((l) => l.href)).toEqual([`/api/v1/articles/${fx.lead}`, '/assets/ArticlePage-a1.js']);
  });

  it('preloads search results with the sort and filter the site defaults them to', async () => {
    const { links } = await preloads('/search?q=%20packers%20&sort=bogus&filter=week');
    const reads = links.filter((l) => l.as === 'fetch').map((l) => l.href.replaceAll('&amp;', '&'));
    expect(reads).toEqual(['/api/v1/search/results?q=packers&sort=newest&filter=week']);
    expect((await app.inject({ method: 'GET', url: reads[0] as string })).statusCode).toBe(200);
  });

  it('reads nothing ahead for a path the site redirects, and preloads nothing for a missing page', async () => {
    // The site sends a team under another sport to the team's news under its own sport.
    const redirected = await preloads('/nba/green-bay-packers');
    expect(redirected.links.filter((l) => l.as === 'fetch')).toEqual([]);
    expect(redirected.links.filter((l) => l.rel === 'modulepreload')).toHaveLength(TEAM_FILES.js.length);
    const missing = await preloads('/nfl/no-such-team');
    expect(missing.status).toBe(404);
    expect(missing.links).toEqual([]);
  });

  it('reads no table from a build that wrote none, or one that is not JSON', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sportspyder-preload-none-'));
    try {
      expect(await readRoutePreloads(dir)).toEqual({});
      mkdirSync(join(dir, '.vite'));
      writeFileSync(join(dir, '.vite', 'route-preloads.json'), '{ not json');
      expect(await readRoutePreloads(dir)).toEqual({});
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
