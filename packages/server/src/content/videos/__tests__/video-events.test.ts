// POST api/v1/videos/:articleId/events (issue 17): what is stored for visitors and members, the 404 of
// a missing video and the 422s that name their field.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CookieJar } from '../../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../../app.js';
import { memberJar, visitorJar } from '../../../listening/__tests__/listening-fixture.js';
import {
  buildContentApp,
  type ContentFixture,
  seedContent,
} from '../../articles/__tests__/content-fixtures.js';
import { PLAYED_AT_RESOLUTION_MS, viewerKey } from '../record-video-event.js';

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

/** What the site's player sends for a play at `time` (override any field). */
function body(hash: string, time: number, extra: Record<string, unknown> = {}) {
  return {
    platform: 0,
    time,
    duration: 95,
    p: 0,
    v: null,
    first: false,
    hash,
    eventType: 'play',
    speed: 1,
    auto: false,
    ...extra,
  };
}

function send(jar: CookieJar, articleId: number, payload: unknown): Promise<LightMyRequestResponse> {
  return jar.request(app, { method: 'POST', url: `/api/v1/videos/${articleId}/events`, payload });
}

async function eventRow(id: number) {
  const { rows } = await testDb.db.query<Record<string, unknown>>(
    'SELECT * FROM video_events WHERE id = $1',
    [id],
  );
  return rows[0];
}

async function plays(articleId: number) {
  const { rows } = await testDb.db.query<{ viewer: string; played_at: Date; first_played_at: Date }>(
    'SELECT viewer, played_at, first_played_at FROM video_plays WHERE article_id = $1 ORDER BY viewer',
    [articleId],
  );
  return rows;
}

describe('POST api/v1/videos/:articleId/events', () => {
  it("stores a visitor's play as sent, keyed by the device hash, with the page context and the time rounded", async () => {
    const jar = await visitorJar(app);
    const res = await send(
      jar,
      fx.video,
      body('dev-visitor', 12.6, {
        first: true,
        v: 4,
        p: 1,
        platform: 1,
        speed: 1.5,
        auto: true,
        ctype: 'Team',
        cid: fx.packers,
      }),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().event.id as number;
    expect(id).toBeGreaterThan(0);
    const row = await eventRow(id);
    // bigint comes back as a number from PGlite and as a string from pg.
    expect(Number(row?.article_id)).toBe(fx.video);
    expect(row).toMatchObject({
      user_id: null,
      hash: 'dev-visitor',
      event_type: 'play',
      time: 13,
      duration: '95.0',
      speed: '1.50',
      platform: 1,
      p: 1,
      variant: 4,
      first: true,
      auto: true,
      context_type: 'Team',
      context_id: fx.packers,
    });
    expect((await plays(fx.video)).map((p) => p.viewer)).toContain('h:dev-visitor');
  });

  it('stores pause and complete without the page context (it belongs to plays only)', async () => {
    const jar = await visitorJar(app);
    for (const eventType of ['pause', 'complete'] as const) {
      const res = await send(
        jar,
        fx.video,
        body('dev-pauser', 40, { eventType, ctype: 'Sport', cid: fx.nfl }),
      );
      expect(res.statusCode).toBe(201);
      expect(await eventRow(res.json().event.id)).toMatchObject({
        event_type: eventType,
        time: 40,
        context_type: null,
        context_id: null,
      });
    }
    // Only plays count as watching.
    expect((await plays(fx.video)).map((p) => p.viewer)).not.toContain('h:dev-pauser');
  });

  it("keys a member's events by their user id, whatever the device", async () => {
    const { jar } = await memberJar(app, 'demo', 'dev-member');
    const res = await send(jar, fx.video, body('dev-member', 3, { ctype: 'Sport', cid: fx.nfl }));
    expect(res.statusCode).toBe(201);
    const row = await eventRow(res.json().event.id);
    expect(row).toMatchObject({ user_id: fx.demoUserId, hash: 'dev-member', context_type: 'Sport' });
    const viewers = (await plays(fx.video)).map((p) => p.viewer);
    expect(viewers).toContain(`u:${fx.demoUserId}`);
    expect(viewers).not.toContain('h:dev-member');
    expect(viewerKey({ userId: 5, hash: 'x' })).toBe('u:5');
    expect(viewerKey({ userId: null, hash: 'x' })).toBe('h:x');
  });

  it("keeps one row per viewer and video, and repeated plays within the hour don't move it", async () => {
    const jar = await visitorJar(app);
    for (const time of [0, 20, 40]) {
      expect((await send(jar, fx.video, body('dev-repeat', time))).statusCode).toBe(201);
    }
    const mine = (await plays(fx.video)).filter((p) => p.viewer === 'h:dev-repeat');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.played_at.getTime()).toBe(mine[0]?.first_played_at.getTime());
    expect(PLAYED_AT_RESOLUTION_MS).toBe(3_600_000);
    // An hour later the next play moves it.
    await testDb.db.query(
      `UPDATE video_plays SET played_at = played_at - interval '2 hours', first_played_at = first_played_at - interval '2 hours'
       WHERE viewer = 'h:dev-repeat'`,
    );
    await send(jar, fx.video, body('dev-repeat', 60));
    const moved = (await plays(fx.video)).find((p) => p.viewer === 'h:dev-repeat');
    expect(Date.now() - (moved?.played_at.getTime() ?? 0)).toBeLessThan(60_000);
    expect(moved?.first_played_at.getTime()).toBeLessThan((moved?.played_at.getTime() ?? 0) - 3_600_000);
  });

  it('answers 404 for an unknown article and for an article that is not a video', async () => {
    const jar = await visitorJar(app);
    for (const id of [fx.lead, 987_654]) {
      const res = await send(jar, id, body('dev-404', 1));
      expect(res.statusCode, String(id)).toBe(404);
      expect(res.json()).toEqual({ errors: [{ code: 'not_found', title: 'Not found' }] });
    }
    const { rows } = await testDb.db.query("SELECT 1 FROM video_events WHERE hash = 'dev-404'");
    expect(rows).toHaveLength(0);
  });

  it.each([
    ['hash', { hash: undefined }],
    ['eventType', { eventType: 'stop' }],
    ['platform', { platform: 2 }],
    ['time', { time: -1 }],
    ['duration', { duration: undefined }],
    ['cid', { ctype: 'Team' }],
    ['ctype', { cid: 1 }],
  ])('answers 422 naming %s for bad input', async (field, extra) => {
    const jar = await visitorJar(app);
    const res = await send(jar, fx.video, body('dev-422', 1, extra));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.map((e: { field?: string }) => e.field)).toContain(field);
  });

  it('answers 422 naming cid when the context names no such team or sport', async () => {
    const jar = await visitorJar(app);
    for (const ctype of ['Team', 'Sport']) {
      const res = await send(jar, fx.video, body('dev-422', 1, { ctype, cid: 999_999 }));
      expect(res.statusCode, ctype).toBe(422);
      expect(res.json().errors).toEqual([expect.objectContaining({ field: 'cid', code: 'invalid' })]);
    }
    const { rows } = await testDb.db.query("SELECT 1 FROM video_events WHERE hash = 'dev-422'");
    expect(rows).toHaveLength(0);
  });

  it('refuses a call without the CSRF token', async () => {
    const jar = await visitorJar(app);
    const res = await jar.request(app, {
      method: 'POST',
      url: `/api/v1/videos/${fx.video}/events`,
      payload: body('dev-csrf', 1),
      csrf: false,
    });
    expect(res.statusCode).toBe(403);
  });
});
