import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import {
  type ContentFixture,
  insertContentFixture,
  NOW,
} from '../../content/podcasts/__tests__/content-fixture.js';
import { buildListeningApp, ids, memberJar, playBody, sendEvent, visitorJar } from './listening-fixture.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;
let device: CookieJar;

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await insertContentFixture(testDb.db);
  app = await buildListeningApp(testDb.db);
  device = await visitorJar(app);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const get = (url: string) => app.inject({ method: 'GET', url });
const titles = (body: { podcasts: { title: string }[] }) => body.podcasts.map((p) => p.title);
const listen = (hash: string, episodeId: number) => sendEvent(app, device, episodeId, playBody(hash, 30));

describe('top podcasts (top=1)', () => {
  it('rank by listeners of the last 30 days and followers, then by recent episodes', async () => {
    // Nobody listens or follows: recent episodes (Beta and Alpha 2 in 30 days, Beta newer), Gamma 1.
    expect(titles((await get('/api/v1/sports/fx-sport/podcasts?top=1')).json())).toEqual([
      'Beta Show',
      'Alpha Talk',
      'Gamma Hour',
    ]);

    // Alpha: three listeners 40 days ago (out of the window) and one now who heard two episodes.
    for (const hash of ['old-1', 'old-2', 'old-3']) await listen(hash, fx.episodes.p1c);
    await testDb.db.query(
      "UPDATE podcast_listens SET updated_at = $1::timestamptz - interval '40 days' WHERE listener LIKE 'h:old-%'",
      [NOW.toISOString()],
    );
    await listen('alpha-1', fx.episodes.p1a);
    await listen('alpha-1', fx.episodes.p1b);
    // Gamma: two listeners now.
    await listen('gamma-1', fx.episodes.p3a);
    await listen('gamma-2', fx.episodes.p3a);
    expect(titles((await get('/api/v1/sports/fx-sport/podcasts?top=1')).json())).toEqual([
      'Gamma Hour',
      'Alpha Talk',
      'Beta Show',
    ]);
    expect(titles((await get('/api/v1/teams/fx-alpha/podcasts?top=1')).json())).toEqual([
      'Alpha Talk',
      'Beta Show',
    ]);

    // Two members follow Beta: level with Gamma on 2, ahead on recent episodes.
    await testDb.db.query(
      `INSERT INTO podcast_follows (user_id, podcast_id)
       SELECT id, $1 FROM users WHERE username IN ('demo', 'profan')`,
      [fx.podcasts.p2],
    );
    expect(titles((await get('/api/v1/sports/fx-sport/podcasts?top=1')).json())).toEqual([
      'Beta Show',
      'Gamma Hour',
      'Alpha Talk',
    ]);
    const team = (await get('/api/v1/teams/fx-alpha/podcasts?top=1&perPage=1&page=2')).json();
    expect(titles(team)).toEqual(['Alpha Talk']);
    expect(team.meta.pagination).toEqual({ page: 2, perPage: 1, totalPages: 2, totalCount: 2 });
    // Without top the list stays alphabetical.
    expect(titles((await get('/api/v1/sports/fx-sport/podcasts')).json())).toEqual([
      'Alpha Talk',
      'Beta Show',
      'Gamma Hour',
    ]);
    await testDb.db.query('DELETE FROM podcast_follows');
  });
});

describe('suggestions', () => {
  it("put first the podcasts the podcast's listeners also heard, then those sharing teams", async () => {
    // Without shared listeners: Beta shares Alpha's team, Gamma only the sport.
    const before = (await get(`/api/v1/podcasts/${fx.podcasts.p1}`)).json().podcast;
    expect(ids(before.suggestions)).toEqual([fx.podcasts.p2, fx.podcasts.p3]);
    // Gamma shares nothing but the sport with Alpha, nothing at all with Beta.
    expect(ids((await get(`/api/v1/podcasts/${fx.podcasts.p3}`)).json().podcast.suggestions)).toEqual([
      fx.podcasts.p1,
    ]);

    // Two of Alpha's (old) listeners also heard Gamma; a signed-in member heard Alpha and Beta.
    await listen('old-1', fx.episodes.p3a);
    await listen('old-2', fx.episodes.p3a);
    const { jar } = await memberJar(app, 'pro', 'pro-device');
    await sendEvent(app, jar, fx.episodes.p1b, playBody('pro-device', 5));
    await sendEvent(app, jar, fx.episodes.p2b, playBody('pro-device', 5));
    // One of Gamma's listeners heard Beta.
    await listen('gamma-1', fx.episodes.p2a);

    const alpha = (await get(`/api/v1/podcasts/${fx.podcasts.p1}`)).json().podcast;
    expect(ids(alpha.suggestions)).toEqual([fx.podcasts.p3, fx.podcasts.p2]);
    // Gamma's listeners: old-1 and old-2 heard Alpha, gamma-1 heard Beta (which shares nothing with it).
    const gamma = (await get(`/api/v1/podcasts/${fx.podcasts.p3}`)).json().podcast;
    expect(ids(gamma.suggestions)).toEqual([fx.podcasts.p1, fx.podcasts.p2]);
  });

  it("suggest first the newest episodes of podcasts the episode's listeners also heard", async () => {
    const res = await get(`/api/v1/podcast_episodes/${fx.episodes.p1a}`);
    expect(res.statusCode).toBe(200);
    // Gamma (2 shared listeners) then Beta (1): their newest episodes; then Beta's other episode about
    // the same team, then Alpha's own.
    expect(ids(res.json().podcastEpisode.suggestions)).toEqual([
      fx.episodes.p3a,
      fx.episodes.p2a,
      fx.episodes.p2b,
      fx.episodes.p1b,
      fx.episodes.p1c,
    ]);
  });
});
