import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import {
  type ContentFixture,
  demoUserId,
  insertContentFixture,
} from '../../content/podcasts/__tests__/content-fixture.js';
import { buildListeningApp, ids, memberJar, playBody, sendEvent } from './listening-fixture.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;
let demo: CookieJar;

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await insertContentFixture(testDb.db);
  app = await buildListeningApp(testDb.db);
  const userId = await demoUserId(testDb.db);
  for (const podcastId of [fx.podcasts.p3, fx.podcasts.p1]) {
    await testDb.db.query('INSERT INTO podcast_follows (user_id, podcast_id) VALUES ($1, $2)', [
      userId,
      podcastId,
    ]);
  }
  ({ jar: demo } = await memberJar(app, 'demo', 'dev-my'));
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const get = (url: string) => demo.request(app, { method: 'GET', url });

describe('GET api/v1/profile/podcasts', () => {
  it('lists the followed podcasts by title (following, the default, and subscribed)', async () => {
    for (const query of ['', '?type=following', '?type=subscribed']) {
      const res = await get(`/api/v1/profile/podcasts${query}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(ids(body.podcasts)).toEqual([fx.podcasts.p1, fx.podcasts.p3]);
      expect(body.podcasts.every((p: { following: boolean }) => p.following)).toBe(true);
      expect(body.meta.pagination).toEqual({ page: 1, perPage: 25, totalPages: 1, totalCount: 2 });
    }
    const page2 = (await get('/api/v1/profile/podcasts?perPage=1&page=2')).json();
    expect(ids(page2.podcasts)).toEqual([fx.podcasts.p3]);
    expect(page2.meta.pagination).toEqual({ page: 2, perPage: 1, totalPages: 2, totalCount: 2 });
    expect((await get('/api/v1/profile/podcasts?page=5')).json().podcasts).toEqual([]);
  });

  it('lists the podcasts the member listened to, most recently heard first (type=listens)', async () => {
    await sendEvent(app, demo, fx.episodes.p2a, playBody('dev-my', 10));
    await sendEvent(app, demo, fx.episodes.p3a, playBody('dev-my', 10));
    await sendEvent(app, demo, fx.episodes.p2b, playBody('dev-my', 10));
    const userId = await demoUserId(testDb.db);
    // P2 was heard two hours ago, P3 one hour ago: P3 first, though P2 has the smaller id.
    await testDb.db.query(
      "UPDATE podcast_listens SET updated_at = updated_at - interval '2 hours' WHERE listener = $1 AND podcast_id = $2",
      [`u:${userId}`, fx.podcasts.p2],
    );
    await testDb.db.query(
      "UPDATE podcast_listens SET updated_at = updated_at - interval '1 hour' WHERE listener = $1 AND podcast_id = $2",
      [`u:${userId}`, fx.podcasts.p3],
    );
    const body = (await get('/api/v1/profile/podcasts?type=listens')).json();
    expect(ids(body.podcasts)).toEqual([fx.podcasts.p3, fx.podcasts.p2]);
    expect(body.podcasts.map((p: { following: boolean }) => p.following)).toEqual([true, false]);
    expect(body.meta.pagination.totalCount).toBe(2);
  });

  it('answers 401 to visitors and 422 for an unknown type', async () => {
    const visitor = await app.inject({ method: 'GET', url: '/api/v1/profile/podcasts' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().errors[0].code).toBe('unauthorized');
    const bad = await get('/api/v1/profile/podcasts?type=everything');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('type');
  });
});

describe('GET api/v1/profile/podcast_episodes', () => {
  it('lists the latest episodes of the followed podcasts, 25 per page', async () => {
    const res = await get('/api/v1/profile/podcast_episodes');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // P1 (1 day, 2 days, 40 days) and P3 (36 hours); P2 is not followed.
    expect(ids(body.podcastEpisodes)).toEqual([
      fx.episodes.p1a,
      fx.episodes.p3a,
      fx.episodes.p1b,
      fx.episodes.p1c,
    ]);
    expect(body.podcastEpisodes[0]).toMatchObject({ messagesCount: 0, podcast: { title: 'Alpha Talk' } });
    expect(body.meta.pagination).toEqual({ page: 1, perPage: 25, totalPages: 1, totalCount: 4 });
    const page2 = (await get('/api/v1/profile/podcast_episodes?perPage=3&page=2')).json();
    expect(ids(page2.podcastEpisodes)).toEqual([fx.episodes.p1c]);
    expect(page2.meta.pagination).toEqual({ page: 2, perPage: 3, totalPages: 2, totalCount: 4 });
  });

  it('answers 401 to visitors and 422 for perPage out of bounds', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/profile/podcast_episodes' })).statusCode).toBe(
      401,
    );
    const bad = await get('/api/v1/profile/podcast_episodes?perPage=0');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors[0].field).toBe('perPage');
  });
});
