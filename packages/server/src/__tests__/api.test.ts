import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SportSpyderApp } from '../app.js';
import { buildTestApp, CookieJar } from './helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

interface TeamJson {
  id: number;
  slug: string;
  name: string;
  fullName: string;
  location: string;
  meta: string;
  sport: string;
  logo: string;
  divisionId: number | null;
  conferenceId: number | null;
  iconColor: string;
  podcastsEnabled: boolean;
}
interface GroupJson {
  id: number;
  name: string;
  teams: TeamJson[];
}

let testDb: TestDatabase;
let app: SportSpyderApp;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildTestApp(testDb.db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

describe('GET api/v1/sports', () => {
  it('lists the nine seeded sports without teams by default', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/sports' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.sports.map((s: { slug: string }) => s.slug).sort()).toEqual(
      ['cf', 'mcb', 'mlb', 'mls', 'nba', 'nfl', 'nhl', 'premier-league', 'wnba'].sort(),
    );
    expect(body.sports[0]).not.toHaveProperty('divisions');
    expect(body.meta.pagination).toEqual({ page: 1, perPage: 9, totalPages: 1, totalCount: 9 });
  });

  it('nests teams into divisions for pro leagues and conferences for college sports with includes=teams', async () => {
    const { sports } = (await app.inject({ method: 'GET', url: '/api/v1/sports?includes=teams' })).json();
    const nfl = sports.find((s: { slug: string }) => s.slug === 'nfl');
    expect(nfl.isCollege).toBe(false);
    expect(nfl).not.toHaveProperty('conferences');
    const north = nfl.divisions.find((d: GroupJson) => d.name === 'NFC North') as GroupJson;
    expect(north.teams.map((t) => t.slug)).toEqual([
      'chicago-bears',
      'detroit-lions',
      'green-bay-packers',
      'minnesota-vikings',
    ]);
    const packers = north.teams[2]!;
    expect(packers).toMatchObject({
      name: 'Packers',
      fullName: 'Green Bay Packers',
      meta: 'NFC North',
      sport: 'nfl',
      logo: '/logos/teams/green-bay-packers.svg',
      divisionId: north.id,
      conferenceId: null,
      podcastsEnabled: true,
    });
    expect(packers.iconColor).toMatch(/^#[0-9a-fA-F]{6}$/);
    const teamCount = nfl.divisions.reduce((n: number, d: GroupJson) => n + d.teams.length, 0);
    expect(teamCount).toBe(32);

    const cf = sports.find((s: { slug: string }) => s.slug === 'cf');
    expect(cf.isCollege).toBe(true);
    expect(cf).not.toHaveProperty('divisions');
    const sec = cf.conferences.find((c: GroupJson) => c.name === 'SEC') as GroupJson;
    expect(sec.teams.length).toBeGreaterThanOrEqual(14);
    // College teams are listed by location, as the navigation shows them.
    const locations = sec.teams.map((t) => t.location);
    expect(locations).toEqual([...locations].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(sec.teams[0]).toMatchObject({ conferenceId: sec.id, divisionId: null, podcastsEnabled: false });
  });

  it('reads one sport by slug or id with its teams, and 404s otherwise', async () => {
    const bySlug = await app.inject({ method: 'GET', url: '/api/v1/sports/nba' });
    expect(bySlug.statusCode).toBe(200);
    const { sport } = bySlug.json();
    expect(sport).toMatchObject({ slug: 'nba', logo: '/logos/sports/nba.svg' });
    expect(sport.divisions.flatMap((d: GroupJson) => d.teams)).toHaveLength(30);

    const byId = await app.inject({ method: 'GET', url: `/api/v1/sports/${sport.id}` });
    expect(byId.json().sport.slug).toBe('nba');

    const missing = await app.inject({ method: 'GET', url: '/api/v1/sports/curling' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ errors: [{ code: 'not_found', title: 'Not found' }] });
  });
});

describe('GET api/v1/teams', () => {
  it('lists every team with unique slugs, filtered by sport on request', async () => {
    const all = (await app.inject({ method: 'GET', url: '/api/v1/teams' })).json();
    const slugs = all.teams.map((t: TeamJson) => t.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).toContain('boston-celtics');
    expect(all.meta.pagination.totalCount).toBe(slugs.length);

    const wnba = (await app.inject({ method: 'GET', url: '/api/v1/teams?sport=wnba' })).json();
    expect(wnba.teams.length).toBeGreaterThan(10);
    expect(wnba.teams.every((t: TeamJson) => t.sport === 'wnba')).toBe(true);

    const none = (await app.inject({ method: 'GET', url: '/api/v1/teams?sport=curling' })).json();
    expect(none.teams).toEqual([]);
  });

  it('resolves a legacy slug to the current team (local route GET api/v1/teams/:id)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/teams/oakland-raiders' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      team: { slug: 'las-vegas-raiders' },
      redirectedFrom: 'oakland-raiders',
    });

    // los-angeles-raiders → oakland-raiders → las-vegas-raiders: chains are followed.
    const chained = await app.inject({ method: 'GET', url: '/api/v1/teams/los-angeles-raiders' });
    expect(chained.json().team.slug).toBe('las-vegas-raiders');

    const current = await app.inject({ method: 'GET', url: '/api/v1/teams/green-bay-packers' });
    expect(current.json().team.slug).toBe('green-bay-packers');
    expect(current.json()).not.toHaveProperty('redirectedFrom');

    expect((await app.inject({ method: 'GET', url: '/api/v1/teams/no-such-team' })).statusCode).toBe(404);
  });
});

describe('GET api/v1/topics', () => {
  it('lists the topics with their colours', async () => {
    const { topics } = (await app.inject({ method: 'GET', url: '/api/v1/topics' })).json();
    const slugs = topics.map((t: { slug: string }) => t.slug);
    for (const slug of ['golf', 'tennis', 'f1', 'nascar', 'ufc', 'boxing', 'olympics', 'cricket']) {
      expect(slugs).toContain(slug);
    }
    expect(topics[0]).toMatchObject({ sendtonewsKey: null, snackKey: null });
    expect(topics[0].iconColor).toMatch(/^#[0-9a-fA-F]{6}$/);
  });
});

describe('POST api/v1/user/views', () => {
  it('records a view (201) and links it to the signed-in member', async () => {
    const jar = new CookieJar();
    await jar.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
    const res = await jar.request(app, {
      method: 'POST',
      url: '/api/v1/user/views',
      payload: { path: '/nfl/green-bay-packers/news', hash: 'device-1', p: 1, first: true, referrer: 'x' },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().view.id;
    expect(id).toBeGreaterThan(0);
    const { rows } = await testDb.db.query<{ path: string; user_id: number | null; p: number }>(
      'SELECT path, user_id, p FROM page_views WHERE id = $1',
      [id],
    );
    expect(rows[0]).toMatchObject({ path: '/nfl/green-bay-packers/news', p: 1 });
    expect(rows[0]?.user_id).not.toBeNull();
  });

  it('answers 422 naming the missing field', async () => {
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    const res = await jar.request(app, { method: 'POST', url: '/api/v1/user/views', payload: { path: '/' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: [{ code: 'blank', field: 'hash', title: "Hash can't be blank" }] });
  });

  it('reports one item per bad field (too long, wrong type)', async () => {
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    const res = await jar.request(app, {
      method: 'POST',
      url: '/api/v1/user/views',
      payload: { path: '/', hash: 'x'.repeat(65), p: 'mobile' },
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors).toContainEqual({
      code: 'too_long',
      field: 'hash',
      title: 'Hash is too long (maximum is 64 characters)',
    });
    expect(errors).toContainEqual({ code: 'invalid', field: 'p', title: 'P is invalid' });
    expect(errors).toHaveLength(2);
  });

  it('answers 422 (not 500) for malformed JSON', async () => {
    const jar = new CookieJar();
    await jar.request(app, { method: 'GET', url: '/api/v1/session' });
    const res = await jar.request(app, {
      method: 'POST',
      url: '/api/v1/user/views',
      payload: '{"path": "/", "hash":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: [{ code: 'invalid', field: 'body', title: 'The request body is not valid JSON' }],
    });
  });
});

describe('errors', () => {
  it('answers JSON 404 for unknown api paths, whatever the method', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const jar = new CookieJar();
      await jar.request(app, { method: 'GET', url: '/api/v1/session' });
      const res = await jar.request(app, { method, url: '/api/v1/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ errors: [{ code: 'not_found', title: 'Not found' }] });
    }
  });

  it('answers 500 with the generic item and no internals when a query fails', async () => {
    const broken = await buildTestApp({
      kind: 'pglite',
      query: async () => {
        throw new Error('relation "secret_table" does not exist at /srv/app/db.ts:12');
      },
      exec: async () => {},
      transaction: async () => {
        throw new Error('no');
      },
      close: async () => {},
    });
    const res = await broken.inject({ method: 'GET', url: '/api/v1/topics' });
    await broken.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errors: [{ code: 'server_error', title: 'Something went wrong' }] });
    expect(res.body).not.toContain('secret_table');
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, nosniff and the referrer policy, and no HSTS outside production', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/session' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("connect-src 'self' ws: wss:");
    // The video player embeds YouTube's privacy-enhanced host: a frame-src without it blocks every video.
    const frameSrc = csp.split(';').find((d) => d.trim().startsWith('frame-src'));
    expect(frameSrc?.trim().split(/\s+/)).toContain('https://www.youtube-nocookie.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS and a __Host- secure session cookie in production', async () => {
    const prod = await buildTestApp(testDb.db, { production: true });
    try {
      const jar = new CookieJar();
      const res = await jar.signIn(prod, 'demo@sportspyder.test', 'sportspyder-demo');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      const cookie = res.cookies.find((c) => c.name === '__Host-sportspyder_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    } finally {
      await prod.close();
    }
  });
});

describe('health, logos and the site', () => {
  it('answers /healthz with the database status and the sources still waiting for a first fetch', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', db: 'ok', ingest: { pending: 0 } });
    // This app's database was never prepared by a start: no world is stored, and the answer says so.
    expect(res.json().sources).toEqual({
      mode: 'demo',
      reason: 'no world chosen: the database was not prepared by a start',
    });

    const { rows } = await testDb.db.query<{ id: number }>(
      `INSERT INTO domains (host, name) VALUES ('health.example', 'Health') RETURNING id`,
    );
    await testDb.db.query(
      `INSERT INTO sources (domain_id, kind, feed_url, title) VALUES ($1, 'news', 'https://health.example/feed', 'Health')`,
      [rows[0]?.id],
    );
    const pending = await app.inject({ method: 'GET', url: '/healthz' });
    expect(pending.json().ingest).toEqual({ pending: 1 });
    await testDb.db.query(`DELETE FROM domains WHERE host = 'health.example'`);
  });

  it('serves team and sport monograms as cacheable SVG', async () => {
    const res = await app.inject({ method: 'GET', url: '/logos/teams/green-bay-packers.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
    expect(res.body).toContain('<title>Green Bay Packers</title>');
    expect(res.body).toContain('>GB</text>');
    // Embeds on other sites show logos, so they are not locked to this origin.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const sport = await app.inject({ method: 'GET', url: '/logos/sports/nfl.svg' });
    expect(sport.body).toContain('>NFL</text>');
    expect((await app.inject({ method: 'GET', url: '/logos/teams/nobody.svg' })).statusCode).toBe(404);
  });

  it('tells to build the site when it is missing', async () => {
    const res = await app.inject({ method: 'GET', url: '/nfl/green-bay-packers/news' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('npm run build');
  });

  it('serves the built site with an index.html fallback outside the server prefixes', async () => {
    const siteDir = mkdtempSync(join(tmpdir(), 'sportspyder-site-'));
    // The server writes each page's head (seo/): the body is the shell.
    writeFileSync(
      join(siteDir, 'index.html'),
      '<!doctype html><title>SportSpyder</title><p>SportSpyder shell',
    );
    writeFileSync(join(siteDir, 'robots.txt'), 'User-agent: *');
    const site = await buildTestApp(testDb.db, { siteDir });
    try {
      const home = await site.inject({ method: 'GET', url: '/' });
      expect(home.body).toContain('SportSpyder shell');
      const deep = await site.inject({ method: 'GET', url: '/nfl/green-bay-packers/news?x=1' });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('SportSpyder shell');
      expect(deep.headers['cache-control']).toBe('no-cache');
      // The server's robots.txt (seo/seo-routes.ts) wins over a file of the site.
      expect((await site.inject({ method: 'GET', url: '/robots.txt' })).body).toMatch(/^User-agent: \*\n/);
      const api = await site.inject({ method: 'GET', url: '/api/v1/nope' });
      expect(api.statusCode).toBe(404);
      expect(api.json().errors[0].code).toBe('not_found');
      expect((await site.inject({ method: 'GET', url: '/widgets/nope.js' })).statusCode).toBe(404);
      // The same page for every URL, sent with 404 when no page matches or its slug or id names nothing.
      const status = async (url: string) => {
        const res = await site.inject({ method: 'GET', url });
        expect(res.body).toContain('SportSpyder shell');
        return res.statusCode;
      };
      const pages = ['/login', '/nfl', '/NBA/', '/sports/nfl/news', '/nfl/green-bay-packers/players'];
      const legacy = ['/nfl/oakland-raiders/news', '/teams/green-bay-packers', '/topics', '/search?q=x'];
      for (const url of [...pages, ...legacy])
        expect({ url, status: await status(url) }).toEqual({ url, status: 200 });
      const missing = [
        '/curling',
        '/no/such/page/here',
        '/nfl/no-such-team/news',
        '/sports/curling/news',
        '/players/nobody-at-all',
        '/s/no-such-topic',
        '/sources/999999/news',
        '/podcasts/999999',
        '/articles/999999999',
        '/articles/12abc',
        '/page-not-found',
      ];
      for (const url of missing) expect({ url, status: await status(url) }).toEqual({ url, status: 404 });
    } finally {
      await site.close();
      rmSync(siteDir, { recursive: true, force: true });
    }
  });
});

describe('ids beyond the database integer range', () => {
  it('answer 422 naming the parameter, never a 500', async () => {
    for (const url of [
      '/api/v1/podcasts/99999999999',
      '/api/v1/articles/99999999999',
      '/api/v1/sources/99999999999',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(422);
      const [item] = res.json().errors;
      expect(item.code).toBe('invalid');
      expect(item.field).toMatch(/id/i);
    }
  });
});
