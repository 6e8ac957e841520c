import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import { groupEpisodes } from '../group-episodes.js';
import { loadEpisodes, loadEpisodesOf } from '../load-episodes.js';
import { buildContentApp, type ContentFixture, demoUserId, insertContentFixture } from './content-fixture.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await insertContentFixture(testDb.db);
  app = await buildContentApp(testDb.db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('loadEpisodes', () => {
  it('answers episodes in the order asked, skipping unknown ids, with the podcast and its teams', async () => {
    const episodes = await loadEpisodes(testDb.db, [fx.episodes.p2a, 999_999, fx.episodes.p1a]);
    expect(episodes.map((e) => e.id)).toEqual([fx.episodes.p2a, fx.episodes.p1a]);
    const [p2a, p1a] = episodes;
    expect(p2a?.podcast.title).toBe('Beta Show');
    // A podcast's teams by full name: Chicago Betas before Green Bay Alphas.
    expect(p2a?.podcast.teams.map((t) => t.slug)).toEqual(['fx-beta', 'fx-alpha']);
    expect(p2a?.publishedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(p1a?.podcast.sports.map((s) => s.slug)).toEqual(['fx-sport']);
    expect(p1a?.mostRecent).toBe(true);
    expect(p1a?.imageUrl).toBe('https://img.example/p1.jpg');
    expect(p1a?.podcast.teams[0]?.episodes).toBe(3);
  });

  it('loads the episodes a statement chooses, in the order it gives them', async () => {
    const chosen = [fx.episodes.p1a, fx.episodes.p2a, fx.episodes.p1b];
    const episodes = await loadEpisodesOf(testDb.db, {
      sql: 'SELECT e.id, row_number() OVER (ORDER BY e.id DESC) AS ord FROM podcast_episodes e WHERE e.id = ANY($1::bigint[])',
      params: [chosen],
    });
    expect(episodes.map((e) => e.id)).toEqual([...chosen].sort((a, b) => b - a));
    expect(episodes.find((e) => e.id === fx.episodes.p2a)?.podcast.title).toBe('Beta Show');
  });

  it('groups later episodes of a podcast under its first one', async () => {
    const grouped = groupEpisodes(
      await loadEpisodes(testDb.db, [fx.episodes.p1a, fx.episodes.p2a, fx.episodes.p1b]),
    );
    expect(grouped.map((e) => e.id)).toEqual([fx.episodes.p1a, fx.episodes.p2a]);
    expect(grouped[0]?.subepisodes.map((e) => e.id)).toEqual([fx.episodes.p1b]);
    expect(grouped[0]?.subepisodes[0]).not.toHaveProperty('subepisodes');
  });
});

describe('GET api/v1/podcasts/:id', () => {
  it('answers the podcast with its last episode, teams, sports and suggestions sharing teams', async () => {
    const res = await get(`/api/v1/podcasts/${fx.podcasts.p1}`);
    expect(res.statusCode).toBe(200);
    const { podcast } = res.json();
    expect(podcast.title).toBe('Alpha Talk');
    expect(podcast.episodesCount).toBe(3);
    expect(podcast.lastEpisode.id).toBe(fx.episodes.p1a);
    const [p1a] = await loadEpisodes(testDb.db, [fx.episodes.p1a]);
    expect(podcast.lastEpisode.publishedAt).toBe(p1a?.publishedAt);
    expect(podcast.lastEpisode.podcast.title).toBe('Alpha Talk');
    expect(podcast.teams.map((t: { slug: string }) => t.slug)).toEqual(['fx-alpha']);
    expect(podcast.sports.map((s: { slug: string }) => s.slug)).toEqual(['fx-sport']);
    // P2 shares Alpha (team), P3 only the sport: the team overlap ranks first.
    expect(podcast.suggestions.map((s: { id: number }) => s.id)).toEqual([fx.podcasts.p2, fx.podcasts.p3]);
    expect(podcast.following).toBe(false);
  });

  it('says following for a member who follows it', async () => {
    const userId = await demoUserId(testDb.db);
    await testDb.db.query('INSERT INTO podcast_follows (user_id, podcast_id) VALUES ($1, $2)', [
      userId,
      fx.podcasts.p3,
    ]);
    const jar = new CookieJar();
    await jar.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
    const res = await jar.request(app, { method: 'GET', url: `/api/v1/podcasts/${fx.podcasts.p3}` });
    expect(res.json().podcast.following).toBe(true);
    // Follows rank the top podcasts: later tests start without it.
    await testDb.db.query('DELETE FROM podcast_follows WHERE user_id = $1', [userId]);
  });

  it('answers 404 for an unknown podcast and 422 for a malformed id', async () => {
    const missing = await get('/api/v1/podcasts/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe('not_found');
    const bad = await get('/api/v1/podcasts/abc');
    expect(bad.statusCode).toBe(422);
  });
});

describe('GET api/v1/podcasts/:podcastId/episodes', () => {
  it('lists the episodes newest first with pagination', async () => {
    const res = await get(`/api/v1/podcasts/${fx.podcasts.p1}/episodes`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.podcastEpisodes.map((e: { id: number }) => e.id)).toEqual([
      fx.episodes.p1a,
      fx.episodes.p1b,
      fx.episodes.p1c,
    ]);
    expect(body.meta.pagination).toEqual({ page: 1, perPage: 25, totalPages: 1, totalCount: 3 });
  });

  it('pages with perPage and answers an empty list beyond the end', async () => {
    const page2 = (await get(`/api/v1/podcasts/${fx.podcasts.p1}/episodes?page=2&perPage=2`)).json();
    expect(page2.podcastEpisodes.map((e: { id: number }) => e.id)).toEqual([fx.episodes.p1c]);
    expect(page2.meta.pagination).toEqual({ page: 2, perPage: 2, totalPages: 2, totalCount: 3 });
    const beyond = await get(`/api/v1/podcasts/${fx.podcasts.p1}/episodes?page=9`);
    expect(beyond.statusCode).toBe(200);
    expect(beyond.json().podcastEpisodes).toEqual([]);
  });

  it('answers 404 for an unknown podcast and 422 for perPage out of bounds', async () => {
    expect((await get('/api/v1/podcasts/999999/episodes')).statusCode).toBe(404);
    const bad = await get(`/api/v1/podcasts/${fx.podcasts.p1}/episodes?perPage=101`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('perPage');
  });
});

describe('GET api/v1/podcast_episodes/:id', () => {
  it('answers the episode with suggestions from podcasts about the same teams first', async () => {
    const res = await get(`/api/v1/podcast_episodes/${fx.episodes.p1a}`);
    expect(res.statusCode).toBe(200);
    const { podcastEpisode } = res.json();
    expect(podcastEpisode.title).toBe(`Episode 1 of ${fx.podcasts.p1}`);
    expect(podcastEpisode.podcast.title).toBe('Alpha Talk');
    expect(podcastEpisode.suggestions.map((e: { id: number }) => e.id)).toEqual([
      fx.episodes.p2a,
      fx.episodes.p2b,
      fx.episodes.p1b,
      fx.episodes.p1c,
    ]);
  });

  it('answers 404 for an unknown episode', async () => {
    expect((await get('/api/v1/podcast_episodes/999999')).statusCode).toBe(404);
  });
});

describe('sport podcasts and episodes', () => {
  it('lists the podcasts of a sport by title, and with top=1 by recent episodes', async () => {
    const byTitle = (await get('/api/v1/sports/fx-sport/podcasts')).json();
    expect(byTitle.podcasts.map((p: { title: string }) => p.title)).toEqual([
      'Alpha Talk',
      'Beta Show',
      'Gamma Hour',
    ]);
    expect(byTitle.meta.pagination.totalCount).toBe(3);
    const top = (await get('/api/v1/sports/fx-sport/podcasts?top=1&perPage=2')).json();
    // Alpha Talk and Beta Show have 2 episodes in 30 days (Beta the newest), Gamma Hour 1.
    expect(top.podcasts.map((p: { title: string }) => p.title)).toEqual(['Beta Show', 'Alpha Talk']);
    expect(top.meta.pagination).toEqual({ page: 1, perPage: 2, totalPages: 2, totalCount: 3 });
  });

  it('lists the episodes of a sport, grouped by podcast with grouped=true', async () => {
    const flat = (await get('/api/v1/sports/fx-sport/podcast_episodes')).json();
    expect(flat.podcastEpisodes).toHaveLength(6);
    expect(flat.podcastEpisodes[0].id).toBe(fx.episodes.p2a);
    const grouped = (await get('/api/v1/sports/fx-sport/podcast_episodes?grouped=true')).json();
    expect(grouped.podcastEpisodes.map((e: { id: number }) => e.id)).toEqual([
      fx.episodes.p2a,
      fx.episodes.p1a,
      fx.episodes.p3a,
    ]);
    expect(grouped.podcastEpisodes[1].subepisodes.map((e: { id: number }) => e.id)).toEqual([
      fx.episodes.p1b,
      fx.episodes.p1c,
    ]);
  });

  it('answers 404 for an unknown sport and 422 for a malformed flag', async () => {
    expect((await get('/api/v1/sports/no-such-sport/podcasts')).statusCode).toBe(404);
    expect((await get('/api/v1/sports/no-such-sport/podcast_episodes')).statusCode).toBe(404);
    expect((await get('/api/v1/sports/fx-sport/podcasts?top=5')).statusCode).toBe(422);
    expect((await get('/api/v1/sports/fx-sport/podcast_episodes?grouped=maybe')).statusCode).toBe(422);
  });
});

describe('team podcasts and episodes', () => {
  it('lists 4 team episodes per page by default, grouped on request', async () => {
    const res = await get('/api/v1/teams/fx-alpha/podcast_episodes');
    const body = res.json();
    expect(body.podcastEpisodes.map((e: { id: number }) => e.id)).toEqual([
      fx.episodes.p2a,
      fx.episodes.p1a,
      fx.episodes.p1b,
      fx.episodes.p2b,
    ]);
    expect(body.meta.pagination).toEqual({ page: 1, perPage: 4, totalPages: 2, totalCount: 5 });
    const grouped = (await get(`/api/v1/teams/${fx.teams.alpha}/podcast_episodes?grouped=true`)).json();
    expect(grouped.podcastEpisodes.map((e: { id: number }) => e.id)).toEqual([
      fx.episodes.p2a,
      fx.episodes.p1a,
    ]);
  });

  it('leaves out the podcasts a member hid from the team, for that member only', async () => {
    const userId = await demoUserId(testDb.db);
    await testDb.db.query('INSERT INTO hidden_podcasts (user_id, podcast_id, team_id) VALUES ($1, $2, $3)', [
      userId,
      fx.podcasts.p2,
      fx.teams.alpha,
    ]);
    const jar = new CookieJar();
    await jar.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo');
    const member = (await jar.request(app, { method: 'GET', url: '/api/v1/teams/fx-alpha/podcasts' })).json();
    expect(member.podcasts.map((p: { title: string }) => p.title)).toEqual(['Alpha Talk']);
    const memberEpisodes = (
      await jar.request(app, { method: 'GET', url: '/api/v1/teams/fx-alpha/podcast_episodes' })
    ).json();
    expect(memberEpisodes.podcastEpisodes.map((e: { id: number }) => e.id)).toEqual([
      fx.episodes.p1a,
      fx.episodes.p1b,
      fx.episodes.p1c,
    ]);
    // Hidden from Alpha only: Beta still lists it for the member.
    const betaForMember = (
      await jar.request(app, { method: 'GET', url: '/api/v1/teams/fx-beta/podcasts' })
    ).json();
    expect(betaForMember.podcasts.map((p: { title: string }) => p.title)).toEqual(['Beta Show']);
    // A visitor still sees it.
    const visitor = (await get('/api/v1/teams/fx-alpha/podcasts')).json();
    expect(visitor.podcasts.map((p: { title: string }) => p.title)).toEqual(['Alpha Talk', 'Beta Show']);
    await testDb.db.query('DELETE FROM hidden_podcasts WHERE user_id = $1', [userId]);
  });

  it('ranks the top podcasts of a team and answers 404 for an unknown team', async () => {
    const top = (await get('/api/v1/teams/fx-alpha/podcasts?top=1&perPage=1')).json();
    expect(top.podcasts.map((p: { title: string }) => p.title)).toEqual(['Beta Show']);
    expect(top.meta.pagination.totalPages).toBe(2);
    expect((await get('/api/v1/teams/no-such-team/podcasts')).statusCode).toBe(404);
    expect((await get('/api/v1/teams/no-such-team/podcast_episodes')).statusCode).toBe(404);
  });
});

describe('GET api/v1/players/:playerId/podcast_episodes', () => {
  it("lists a player's episodes (6 per page) and answers 404 for an unknown player", async () => {
    const body = (await get('/api/v1/players/fx-qb/podcast_episodes')).json();
    expect(body.podcastEpisodes.map((e: { id: number }) => e.id)).toEqual([fx.episodes.p1a]);
    expect(body.meta.pagination).toEqual({ page: 1, perPage: 6, totalPages: 1, totalCount: 1 });
    expect((await get('/api/v1/players/nobody/podcast_episodes')).statusCode).toBe(404);
  });
});
