// The video ranking of the team and sport feeds (issue 17): recent plays by distinct viewers first,
// then the newest; old plays and videos outside the newest candidates do not count.
import type { Feed } from '@sportspyder/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import { visitorJar } from '../../../listening/__tests__/listening-fixture.js';
import {
  buildContentApp,
  type ContentFixture,
  insertArticle,
  seedContent,
} from '../../articles/__tests__/content-fixtures.js';
import { VIDEO_PLAYS_COUNT_CAP, VIDEO_RANKING_CANDIDATES, VIDEO_RANKING_DAYS } from '../video-ranking.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;
/** Packers (and NFL) videos newer than the fixture's own (4 h old): 1, 2 and 3 hours old. */
let v1: number;
let v2: number;
let v3: number;

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await seedContent(testDb.db);
  const video = (title: string, hoursAgo: number, teams: number[], sports: number[] = []) =>
    insertArticle(testDb.db, { sourceId: fx.sources.tube, title, hoursAgo, teams, sports, kind: 'video' });
  v1 = await video('Packers film one', 1, [fx.packers], [fx.nfl]);
  v2 = await video('Packers film two', 2, [fx.packers], [fx.nfl]);
  v3 = await video('Packers film three', 3, [fx.packers], [fx.nfl]);
  app = await buildContentApp(testDb.db);
}, 60_000);
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function feedVideoIds(url: string): Promise<number[]> {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return (res.json() as { feed: Feed }).feed.videos.map((v) => v.id);
}

async function play(articleId: number, hash: string, time = 0): Promise<LightMyRequestResponse> {
  const jar = await visitorJar(app);
  const res = await jar.request(app, {
    method: 'POST',
    url: `/api/v1/videos/${articleId}/events`,
    payload: { platform: 0, time, duration: 95, hash, eventType: 'play' },
  });
  expect(res.statusCode).toBe(201);
  return res;
}

async function pause(articleId: number, hash: string): Promise<void> {
  const jar = await visitorJar(app);
  const res = await jar.request(app, {
    method: 'POST',
    url: `/api/v1/videos/${articleId}/events`,
    payload: { platform: 0, time: 30, duration: 95, hash, eventType: 'pause' },
  });
  expect(res.statusCode).toBe(201);
}

describe('the rule', () => {
  it('ranks the newest 20 videos by viewers of the last 7 days, counting at most 1,000', () => {
    expect(VIDEO_RANKING_CANDIDATES).toBe(20);
    expect(VIDEO_RANKING_DAYS).toBe(7);
    expect(VIDEO_PLAYS_COUNT_CAP).toBe(1_000);
  });
});

describe('team and sport feed videos', () => {
  it('are newest first while nothing was played', async () => {
    expect(await feedVideoIds('/api/v1/teams/green-bay-packers/feeds')).toEqual([v1, v2, v3, fx.video]);
    expect(await feedVideoIds('/api/v1/sports/nfl/feeds')).toEqual([v1, v2, v3, fx.video]);
  });

  it('put the videos more viewers played first; one viewer counts once however often they play; pauses do not count', async () => {
    await play(fx.video, 'viewer-a');
    await play(fx.video, 'viewer-b');
    for (const time of [0, 20, 40, 60]) await play(v3, 'viewer-c', time);
    await pause(v2, 'viewer-d');
    await pause(v2, 'viewer-e');
    expect(await feedVideoIds('/api/v1/teams/green-bay-packers/feeds')).toEqual([fx.video, v3, v1, v2]);
    expect(await feedVideoIds('/api/v1/sports/nfl/feeds')).toEqual([fx.video, v3, v1, v2]);
  });

  it('forget plays older than 7 days', async () => {
    await testDb.db.query(
      `INSERT INTO video_plays (article_id, viewer, first_played_at, played_at)
       SELECT $1, 'h:old-' || g, now() - interval '8 days', now() - interval '8 days' FROM generate_series(1, 5) g`,
      [v2],
    );
    expect(await feedVideoIds('/api/v1/teams/green-bay-packers/feeds')).toEqual([fx.video, v3, v1, v2]);
    // Within the window the same viewers would lead.
    await testDb.db.query(
      `UPDATE video_plays SET played_at = now() - interval '6 days' WHERE article_id = $1 AND viewer LIKE 'h:old-%'`,
      [v2],
    );
    expect(await feedVideoIds('/api/v1/teams/green-bay-packers/feeds')).toEqual([v2, fx.video, v3, v1]);
  });

  it("only lift a video among the feed's newest 20, and list 5", async () => {
    // The Raiders get 21 videos; the oldest is played by many, yet stays out of the ranked five.
    const ids: number[] = [];
    for (let i = 0; i < VIDEO_RANKING_CANDIDATES + 1; i++) {
      ids.push(
        await insertArticle(testDb.db, {
          sourceId: fx.sources.tube,
          title: `Raiders reel ${i}`,
          hoursAgo: 1 + i,
          teams: [fx.raiders],
          kind: 'video',
        }),
      );
    }
    const oldest = ids[ids.length - 1] as number;
    const youngest20th = ids[VIDEO_RANKING_CANDIDATES - 1] as number;
    for (const hash of ['r1', 'r2', 'r3']) await play(oldest, hash);
    await play(youngest20th, 'r4');
    expect(await feedVideoIds('/api/v1/teams/las-vegas-raiders/feeds')).toEqual([
      youngest20th,
      ...ids.slice(0, 4),
    ]);
  });

  it("leave player feeds' videos newest first", async () => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/players/${fx.player}/feeds` });
    expect(res.statusCode).toBe(200);
    expect((res.json() as { feed: Feed }).feed.videos.map((v) => v.id)).toEqual([fx.video]);
  });
});
