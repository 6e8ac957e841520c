import type { Feed, TopStories } from '@sportspyder/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import {
  buildContentApp,
  type ContentFixture,
  insertArticle,
  seedContent,
} from '../../articles/__tests__/content-fixtures.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;
let podcastId: number;
let episodeId: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const { db } = testDb;
  fx = await seedContent(db);
  const podcast = await db.query<{ id: number }>(
    `INSERT INTO podcasts (feed_url, title, author) VALUES ('https://pods.example/pack.xml', 'Pack Talk', 'Pat')
     RETURNING id`,
  );
  podcastId = podcast.rows[0]?.id as number;
  await db.query('INSERT INTO podcast_sports (podcast_id, sport_id) VALUES ($1, $2)', [podcastId, fx.nfl]);
  await db.query('INSERT INTO podcast_teams (podcast_id, team_id) VALUES ($1, $2)', [podcastId, fx.packers]);
  const episode = await db.query<{ id: number }>(
    `INSERT INTO podcast_episodes (podcast_id, guid, title, enclosure_url, duration, published_at, hot)
     VALUES ($1, 'ep-1', 'Quill talk', 'https://pods.example/ep1.mp3', 1800, now() - interval '3 hours', true)
     RETURNING id::int AS id`,
    [podcastId],
  );
  episodeId = episode.rows[0]?.id as number;
  await db.query(
    `INSERT INTO episode_teams (episode_id, team_id, published_at)
     SELECT id, $2, published_at FROM podcast_episodes WHERE id = $1`,
    [episodeId, fx.packers],
  );
  await db.query(
    `INSERT INTO episode_players (episode_id, player_id, published_at)
     SELECT id, $2, published_at FROM podcast_episodes WHERE id = $1`,
    [episodeId, fx.player],
  );
  app = await buildContentApp(db);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function feed(url: string, jar?: CookieJar): Promise<{ status: number; feed: Feed; body: unknown }> {
  const res = jar ? await jar.request(app, { method: 'GET', url }) : await app.inject({ method: 'GET', url });
  const body = res.json() as { feed: Feed };
  return { status: res.statusCode, feed: body.feed, body };
}

describe('combined feeds', () => {
  it("answers a sport's articles, videos, episodes and trending players", async () => {
    const { status, feed: f } = await feed('/api/v1/sports/nfl/feeds');
    expect(status).toBe(200);
    expect(f.id).toBe('nfl');
    expect(f.articles).toHaveLength(13);
    expect(f.articles[0]?.id).toBe(fx.lead);
    expect(f.articles[0]?.subarticles.map((s) => s.id)).toEqual([fx.sub]);
    expect(f.videos.map((v) => v.id)).toEqual([fx.video]);
    expect(f.videos[0]?.duration).toBe(95);
    expect(f.episodes.map((e) => e.id)).toEqual([episodeId]);
    expect(f.players.map((p) => p.slug)).toEqual(['casey-quill']);
    expect((await feed('/api/v1/sports/nope/feeds')).status).toBe(404);
  });

  it("answers a team's feed (legacy slugs resolve) without the member's hidden podcasts", async () => {
    const { feed: f } = await feed('/api/v1/teams/green-bay-packers/feeds');
    expect(f.id).toBe('green-bay-packers');
    expect(f.articles[0]?.id).toBe(fx.lead);
    expect(f.episodes.map((e) => e.id)).toEqual([episodeId]);
    expect(f.players.map((p) => p.id)).toEqual([fx.player]);
    const raiders = await feed('/api/v1/teams/oakland-raiders/feeds');
    expect(raiders.feed.id).toBe('las-vegas-raiders');
    expect(raiders.feed.articles.map((a) => a.id)).toEqual([fx.raidersArticle]);

    await testDb.db.query('INSERT INTO hidden_podcasts (user_id, podcast_id, team_id) VALUES ($1, $2, $3)', [
      fx.demoUserId,
      podcastId,
      fx.packers,
    ]);
    const demo = new CookieJar();
    await demo.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
    expect((await feed('/api/v1/teams/green-bay-packers/feeds', demo)).feed.episodes).toEqual([]);
    expect((await feed('/api/v1/teams/green-bay-packers/feeds')).feed.episodes).toHaveLength(1);
    await testDb.db.query('DELETE FROM hidden_podcasts WHERE user_id = $1', [fx.demoUserId]);
    expect((await feed('/api/v1/teams/nope/feeds')).status).toBe(404);
  });

  it("answers a player's feed", async () => {
    const { status, feed: f } = await feed('/api/v1/players/casey-quill/feeds');
    expect(status).toBe(200);
    expect(f.id).toBe('casey-quill');
    expect(f.articles.map((a) => a.id)).toEqual([fx.lead]);
    expect(f.videos.map((v) => v.id)).toEqual([fx.video]);
    expect(f.episodes.map((e) => e.id)).toEqual([episodeId]);
    expect((await feed('/api/v1/players/nobody/feeds')).status).toBe(404);
  });

  it("gives each list its own stories: a video's other videos under it, an article's under the article", async () => {
    const { db } = testDb;
    const { id: cluster } = (
      await db.query<{ id: number }>(
        `INSERT INTO clusters (sources_count, first_seen_at, last_seen_at)
         VALUES (2, now() - interval '3 hours', now() - interval '2 hours') RETURNING id::int AS id`,
      )
    ).rows[0] as { id: number };
    const video = {
      sourceId: fx.sources.tube,
      teams: [fx.raiders],
      kind: 'video' as const,
      clusterId: cluster,
    };
    const lead = await insertArticle(db, { ...video, title: 'Raiders camp tape', hoursAgo: 2 });
    const other = await insertArticle(db, {
      ...video,
      title: 'Raiders camp, part 2',
      hoursAgo: 2.5,
      isLead: false,
    });
    await db.query('UPDATE clusters SET lead_article_id = $1 WHERE id = $2', [lead, cluster]);
    try {
      const raiders = (await feed('/api/v1/teams/las-vegas-raiders/feeds')).feed;
      expect(raiders.videos.map((v) => [v.id, v.duration, v.subarticles.map((s) => s.id)])).toEqual([
        [lead, 95, [other]],
      ]);
      expect(raiders.videos[0]?.teams.map((t) => t.slug)).toEqual(['las-vegas-raiders']);
      expect(raiders.articles.map((a) => [a.id, a.subarticles])).toEqual([[fx.raidersArticle, []]]);
      const packers = (await feed('/api/v1/teams/green-bay-packers/feeds')).feed;
      expect(packers.articles[0]?.subarticles.map((s) => [s.id, s.players.map((p) => p.slug)])).toEqual([
        [fx.sub, ['casey-quill']],
      ]);
      expect(packers.videos.map((v) => [v.id, v.subarticles, v.players.map((p) => p.slug)])).toEqual([
        [fx.video, [], ['casey-quill']],
      ]);
    } finally {
      await db.query('DELETE FROM articles WHERE cluster_id = $1', [cluster]);
      await db.query('DELETE FROM clusters WHERE id = $1', [cluster]);
    }
  });

  it("answers a member's feed from the teams they follow", async () => {
    await testDb.db.query('DELETE FROM following_teams WHERE user_id = $1', [fx.demoUserId]);
    await testDb.db.query('INSERT INTO following_teams (user_id, team_id) VALUES ($1, $2)', [
      fx.demoUserId,
      fx.raiders,
    ]);
    const { status, feed: f } = await feed('/api/v1/users/demo/feeds');
    expect(status).toBe(200);
    expect(f).toMatchObject({ id: 'demo', videos: [], episodes: [], players: [] });
    expect(f.articles.map((a) => a.id)).toEqual([fx.raidersArticle]);
    expect((await feed('/api/v1/users/nobody-here/feeds')).status).toBe(404);
  });
});

describe('top stories', () => {
  it("leads with the day's hottest story and lists today's episodes", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/top_stories' });
    expect(res.statusCode).toBe(200);
    const top = (res.json() as { topStories: TopStories }).topStories;
    expect(top.id).toBe('top');
    expect(top.articles[0]?.id).toBe(fx.lead);
    expect(top.articles[0]?.hot).toBe(true);
    expect(top.articles).toHaveLength(13);
    expect(new Set(top.articles.map((a) => a.id)).size).toBe(13);
    expect(top.episodes.map((e) => e.id)).toEqual([episodeId]);
  });

  it("ranks the day's stories by heat then sources, without videos or yesterday's, then the newest leads", async () => {
    const { db } = testDb;
    const story = async (
      hoursAgo: number,
      cluster: { sources: number; hot: boolean },
      kind: 'article' | 'video' = 'article',
    ) => {
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO clusters (sources_count, first_seen_at, last_seen_at, hot)
         VALUES ($1, now() - make_interval(hours => $2 + 1), now() - make_interval(hours => $2), $3)
         RETURNING id::int AS id`,
        [cluster.sources, hoursAgo, cluster.hot],
      );
      const clusterId = rows[0]?.id as number;
      const sourceId = kind === 'video' ? fx.sources.tube : fx.sources.ledger;
      const title = `Story ${clusterId}`;
      const lead = await insertArticle(db, {
        sourceId,
        title,
        hoursAgo,
        kind,
        clusterId,
        teams: [fx.packers],
      });
      await db.query('UPDATE clusters SET lead_article_id = $1 WHERE id = $2', [lead, clusterId]);
      return lead;
    };
    const widelyCarried = await story(5, { sources: 40, hot: false });
    const lessCarried = await story(3, { sources: 30, hot: false });
    const hotVideo = await story(2, { sources: 90, hot: true }, 'video');
    const yesterdays = await story(30, { sources: 90, hot: true });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/top_stories' });
      const ids = (res.json() as { topStories: TopStories }).topStories.articles.map((a) => a.id);
      // The hot story of the fixture first, then the day's others by the number of sources.
      expect(ids.slice(0, 3)).toEqual([fx.lead, widelyCarried, lessCarried]);
      expect(ids).not.toContain(hotVideo);
      expect(ids).not.toContain(yesterdays);
      // Topped up with the newest lead articles (the fixture's Packers notes), none twice.
      expect(ids).toHaveLength(13);
      expect(new Set(ids).size).toBe(13);
      expect(ids.slice(3, 5)).toEqual(fx.packersLeads.slice(0, 2));
    } finally {
      await db.query('DELETE FROM articles WHERE id = ANY($1::bigint[])', [
        [widelyCarried, lessCarried, hotVideo, yesterdays],
      ]);
    }
  });

  it("lists the day's hot episodes before newer ones", async () => {
    const { rows } = await testDb.db.query<{ id: number }>(
      `INSERT INTO podcast_episodes (podcast_id, guid, title, enclosure_url, duration, published_at, hot)
       VALUES ($1, 'ep-new', 'Newer, not hot', 'https://pods.example/new.mp3', 600, now() - interval '1 hour', false)
       RETURNING id::int AS id`,
      [podcastId],
    );
    const newer = rows[0]?.id as number;
    try {
      const res = await app.inject({ method: 'GET', url: '/api/v1/top_stories' });
      const top = (res.json() as { topStories: TopStories }).topStories;
      expect(top.episodes.map((e) => e.id)).toEqual([episodeId, newer]);
    } finally {
      await testDb.db.query('DELETE FROM podcast_episodes WHERE id = $1', [newer]);
    }
  });
});
