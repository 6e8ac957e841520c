// The admin's source management on the real app (issue 44): who may call, the health table (filters,
// sorts, pages, state counts), preview by a site URL against a loopback site whose page has only a
// <link rel="alternate">, add → due at once → ingested items in the detail, disable and enable, remove
// keeping or deleting the articles, OPML export → import round trip, and 422s naming the field.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  AdminSource,
  AdminSourceDetail,
  AdminSourceList,
  AdminSourcePreview,
} from '@sportspyder/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import { createFeedFetcher } from '../../ingest/pipeline/feed-fetcher.js';
import { ingestSource } from '../../ingest/pipeline/ingest-source.js';
import { loadTagIndex } from '../../ingest/pipeline/load-tag-index.js';
import { loadSource } from '../../ingest/pipeline/source-row.js';
import { importOpml } from '../opml-import.js';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toUTCString();
const PACKERS_ITEMS = [
  'Green Bay Packers sign a veteran kicker',
  'Packers practice report: Jordan Love limited',
  'Green Bay Packers injury update',
  'What the Packers defense must fix',
  'Green Bay Packers mailbag: the offensive line',
  'Packers rookie impresses in camp',
  'The Chicago Bears come to Lambeau on Sunday',
];
const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Lambeau Loyal</title><link>http://127.0.0.1/</link>
<description>A Packers blog</description>
${PACKERS_ITEMS.map(
  (title, i) => `<item><title>${title}</title><link>http://127.0.0.1/posts/${i + 1}</link>
<guid>lambeau-${i + 1}</guid><pubDate>${hoursAgo(i + 1)}</pubDate><description>${title}.</description></item>`,
).join('\n')}
</channel></rss>`;
const PAGE = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Lambeau Loyal</title>
<link rel="alternate" type="application/rss+xml" title="Lambeau Loyal" href="/packers/rss"></head>
<body><h1>Lambeau Loyal</h1></body></html>`;

let testDb: TestDatabase;
let app: SportSpyderApp;
let site: Server;
let origin: string;
const admin = new CookieJar();
const member = new CookieJar();

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.db, { rateLimitMax: 1_000_000 });
  site = createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (req.url === '/packers/rss') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(RSS);
    } else if (req.url === '/empty') {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!DOCTYPE html><html><body>Nothing</body></html>');
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  expect((await admin.signIn(app, 'admin@sportspyder.test', 'sportspyder-admin')).statusCode).toBe(200);
  expect((await member.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo')).statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => site?.close(resolve));
  await testDb?.dispose();
});

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  jar: CookieJar = admin,
) => jar.request(app, { method, url, ...(payload === undefined ? {} : { payload }) });

async function create(body: Record<string, unknown>): Promise<AdminSource> {
  const res = await call('POST', '/api/v1/admin/sources', body);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as AdminSourceDetail).source;
}

async function list(query: string): Promise<AdminSourceList> {
  const res = await call('GET', `/api/v1/admin/sources?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminSourceList;
}

describe('who may manage sources', () => {
  it('answers 401 to a visitor and 403 with a clear message to a member who is not an admin', async () => {
    const visitor = await app.inject({ method: 'GET', url: '/api/v1/admin/sources' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().errors[0].code).toBe('unauthorized');
    for (const url of ['/api/v1/admin/sources', '/api/v1/admin/sources.opml', '/api/v1/admin/sources/1']) {
      const res = await call('GET', url, undefined, member);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        errors: [{ code: 'forbidden', title: 'Only administrators can manage sources.' }],
      });
    }
    // Even with a body the API would refuse, a member learns only that the call is not theirs.
    const post = await call('POST', '/api/v1/admin/sources', { feedUrl: '' }, member);
    expect(post.statusCode).toBe(403);
  });
});

describe('the health table', () => {
  let alpha: AdminSource;
  let mid: AdminSource;
  let zeta: AdminSource;

  beforeAll(async () => {
    zeta = await create({
      feedUrl: 'https://zeta.example/healthtest.xml',
      title: 'Zeta healthtest',
      sport: 'nba',
    });
    alpha = await create({
      feedUrl: 'https://alpha.example/healthtest.xml',
      title: 'Alpha healthtest',
      teams: ['green-bay-packers'],
    });
    mid = await create({
      feedUrl: 'https://www.youtube.com/feeds/videos.xml?channel_id=UChealthtest',
      title: 'Mid healthtest',
    });
    // Mid fails; Zeta is disabled; their fetch times and rates differ.
    await testDb.db.query(
      `UPDATE sources SET failure_count = 3, last_error = 'http-500', last_status = 500, fetch_ms = '{900,100,300}',
              items_per_day = 1 WHERE id = $1`,
      [mid.id],
    );
    await testDb.db.query(`UPDATE sources SET fetch_ms = '{50}', items_per_day = 9 WHERE id = $1`, [
      alpha.id,
    ]);
    await testDb.db.query(`UPDATE sources SET enabled = false, items_per_day = 4 WHERE id = $1`, [zeta.id]);
  });

  it('lists every source with its health, kind and tags', async () => {
    const { sources } = await list('q=healthtest');
    expect(sources.map((s) => s.title)).toEqual(['Alpha healthtest', 'Mid healthtest', 'Zeta healthtest']);
    const [a, m, z] = sources;
    expect(a).toMatchObject({
      kind: 'news',
      origin: 'admin',
      state: 'active',
      teams: [{ slug: 'green-bay-packers', name: 'Green Bay Packers' }],
      sport: null,
      medianFetchMs: 50,
      siteUrl: 'https://alpha.example',
      articleCount: 0,
      websub: null,
    });
    expect(m).toMatchObject({
      kind: 'video',
      state: 'failing',
      failureCount: 3,
      lastStatus: 500,
      medianFetchMs: 300,
    });
    expect(z).toMatchObject({ state: 'disabled', sport: { slug: 'nba' }, nextFetchAt: null });
  });

  it('filters by text, state, kind, origin, sport and team', async () => {
    const titles = async (query: string) => (await list(query)).sources.map((s) => s.title);
    expect(await titles('q=ALPHA.EXAMPLE')).toEqual(['Alpha healthtest']);
    expect(await titles('q=healthtest&state=failing')).toEqual(['Mid healthtest']);
    expect(await titles('q=healthtest&state=disabled')).toEqual(['Zeta healthtest']);
    expect(await titles('q=healthtest&kind=video')).toEqual(['Mid healthtest']);
    expect(await titles('q=healthtest&origin=catalogue')).toEqual([]);
    expect(await titles('q=healthtest&sport=nba')).toEqual(['Zeta healthtest']);
    // A team's sport finds the team's sources too.
    expect(await titles('q=healthtest&sport=nfl')).toEqual(['Alpha healthtest']);
    expect(await titles('q=healthtest&team=green-bay-packers')).toEqual(['Alpha healthtest']);
    // A % in the text is a character, not a wildcard.
    expect(await titles('q=%25healthtest')).toEqual([]);
  });

  it('sorts by every column, both ways', async () => {
    const titles = async (sort: string) =>
      (await list(`q=healthtest&sort=${encodeURIComponent(sort)}`)).sources.map((s) => s.title[0]);
    expect(await titles('-title')).toEqual(['Z', 'M', 'A']);
    expect(await titles('state')).toEqual(['A', 'M', 'Z']);
    // Ties go by id: Zeta was added first.
    expect(await titles('-failureCount')).toEqual(['M', 'Z', 'A']);
    expect(await titles('-itemsPerDay')).toEqual(['A', 'Z', 'M']);
    expect(await titles('medianFetchMs')).toEqual(['A', 'M', 'Z']); // Zeta has none: last
    expect(await titles('-medianFetchMs')).toEqual(['M', 'A', 'Z']);
    expect(await titles('kind')).toEqual(['Z', 'A', 'M']);
    expect(await titles('-createdAt')).toEqual(['M', 'A', 'Z']);
    for (const sort of ['lastFetchedAt', 'nextFetchAt', 'articleCount', '-articleCount', '-nextFetchAt']) {
      expect((await titles(sort)).length, sort).toBe(3);
    }
    const bad = await call('GET', '/api/v1/admin/sources?sort=password');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('sort');
  });

  it('pages, and counts each state over all sources', async () => {
    const first = await list('q=healthtest&perPage=2&page=1');
    const second = await list('q=healthtest&perPage=2&page=2');
    expect(first.sources.map((s) => s.title[0])).toEqual(['A', 'M']);
    expect(second.sources.map((s) => s.title[0])).toEqual(['Z']);
    expect(first.meta.pagination).toEqual({ page: 1, perPage: 2, totalPages: 2, totalCount: 3 });
    expect((await list('q=healthtest&perPage=2&page=5')).sources).toEqual([]);
    const { rows } = await testDb.db.query<{ active: number; failing: number; disabled: number }>(
      `SELECT count(*) FILTER (WHERE enabled AND failure_count = 0)::int AS active,
              count(*) FILTER (WHERE enabled AND failure_count > 0)::int AS failing,
              count(*) FILTER (WHERE NOT enabled)::int AS disabled FROM sources WHERE removed_at IS NULL`,
    );
    // Filters narrow the page, never the state counts.
    expect(first.meta.states).toEqual(rows[0]);
    expect(first.meta.states.failing).toBeGreaterThanOrEqual(1);
    expect((await call('GET', '/api/v1/admin/sources?perPage=201')).statusCode).toBe(422);
  });
});

describe('add by URL', () => {
  let created: AdminSource;

  it('previews a site whose page only links its feed, suggesting the team and sport', async () => {
    const res = await call('POST', '/api/v1/admin/sources/preview', { url: `${origin}/` });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as AdminSourcePreview;
    expect(preview).toMatchObject({
      feedUrl: `${origin}/packers/rss`,
      discoveredBy: 'link',
      kind: 'news',
      title: 'Lambeau Loyal',
      existingSourceId: null,
      suggested: {
        sport: { slug: 'nfl' },
        teams: [{ slug: 'green-bay-packers', name: 'Green Bay Packers' }],
      },
    });
    expect(preview.items.map((i) => i.title)).toEqual(PACKERS_ITEMS);
    expect(preview.candidates[0]?.url).toBe(`${origin}/packers/rss`);
  });

  it('refuses a page without a feed with a 422 on url', async () => {
    const res = await call('POST', '/api/v1/admin/sources/preview', { url: `${origin}/empty` });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0]).toMatchObject({ field: 'url' });
    const notWeb = await call('POST', '/api/v1/admin/sources/preview', { url: 'file:///etc/passwd' });
    expect(notWeb.statusCode).toBe(422);
    expect(notWeb.json().errors[0]).toMatchObject({ field: 'url' });
  });

  it('adds the source due at once; once ingested its items show in the detail', async () => {
    const before = Date.now();
    created = await create({
      feedUrl: `${origin}/packers/rss`,
      title: 'Lambeau Loyal',
      kind: 'news',
      sport: 'nfl',
      teams: ['green-bay-packers'],
    });
    expect(created).toMatchObject({ origin: 'admin', state: 'active', articleCount: 0 });
    expect(Date.parse(created.nextFetchAt ?? '')).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(created.nextFetchAt ?? '')).toBeGreaterThan(before - 5_000);

    // The preview now knows it.
    const again = await call('POST', '/api/v1/admin/sources/preview', { url: `${origin}/packers/rss` });
    expect((again.json() as AdminSourcePreview).existingSourceId).toBe(created.id);

    // What the running scheduler does for a due source.
    const row = await loadSource(testDb.db, created.id);
    const result = await ingestSource(testDb.db, row!, {
      fetcher: createFeedFetcher(),
      tagIndex: await loadTagIndex(testDb.db),
    });
    expect(result.status).toBe('ok');
    const detail = (await call('GET', `/api/v1/admin/sources/${created.id}`)).json() as AdminSourceDetail;
    expect(detail.items.map((i) => i.title)).toEqual(PACKERS_ITEMS);
    expect(detail.source).toMatchObject({ articleCount: 7, lastStatus: 200, state: 'active' });
    expect(detail.source.lastFetchedAt).not.toBeNull();
  });

  it('disables and enables it', async () => {
    const off = await call('PATCH', `/api/v1/admin/sources/${created.id}`, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((off.json() as AdminSourceDetail).source).toMatchObject({
      state: 'disabled',
      enabled: false,
      disabledReason: 'Disabled by admin',
      nextFetchAt: null,
    });
    const fetchDisabled = await call('POST', `/api/v1/admin/sources/${created.id}/fetch`);
    expect(fetchDisabled.statusCode).toBe(422);

    await testDb.db.query(
      `UPDATE sources SET failing_since = now(), next_fetch_at = now() + interval '1 day' WHERE id = $1`,
      [created.id],
    );
    const on = await call('PATCH', `/api/v1/admin/sources/${created.id}`, { enabled: true });
    const source = (on.json() as AdminSourceDetail).source;
    expect(source).toMatchObject({ state: 'active', disabledReason: null, failingSince: null });
    expect(Date.parse(source.nextFetchAt ?? '')).toBeLessThanOrEqual(Date.now());

    await testDb.db.query(`UPDATE sources SET next_fetch_at = now() + interval '1 day' WHERE id = $1`, [
      created.id,
    ]);
    const now = await call('POST', `/api/v1/admin/sources/${created.id}/fetch`);
    expect(now.statusCode).toBe(200);
    expect(Date.parse((now.json() as AdminSourceDetail).source.nextFetchAt ?? '')).toBeLessThanOrEqual(
      Date.now(),
    );
  });

  it('renames it and replaces its sport and teams', async () => {
    const res = await call('PATCH', `/api/v1/admin/sources/${created.id}`, {
      title: 'Lambeau Loyal (Packers)',
      sport: null,
      teams: ['green-bay-packers', 'chicago-bears'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const source = (res.json() as AdminSourceDetail).source;
    expect(source.title).toBe('Lambeau Loyal (Packers)');
    expect(source.sport).toBeNull();
    expect(source.teams.map((t) => t.slug).sort()).toEqual(['chicago-bears', 'green-bay-packers']);
  });

  it('answers 422s naming the field', async () => {
    const cases: [string, 'POST' | 'PATCH', string, Record<string, unknown>, string][] = [
      ['registered URL', 'POST', '/api/v1/admin/sources', { feedUrl: `${origin}/packers/rss` }, 'feedUrl'],
      ['unknown team', 'POST', '/api/v1/admin/sources', { feedUrl: `${origin}/x`, teams: ['nope'] }, 'teams'],
      [
        'unknown sport',
        'POST',
        '/api/v1/admin/sources',
        { feedUrl: `${origin}/x`, sport: 'quidditch' },
        'sport',
      ],
      ['local file', 'POST', '/api/v1/admin/sources', { feedUrl: 'file:///etc/passwd' }, 'feedUrl'],
      ['not a URL', 'POST', '/api/v1/admin/sources', { feedUrl: 'http://' }, 'feedUrl'],
      ['blank URL', 'POST', '/api/v1/admin/sources', { feedUrl: '' }, 'feedUrl'],
      ['bad kind', 'POST', '/api/v1/admin/sources', { feedUrl: `${origin}/x`, kind: 'blog' }, 'kind'],
      ['unknown team', 'PATCH', `/api/v1/admin/sources/${created.id}`, { teams: ['nope'] }, 'teams'],
      ['empty edit', 'PATCH', `/api/v1/admin/sources/${created.id}`, {}, 'body'],
      ['not OPML', 'POST', '/api/v1/admin/sources/opml', { opml: 'hello' }, 'opml'],
    ];
    for (const [name, method, url, body, field] of cases) {
      const res = await call(method, url, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(422);
      expect(
        res.json().errors.map((e: { field?: string }) => e.field),
        name,
      ).toContain(field);
    }
    // A refused edit changes nothing.
    const detail = (await call('GET', `/api/v1/admin/sources/${created.id}`)).json() as AdminSourceDetail;
    expect(detail.source.teams).toHaveLength(2);
    expect((await call('GET', '/api/v1/admin/sources/999999')).statusCode).toBe(404);
  });

  it('removes a source keeping its articles, or with them', async () => {
    const count = async (id: number) =>
      Number(
        (
          await testDb.db.query<{ n: number }>(
            'SELECT count(*)::int AS n FROM articles WHERE source_id = $1',
            [id],
          )
        ).rows[0]?.n,
      );
    expect(await count(created.id)).toBe(7);
    const keep = await call('DELETE', `/api/v1/admin/sources/${created.id}?articles=keep`);
    expect(keep.statusCode, keep.body).toBe(200);
    expect(keep.json()).toEqual({ removedArticles: 0 });
    expect(await count(created.id)).toBe(7);
    expect((await call('GET', `/api/v1/admin/sources/${created.id}`)).statusCode).toBe(404);
    expect((await list(`q=${encodeURIComponent(origin)}`)).sources).toEqual([]);
    const { rows } = await testDb.db.query<{ enabled: boolean }>(
      'SELECT enabled FROM sources WHERE id = $1',
      [created.id],
    );
    expect(rows[0]?.enabled).toBe(false);

    // Added again, the same row comes back; then it goes with its articles.
    const back = await create({ feedUrl: `${origin}/packers/rss`, teams: ['green-bay-packers'] });
    expect(back.id).toBe(created.id);
    expect(back.articleCount).toBe(7);
    const gone = await call('DELETE', `/api/v1/admin/sources/${created.id}?articles=delete`);
    expect(gone.json()).toEqual({ removedArticles: 7 });
    expect(await count(created.id)).toBe(0);
    expect((await testDb.db.query('SELECT 1 FROM sources WHERE id = $1', [created.id])).rows).toEqual([]);
    expect((await call('DELETE', `/api/v1/admin/sources/${created.id}?articles=delete`)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/v1/admin/sources/${back.id}`)).statusCode).toBe(422);
  });
});

describe('OPML', () => {
  it('exports every source with its sport and teams, and the export imports back the same', async () => {
    await create({ feedUrl: 'https://opml.example/nfl.xml', title: 'League & Co', sport: 'nfl' });
    await create({
      feedUrl: 'https://opml.example/pod.xml',
      title: 'Packers pod',
      kind: 'podcast',
      teams: ['green-bay-packers', 'chicago-bears'],
      sport: 'nfl',
    });
    await create({ feedUrl: 'https://opml.example/loose.xml?a=1&b=2', title: 'No tags' });
    const res = await call('GET', '/api/v1/admin/sources.opml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/x-opml/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="sportspyder-sources.opml"');
    const opml = res.body;
    expect(opml).toContain('<outline text="NFL" title="NFL">');
    expect(opml).toContain('category="/nfl,/chicago-bears,/green-bay-packers"');

    const snapshot = async (db: TestDatabase['db']) =>
      (
        await db.query<{
          feedUrl: string;
          title: string;
          kind: string;
          sport: string | null;
          teams: string[];
        }>(
          `SELECT s.feed_url AS "feedUrl", s.title, s.kind, sp.slug AS sport,
                  COALESCE((SELECT array_agg(t.slug ORDER BY t.slug) FROM source_teams st JOIN teams t ON t.id = st.team_id
                             WHERE st.source_id = s.id), '{}') AS teams
             FROM sources s LEFT JOIN sports sp ON sp.id = s.sport_id WHERE s.removed_at IS NULL ORDER BY s.feed_url`,
        )
      ).rows;
    const empty = await createTestDatabase();
    try {
      await empty.db.query('DELETE FROM sources');
      const result = await importOpml(empty.db, opml);
      expect(result.failed).toEqual([]);
      const exported = await snapshot(testDb.db);
      expect(exported.length).toBeGreaterThanOrEqual(6);
      expect(await snapshot(empty.db)).toEqual(exported);
    } finally {
      await empty.dispose();
    }
  }, 60_000);

  it('imports through the API with the CLI rules, skipping registered feeds', async () => {
    const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>t</title></head><body>
      <outline text="Green Bay Packers"><outline text="Packers Wire" xmlUrl="https://wire.example/packers.xml"/></outline>
      <outline text="Dup" xmlUrl="https://opml.example/nfl.xml"/>
      <outline text="Local" xmlUrl="file:///etc/passwd"/>
    </body></opml>`;
    const res = await call('POST', '/api/v1/admin/sources/opml', { opml });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      created: 1,
      existing: 1,
      failed: [{ feedUrl: 'file:///etc/passwd' }],
    });
    const { sources } = await list('q=wire.example');
    expect(sources[0]).toMatchObject({ title: 'Packers Wire', teams: [{ slug: 'green-bay-packers' }] });
  });
});

describe('hostile input', () => {
  it('answers 4xx, never 5xx, to NUL bytes, huge numbers, long strings, unknown ids and a missing CSRF token', async () => {
    const nul = '\u0000';
    const cases: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown][] = [
      ['GET', `/api/v1/admin/sources?q=${encodeURIComponent(`a${nul}b`)}`],
      ['GET', `/api/v1/admin/sources?q=${'x'.repeat(5000)}`],
      ['GET', '/api/v1/admin/sources?page=99999999999&perPage=100000'],
      ['GET', '/api/v1/admin/sources?sort=drop%20table&state=gone&kind=blog'],
      ['GET', '/api/v1/admin/sources/24461621178'],
      ['GET', '/api/v1/admin/sources/2147483647'],
      ['POST', '/api/v1/admin/sources/preview', { url: `http://a${nul}.example/` }],
      ['POST', '/api/v1/admin/sources/preview', { url: 'x'.repeat(3000) }],
      ['POST', '/api/v1/admin/sources/preview', { url: 'javascript:alert(1)' }],
      [
        'POST',
        '/api/v1/admin/sources',
        { feedUrl: `https://n${nul}.example/feed`, teams: ['green-bay-packers'] },
      ],
      [
        'POST',
        '/api/v1/admin/sources',
        { feedUrl: 'https://t.example/feed', teams: ['no-such-team'], sport: 'nope' },
      ],
      ['PATCH', '/api/v1/admin/sources/2147483647', { enabled: false }],
      ['PATCH', '/api/v1/admin/sources/1', {}],
      ['DELETE', '/api/v1/admin/sources/2147483647?articles=delete'],
      ['DELETE', '/api/v1/admin/sources/1?articles=maybe'],
      ['POST', '/api/v1/admin/sources/2147483647/fetch'],
      ['POST', '/api/v1/admin/sources/opml', { opml: `<opml${nul}>` }],
      [
        'POST',
        '/api/v1/admin/sources/opml',
        { opml: '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><opml>&e;</opml>' },
      ],
    ];
    for (const [method, url, payload] of cases) {
      const res = await call(method, url, payload);
      // A search text with NUL is cleaned by the input guard (an answer); one past 200 characters is a 422.
      if (url.includes('?q=')) {
        expect([200, 422], url.slice(0, 80)).toContain(res.statusCode);
        continue;
      }
      expect(
        res.statusCode,
        `${method} ${url.slice(0, 80)} → ${res.body.slice(0, 200)}`,
      ).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${method} ${url.slice(0, 80)}`).toBeLessThan(500);
      expect(res.json().errors.length, url.slice(0, 80)).toBeGreaterThan(0);
    }
    // Without the CSRF token a change is refused, whoever asks.
    const noCsrf = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/sources',
      headers: { cookie: admin.header() },
      payload: { feedUrl: 'https://csrf.example/feed' },
    });
    expect(noCsrf.statusCode).toBe(403);
    const { rows } = await testDb.db.query(
      "SELECT 1 FROM sources WHERE feed_url = 'https://csrf.example/feed'",
    );
    expect(rows).toEqual([]);
  });
});
