import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import {
  type ContentFixture,
  insertContentFixture,
  NOW,
} from '../../content/podcasts/__tests__/content-fixture.js';
import { COMPLETION_THRESHOLD_S, isCompleted } from '../listening-rules.js';
import { buildListeningApp, memberJar, playBody, sendEvent, visitorJar } from './listening-fixture.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await insertContentFixture(testDb.db);
  app = await buildListeningApp(testDb.db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function listenRow(hashOrUser: string, episodeId: number) {
  const { rows } = await testDb.db.query<{
    time: string;
    duration: string | null;
    completed_at: Date | null;
  }>('SELECT time, duration, completed_at FROM podcast_listens WHERE listener = $1 AND episode_id = $2', [
    hashOrUser,
    episodeId,
  ]);
  return rows[0];
}

describe('completion rule (spec 1 §4.4)', () => {
  it.each([
    [1741, 1800, true],
    [1740, 1800, false],
    [0, 45, false],
    [10, 45, true],
    [100, null, false],
    [100, 0, false],
  ])('time %s of %s is completed: %s', (time, duration, completed) => {
    expect(isCompleted(time, duration)).toBe(completed);
  });

  it('is 60 seconds, like the player', () => {
    expect(COMPLETION_THRESHOLD_S).toBe(60);
  });
});

describe('POST api/v1/podcast_episodes/:id/events', () => {
  it('records a play and answers the episode with the ones before and after it in its podcast', async () => {
    const jar = await visitorJar(app);
    const res = await sendEvent(
      app,
      jar,
      fx.episodes.p1b,
      playBody('dev-a', 12, { ctype: 'Team', cid: fx.teams.alpha, first: true }),
    );
    expect(res.statusCode).toBe(201);
    const [event] = res.json().events;
    expect(event.id).toBeGreaterThan(0);
    expect(event.episode).toMatchObject({
      id: fx.episodes.p1b,
      podcast: { id: fx.podcasts.p1, title: 'Alpha Talk' },
    });
    // Publication order: p1c (40 days ago) < p1b (2 days) < p1a (1 day).
    expect(event.prevEpisode.id).toBe(fx.episodes.p1c);
    expect(event.nextEpisode.id).toBe(fx.episodes.p1a);
    const { rows } = await testDb.db.query<Record<string, unknown>>(
      'SELECT * FROM podcast_episode_events WHERE id = $1',
      [event.id],
    );
    expect(rows[0]).toMatchObject({
      episode_id: expect.anything(),
      user_id: null,
      hash: 'dev-a',
      event_type: 'play',
      time: 12,
      platform: 0,
      first: true,
      auto: false,
      context_type: 'Team',
      context_id: fx.teams.alpha,
    });
    expect(new Date(rows[0]?.created_at as string).toISOString()).toBe(NOW.toISOString());
  });

  it('has no previous for the oldest, no next for the newest, neither for a single episode', async () => {
    const jar = await visitorJar(app);
    const newest = (await sendEvent(app, jar, fx.episodes.p1a, playBody('dev-b', 5))).json().events[0];
    expect(newest.prevEpisode.id).toBe(fx.episodes.p1b);
    expect(newest.nextEpisode).toBeNull();
    const oldest = (await sendEvent(app, jar, fx.episodes.p1c, playBody('dev-b', 5))).json().events[0];
    expect(oldest.prevEpisode).toBeNull();
    expect(oldest.nextEpisode.id).toBe(fx.episodes.p1b);
    const single = (await sendEvent(app, jar, fx.episodes.p3a, playBody('dev-b', 5))).json().events[0];
    expect([single.prevEpisode, single.nextEpisode]).toEqual([null, null]);
  });

  it('keeps one listen per device and episode at the latest time; the context only on plays', async () => {
    const jar = await visitorJar(app);
    await sendEvent(app, jar, fx.episodes.p2a, playBody('dev-c', 20));
    await sendEvent(app, jar, fx.episodes.p2a, playBody('dev-c', 40));
    const pause = await sendEvent(
      app,
      jar,
      fx.episodes.p2a,
      playBody('dev-c', 47, { eventType: 'pause', speed: 1.5, ctype: 'Sport', cid: fx.sportId }),
    );
    expect(pause.statusCode).toBe(201);
    const { rows } = await testDb.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM podcast_listens WHERE listener = 'h:dev-c'",
    );
    expect(rows[0]?.n).toBe(1);
    expect(Number((await listenRow('h:dev-c', fx.episodes.p2a))?.time)).toBe(47);
    const last = await testDb.db.query<{ context_type: string | null; speed: string }>(
      'SELECT context_type, speed FROM podcast_episode_events WHERE id = $1',
      [pause.json().events[0].id],
    );
    expect(last.rows[0]?.context_type).toBeNull();
    expect(Number(last.rows[0]?.speed)).toBe(1.5);
  });

  it('completes a listen when under 60 s remain, and it stays completed after the time resets', async () => {
    const jar = await visitorJar(app);
    await sendEvent(app, jar, fx.episodes.p1a, playBody('dev-d', 1700));
    expect((await listenRow('h:dev-d', fx.episodes.p1a))?.completed_at).toBeNull();
    await sendEvent(app, jar, fx.episodes.p1a, playBody('dev-d', 1745, { eventType: 'seek' }));
    const done = await listenRow('h:dev-d', fx.episodes.p1a);
    expect(new Date(done?.completed_at as Date).toISOString()).toBe(NOW.toISOString());
    await sendEvent(app, jar, fx.episodes.p1a, playBody('dev-d', 0, { eventType: 'pause' }));
    const after = await listenRow('h:dev-d', fx.episodes.p1a);
    expect(Number(after?.time)).toBe(0);
    expect(after?.completed_at).not.toBeNull();
  });

  it("uses the feed's duration when the player does not know it yet", async () => {
    const jar = await visitorJar(app);
    await sendEvent(app, jar, fx.episodes.p2b, playBody('dev-e', 1790, { duration: null }));
    const row = await listenRow('h:dev-e', fx.episodes.p2b);
    expect(Number(row?.duration)).toBe(1800);
    expect(row?.completed_at).not.toBeNull();
  });

  it('records the member of a signed-in event and files the listen under the member', async () => {
    const { jar } = await memberJar(app, 'demo', 'dev-f');
    const res = await sendEvent(app, jar, fx.episodes.p3a, playBody('dev-f', 30));
    expect(res.statusCode).toBe(201);
    const { rows } = await testDb.db.query<{ user_id: number; listener: string }>(
      `SELECT e.user_id, l.listener FROM podcast_episode_events e
       JOIN podcast_listens l ON l.episode_id = e.episode_id AND l.user_id = e.user_id WHERE e.id = $1`,
      [res.json().events[0].id],
    );
    expect(rows[0]?.listener).toBe(`u:${rows[0]?.user_id}`);
  });

  it('answers 404 for an unknown episode and 422 naming the bad field', async () => {
    const jar = await visitorJar(app);
    const missing = await sendEvent(app, jar, 999_999, playBody('dev-g', 1));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe('not_found');
    const badType = await sendEvent(app, jar, fx.episodes.p1a, playBody('dev-g', 1, { eventType: 'stop' }));
    expect(badType.statusCode).toBe(422);
    expect(badType.json().errors.map((e: { field: string }) => e.field)).toContain('eventType');
    const { hash: _hash, ...noHash } = playBody('dev-g', 1);
    const blank = await sendEvent(app, jar, fx.episodes.p1a, noHash);
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors[0]).toMatchObject({ field: 'hash', code: 'blank' });
    const negative = await sendEvent(app, jar, fx.episodes.p1a, playBody('dev-g', -4));
    expect(negative.json().errors[0].field).toBe('time');
    expect((await sendEvent(app, jar, 0, playBody('dev-g', 1))).statusCode).toBe(422);
    expect(await listenRow('h:dev-g', fx.episodes.p1a)).toBeUndefined();
  });

  it('answers 403 without the CSRF token', async () => {
    const jar = await visitorJar(app);
    const res = await jar.request(app, {
      method: 'POST',
      url: `/api/v1/podcast_episodes/${fx.episodes.p1a}/events`,
      payload: playBody('dev-h', 1),
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('csrf_invalid');
  });
});
