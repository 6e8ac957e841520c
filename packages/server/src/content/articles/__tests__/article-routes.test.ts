import type { Article } from '@sportspyder/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import { buildContentApp, type ContentFixture, seedContent } from './content-fixtures.js';

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

interface TestMeta {
  pagination: { page: number; perPage: number; totalPages: number; totalCount: number };
  rss?: string;
}

async function get(url: string, jar?: CookieJar) {
  const res = jar ? await jar.request(app, { method: 'GET', url }) : await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> & { meta: TestMeta } };
}
const titles = (body: Record<string, unknown>) => (body.articles as Article[]).map((a) => a.title);
const ids = (body: Record<string, unknown>) => (body.articles as Article[]).map((a) => a.id);

describe('team articles', () => {
  it('lists the lead articles newest first with their grouped sub-articles, a capped count and meta.rss', async () => {
    const { status, body } = await get('/api/v1/teams/green-bay-packers/articles');
    expect(status).toBe(200);
    const articles = body.articles as Article[];
    expect(articles).toHaveLength(13);
    expect(ids(body)).toEqual([fx.lead, ...fx.packersLeads.slice(0, 12)]);
    expect(body.meta.pagination).toEqual({ page: 1, perPage: 13, totalPages: 2, totalCount: 21 });
    expect(body.meta.rss).toBe('http://sportspyder.test/rss/teams/green-bay-packers.xml');

    const lead = articles[0] as Article;
    expect(lead.hot).toBe(true);
    expect(lead.egg).toEqual({ id: fx.sources.nation });
    expect(lead.domain).toMatchObject({ id: fx.domains.nation, name: 'Packers Nation', isYoutube: false });
    expect(lead.teams.map((t) => t.slug)).toEqual(['green-bay-packers']);
    expect(lead.teams[0]).toMatchObject({ sportSlug: 'nfl', logo: '/logos/teams/green-bay-packers.svg' });
    expect(lead.players).toEqual([{ id: fx.player, name: 'Casey Quill', slug: 'casey-quill' }]);
    expect(lead.articleImage?.url).toMatch(/img\.jpg$/);
    expect(new Date(lead.postedDate).getTime()).toBeLessThan(Date.now());
    expect(lead.subarticles.map((s) => s.id)).toEqual([fx.sub]);
    const sub = lead.subarticles[0];
    expect(sub?.paywall).toBe(true);
    expect(sub?.domain.name).toBe('The Ledger');
    // The sub-article is only shown grouped, never as a lead of its own.
    expect(ids(body)).not.toContain(fx.sub);
    expect((articles[1] as Article).subarticles).toEqual([]);
  });

  it('pages: page 2 holds the rest, a page beyond the end is empty', async () => {
    const page2 = await get('/api/v1/teams/green-bay-packers/articles?page=2');
    expect(ids(page2.body)).toEqual(fx.packersLeads.slice(12));
    expect(page2.body.meta.pagination).toMatchObject({ page: 2, totalCount: 21, totalPages: 2 });
    const page9 = await get('/api/v1/teams/green-bay-packers/articles?page=9');
    expect(page9.status).toBe(200);
    expect(page9.body.articles).toEqual([]);
    expect(page9.body.meta.pagination.totalCount).toBe(21);
    const small = await get('/api/v1/teams/green-bay-packers/articles?perPage=5&page=2');
    expect(ids(small.body)).toEqual(fx.packersLeads.slice(4, 9));
  });

  it('accepts ids and legacy slugs, answers 404 for unknown teams and 422 for bad paging', async () => {
    expect(ids((await get(`/api/v1/teams/${fx.packers}/articles`)).body)[0]).toBe(fx.lead);
    const legacy = await get('/api/v1/teams/oakland-raiders/articles');
    expect(legacy.status).toBe(200);
    expect(ids(legacy.body)).toEqual([fx.raidersArticle]);
    const missing = await get('/api/v1/teams/nope-team/articles');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ errors: [{ code: 'not_found', title: 'Not found' }] });
    const zero = await get('/api/v1/teams/green-bay-packers/articles?page=0');
    expect(zero.status).toBe(422);
    expect(zero.body.errors).toEqual([expect.objectContaining({ field: 'page', code: 'invalid' })]);
    expect((await get('/api/v1/teams/green-bay-packers/articles?perPage=1000')).status).toBe(422);
  });

  it('filters one source when asked (sourceId)', async () => {
    const { body } = await get(`/api/v1/teams/green-bay-packers/articles?sourceId=${fx.sources.ledger}`);
    expect(ids(body)).toEqual([fx.sub]);
  });

  it('leaves out the sources a member hid from this team, for that member only', async () => {
    await testDb.db.query('INSERT INTO hidden_sources (user_id, source_id, team_id) VALUES ($1, $2, $3)', [
      fx.demoUserId,
      fx.sources.nation,
      fx.packers,
    ]);
    try {
      const demo = new CookieJar();
      expect((await demo.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo')).statusCode).toBe(200);
      const hidden = await get('/api/v1/teams/green-bay-packers/articles', demo);
      expect(hidden.body.articles).toEqual([]);
      const pro = new CookieJar();
      await pro.signIn(app, 'pro@sportspyder.test', 'sportspyder-pro');
      expect(ids((await get('/api/v1/teams/green-bay-packers/articles', pro)).body)).toHaveLength(13);
      expect(ids((await get('/api/v1/teams/green-bay-packers/articles')).body)).toHaveLength(13);
      // The member's new-items poll ignores the hidden source too.
      const count = await get('/api/v1/teams/green-bay-packers/articles/new_count?since=0', demo);
      expect(count.body).toEqual({ newItems: { count: 0, latestId: null } });
    } finally {
      await testDb.db.query('DELETE FROM hidden_sources WHERE user_id = $1', [fx.demoUserId]);
    }
  });
});

describe('new-items polls', () => {
  it('counts the lead articles above `since` and names the newest', async () => {
    const third = fx.packersLeads[1] as number;
    const { status, body } = await get(`/api/v1/teams/green-bay-packers/articles/new_count?since=${third}`);
    expect(status).toBe(200);
    expect(body).toEqual({ newItems: { count: 2, latestId: fx.lead } });
    const none = await get(`/api/v1/teams/green-bay-packers/articles/new_count?since=${fx.lead}`);
    expect(none.body).toEqual({ newItems: { count: 0, latestId: fx.lead } });
    const all = await get('/api/v1/sports/nfl/articles/new_count?since=0');
    expect(all.body).toEqual({ newItems: { count: 22, latestId: fx.lead } });
    const src = await get(
      `/api/v1/sources/${fx.sources.ledger}/articles/new_count?since=${fx.raidersArticle}`,
    );
    expect(src.body).toEqual({ newItems: { count: 1, latestId: fx.sub } });
    const player = await get('/api/v1/players/casey-quill/articles/new_count?since=0');
    expect(player.body).toEqual({ newItems: { count: 1, latestId: fx.lead } });
    const topic = await get('/api/v1/topics/golf/articles/new_count?since=0');
    expect(topic.body).toEqual({ newItems: { count: 1, latestId: fx.golfArticle } });
  });

  it('validates since and the feed', async () => {
    expect((await get('/api/v1/sports/nfl/articles/new_count')).status).toBe(422);
    expect((await get('/api/v1/sports/nfl/articles/new_count?since=abc')).status).toBe(422);
    expect((await get('/api/v1/sports/nope/articles/new_count?since=1')).status).toBe(404);
  });
});

describe('sport, source, domain, topic and player articles', () => {
  it('lists a sport by slug or id', async () => {
    const { status, body } = await get('/api/v1/sports/nfl/articles?includes=teams');
    expect(status).toBe(200);
    expect(ids(body).slice(0, 3)).toEqual([fx.lead, fx.packersLeads[0], fx.packersLeads[1]]);
    expect(ids(body)).toContain(fx.raidersArticle);
    expect(body.meta.pagination.totalCount).toBe(22);
    expect(body.meta.rss).toMatch(/\/rss\/sports\/nfl\.xml$/);
    expect(ids((await get(`/api/v1/sports/${fx.nfl}/articles`)).body)[0]).toBe(fx.lead);
    expect((await get('/api/v1/sports/curling/articles')).status).toBe(404);
  });

  it('lists every item of a source, escaped titles intact', async () => {
    const { body } = await get(`/api/v1/sources/${fx.sources.ledger}/articles`);
    expect(ids(body)).toEqual([fx.sub, fx.raidersArticle]);
    expect(titles(body)[1]).toBe('Raiders & <friends> win');
    expect(body.meta.rss).toMatch(new RegExp(`/rss/sources/${fx.sources.ledger}\\.xml$`));
    expect((await get('/api/v1/sources/999999/articles')).status).toBe(404);
    expect((await get('/api/v1/sources/abc/articles')).status).toBe(422);
  });

  it('lists a domain', async () => {
    const { body } = await get(`/api/v1/domains/${fx.domains.tube}/articles`);
    expect(ids(body)).toEqual([fx.video]);
    expect((await get('/api/v1/domains/999999/articles')).status).toBe(404);
  });

  it('lists a topic, optionally of one domain', async () => {
    const { body } = await get('/api/v1/topics/golf/articles');
    expect(ids(body)).toEqual([fx.golfArticle]);
    expect(body.meta.rss).toMatch(/\/rss\/topics\/golf\.xml$/);
    const other = await get(`/api/v1/topics/golf/articles?domainId=${fx.domains.nation}`);
    expect(other.body.articles).toEqual([]);
    expect((await get('/api/v1/topics/nope/articles')).status).toBe(404);
  });

  it('lists a player by slug', async () => {
    const { body } = await get('/api/v1/players/casey-quill/articles');
    expect(ids(body)).toEqual([fx.lead]);
    expect(body.meta.rss).toMatch(/\/rss\/players\/casey-quill\.xml$/);
    expect((await get('/api/v1/players/nobody/articles')).status).toBe(404);
  });
});

describe('member combined news', () => {
  it("lists every followed team's leads minus the member's hidden sources", async () => {
    // The seeded demo member follows some teams already: make the list exactly Packers then Raiders.
    await testDb.db.query('DELETE FROM following_teams WHERE user_id = $1', [fx.demoUserId]);
    await testDb.db.query(
      'INSERT INTO following_teams (user_id, team_id, position) VALUES ($1, $2, 0), ($1, $3, 1)',
      [fx.demoUserId, fx.packers, fx.raiders],
    );
    await testDb.db.query('INSERT INTO hidden_sources (user_id, source_id, team_id) VALUES ($1, $2, $3)', [
      fx.demoUserId,
      fx.sources.nation,
      fx.packers,
    ]);
    try {
      const { status, body } = await get('/api/v1/users/demo/articles');
      expect(status).toBe(200);
      expect(ids(body)).toEqual([fx.raidersArticle]);
      const count = await get('/api/v1/users/demo/articles/new_count?since=0');
      expect(count.body).toEqual({ newItems: { count: 1, latestId: fx.raidersArticle } });
      await testDb.db.query('DELETE FROM hidden_sources WHERE user_id = $1', [fx.demoUserId]);
      const all = await get('/api/v1/users/demo/articles?perPage=3');
      expect(ids(all.body)).toEqual([fx.lead, fx.packersLeads[0], fx.packersLeads[1]]);
      // The count looks 4 pages past the requested one: beyond that it is a lower bound (3 * 5 + 1).
      expect(all.body.meta.pagination).toEqual({ page: 1, perPage: 3, totalPages: 6, totalCount: 16 });
      expect((await get('/api/v1/users/demo/articles')).body.meta.pagination.totalCount).toBe(22);
      expect((await get('/api/v1/users/profan/articles')).body.articles).toEqual([]);
      expect((await get('/api/v1/users/no-such-user/articles')).status).toBe(404);
    } finally {
      await testDb.db.query('DELETE FROM hidden_sources WHERE user_id = $1', [fx.demoUserId]);
      await testDb.db.query('DELETE FROM following_teams WHERE user_id = $1', [fx.demoUserId]);
    }
  });

  it('answers hostile member names with a 4xx, never a 500, and finds the member afterwards', async () => {
    // Member names are remembered once found (resolve.ts): none of these is a member, none is kept.
    for (const name of [
      '%00',
      'demo%00',
      'x'.repeat(5_000),
      '99999999999999999999',
      '-1',
      '%27%20OR%201%3D1',
    ]) {
      const { status } = await get(`/api/v1/users/${name}/articles`);
      expect(status, name).toBeGreaterThanOrEqual(400);
      expect(status, name).toBeLessThan(500);
    }
    // Case does not matter, and the id finds the same member.
    expect((await get('/api/v1/users/DEMO/articles')).status).toBe(200);
    expect((await get(`/api/v1/users/${fx.demoUserId}/articles`)).status).toBe(200);
  });

  it('answers 404 for an unknown fantasy team', async () => {
    expect((await get('/api/v1/fantasy_teams/1/articles')).status).toBe(404);
    expect((await get('/api/v1/fantasy_teams/1/articles/new_count?since=0')).status).toBe(404);
    expect((await get('/api/v1/fantasy_teams/0/articles')).status).toBe(422);
  });
});

describe('team videos', () => {
  it('lists videos with their duration; grouped lists leads only', async () => {
    const { status, body } = await get('/api/v1/teams/green-bay-packers/videos?grouped=true');
    expect(status).toBe(200);
    const videos = body.videos as (Article & { duration: number | null })[];
    expect(videos.map((v) => v.id)).toEqual([fx.video]);
    expect(videos[0]).toMatchObject({ duration: 95, isYoutube: true, subarticles: [] });
    expect((await get('/api/v1/teams/green-bay-packers/videos?page=2')).body.videos).toEqual([]);
    expect((await get('/api/v1/teams/nope/videos')).status).toBe(404);
  });
});

describe('one article', () => {
  it('reads an article and more from its source', async () => {
    const { status, body } = await get(`/api/v1/articles/${fx.lead}`);
    expect(status).toBe(200);
    expect((body.article as Article).subarticles.map((s) => s.id)).toEqual([fx.sub]);
    const more = await get(`/api/v1/articles/${fx.lead}/articles`);
    expect(more.body.meta.pagination).toMatchObject({ perPage: 8, totalCount: 20 });
    expect(ids(more.body)).toEqual(fx.packersLeads.slice(0, 8));
    expect((await get('/api/v1/articles/99999999')).status).toBe(404);
    expect((await get('/api/v1/articles/99999999/articles')).status).toBe(404);
    expect((await get(`/api/v1/articles/${fx.lead}/articles?perPage=101`)).status).toBe(422);
  });
});
