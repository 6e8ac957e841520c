import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import {
  type ContentFixture,
  insertContentFixture,
} from '../../content/podcasts/__tests__/content-fixture.js';
import { buildListeningApp, ids, memberJar, playBody, sendEvent, visitorJar } from './listening-fixture.js';

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

// Moves one listen's activity time, so the order of the list does not hang on the pinned clock.
async function setUpdatedAt(listener: string, episodeId: number, iso: string): Promise<void> {
  await testDb.db.query(
    'UPDATE podcast_listens SET updated_at = $3 WHERE listener = $1 AND episode_id = $2',
    [listener, episodeId, iso],
  );
}

describe('GET api/v1/podcast_listens', () => {
  it("lists a device's listens, latest activity first, 3 by default, with the total", async () => {
    const jar = await visitorJar(app);
    const order = [fx.episodes.p3a, fx.episodes.p1c, fx.episodes.p2a, fx.episodes.p1a];
    for (const [n, id] of order.entries()) {
      await sendEvent(app, jar, id, playBody('dev-list', 100 + n));
      await setUpdatedAt('h:dev-list', id, `2026-11-0${n + 1}T00:00:00Z`);
    }
    const res = await jar.request(app, { method: 'GET', url: '/api/v1/podcast_listens?hash=dev-list' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(ids(body.podcastListens.map((l: { podcastEpisode: { id: number } }) => l.podcastEpisode))).toEqual(
      [fx.episodes.p1a, fx.episodes.p2a, fx.episodes.p1c],
    );
    expect(body.podcastListens[0]).toMatchObject({
      time: 103,
      completedAt: null,
      podcastEpisode: { title: `Episode 1 of ${fx.podcasts.p1}`, podcast: { title: 'Alpha Talk' } },
    });
    expect(body.meta.pagination).toEqual({ page: 1, perPage: 3, totalPages: 2, totalCount: 4 });
    const eight = (
      await jar.request(app, { method: 'GET', url: '/api/v1/podcast_listens?hash=dev-list&limit=8' })
    ).json();
    expect(eight.podcastListens).toHaveLength(4);
    const other = (
      await jar.request(app, { method: 'GET', url: '/api/v1/podcast_listens?hash=dev-other' })
    ).json();
    expect(other.podcastListens).toEqual([]);
    expect(other.meta.pagination.totalCount).toBe(0);
  });

  it('answers 422 naming the field for a missing hash or a limit out of bounds', async () => {
    const noHash = await app.inject({ method: 'GET', url: '/api/v1/podcast_listens' });
    expect(noHash.statusCode).toBe(422);
    expect(noHash.json().errors[0]).toMatchObject({ field: 'hash', code: 'blank' });
    for (const limit of ['0', '51', 'x']) {
      const bad = await app.inject({ method: 'GET', url: `/api/v1/podcast_listens?hash=a&limit=${limit}` });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors[0].field).toBe('limit');
    }
  });

  it("merges the device's listens into the member's on sign-in, keeping the newer position", async () => {
    const device = await visitorJar(app);
    await sendEvent(app, device, fx.episodes.p1a, playBody('dev-merge', 300));
    await sendEvent(app, device, fx.episodes.p1b, playBody('dev-merge', 1790));
    // The member listened to p1a earlier elsewhere (older activity, further along).
    const { jar: elsewhere } = await memberJar(app, 'demo', 'dev-laptop');
    await sendEvent(app, elsewhere, fx.episodes.p1a, playBody('dev-laptop', 900));
    const member = (await testDb.db.query<{ id: number }>("SELECT id FROM users WHERE username = 'demo'"))
      .rows[0]?.id;
    await setUpdatedAt(`u:${member}`, fx.episodes.p1a, '2026-11-01T00:00:00Z');

    const { jar, signIn } = await memberJar(app, 'demo', 'dev-merge');
    const listens = signIn.json().session.user.podcastListens;
    expect(listens.times[String(fx.episodes.p1a)]).toBe(300);
    expect(listens.completed).toContain(fx.episodes.p1b);

    const list = (
      await jar.request(app, { method: 'GET', url: '/api/v1/podcast_listens?hash=dev-merge&limit=8' })
    ).json();
    const byEpisode = new Map(
      list.podcastListens.map(
        (l: { podcastEpisode: { id: number }; time: number; completedAt: string | null }) => [
          l.podcastEpisode.id,
          l,
        ],
      ),
    );
    expect(byEpisode.get(fx.episodes.p1a)).toMatchObject({ time: 300 });
    expect(byEpisode.get(fx.episodes.p1b)).toMatchObject({ completedAt: expect.any(String) });
    const { rows } = await testDb.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM podcast_listens WHERE listener = 'h:dev-merge'",
    );
    expect(rows[0]?.n).toBe(0);
    // Signed out again, the device shows nothing of the member's history.
    const visitor = await visitorJar(app);
    const after = (
      await visitor.request(app, { method: 'GET', url: '/api/v1/podcast_listens?hash=dev-merge' })
    ).json();
    expect(after.podcastListens).toEqual([]);
  });

  it('takes over listens of another device when a signed-in request carries its hash', async () => {
    const device = await visitorJar(app);
    await sendEvent(app, device, fx.episodes.p3a, playBody('dev-phone', 77));
    const { jar } = await memberJar(app, 'pro', 'dev-desk');
    const before = (
      await jar.request(app, { method: 'GET', url: '/api/v1/podcast_listens?hash=dev-desk' })
    ).json();
    expect(before.podcastListens).toEqual([]);
    const after = (
      await jar.request(app, { method: 'GET', url: '/api/v1/podcast_listens?hash=dev-phone' })
    ).json();
    expect(after.podcastListens.map((l: { time: number }) => l.time)).toEqual([77]);
    const session = (await jar.request(app, { method: 'GET', url: '/api/v1/session' })).json().session;
    expect(session.user.podcastListens).toEqual({
      recents: [{ id: fx.episodes.p3a, time: 77 }],
      completed: [],
      times: { [String(fx.episodes.p3a)]: 77 },
      episode: fx.episodes.p3a,
    });
  });
});

describe('DELETE api/v1/podcast_listens/:id', () => {
  it("removes the device's own listen and answers it; then 404", async () => {
    const jar = await visitorJar(app);
    await sendEvent(app, jar, fx.episodes.p2b, playBody('dev-del', 61));
    const [listen] = (
      await jar.request(app, { method: 'GET', url: '/api/v1/podcast_listens?hash=dev-del' })
    ).json().podcastListens;
    const res = await jar.request(app, {
      method: 'DELETE',
      url: `/api/v1/podcast_listens/${listen.id}?hash=dev-del`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().podcastListen).toMatchObject({
      id: listen.id,
      time: 61,
      podcastEpisode: { id: fx.episodes.p2b },
    });
    const list = (
      await jar.request(app, { method: 'GET', url: '/api/v1/podcast_listens?hash=dev-del' })
    ).json();
    expect(list.podcastListens).toEqual([]);
    const again = await jar.request(app, {
      method: 'DELETE',
      url: `/api/v1/podcast_listens/${listen.id}?hash=dev-del`,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().errors[0].code).toBe('not_found');
  });

  it("answers 403 for another device's or another member's listen, and keeps it", async () => {
    const device = await visitorJar(app);
    await sendEvent(app, device, fx.episodes.p1c, playBody('dev-own', 15));
    const { rows } = await testDb.db.query<{ id: number }>(
      "SELECT id FROM podcast_listens WHERE listener = 'h:dev-own'",
    );
    const id = Number(rows[0]?.id);
    const stranger = await visitorJar(app);
    const other = await stranger.request(app, {
      method: 'DELETE',
      url: `/api/v1/podcast_listens/${id}?hash=dev-x`,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().errors[0].code).toBe('forbidden');
    // A member's listen is not a device's to delete, nor another member's.
    const { jar: demo } = await memberJar(app, 'demo', 'dev-own');
    const owner = await testDb.db.query<{ user_id: number | null }>(
      'SELECT user_id FROM podcast_listens WHERE id = $1',
      [id],
    );
    expect(owner.rows[0]?.user_id).not.toBeNull();
    const asVisitor = await device.request(app, {
      method: 'DELETE',
      url: `/api/v1/podcast_listens/${id}?hash=dev-own`,
    });
    expect(asVisitor.statusCode).toBe(403);
    const { jar: pro } = await memberJar(app, 'pro', 'dev-pro');
    const asPro = await pro.request(app, {
      method: 'DELETE',
      url: `/api/v1/podcast_listens/${id}?hash=dev-pro`,
    });
    expect(asPro.statusCode).toBe(403);
    const asDemo = await demo.request(app, {
      method: 'DELETE',
      url: `/api/v1/podcast_listens/${id}?hash=dev-own`,
    });
    expect(asDemo.statusCode).toBe(200);
  });

  it('answers 422 without a hash, 422 for a malformed id and 403 without the CSRF token', async () => {
    const jar = await visitorJar(app);
    const noHash = await jar.request(app, { method: 'DELETE', url: '/api/v1/podcast_listens/1' });
    expect(noHash.statusCode).toBe(422);
    expect(noHash.json().errors[0].field).toBe('hash');
    expect(
      (await jar.request(app, { method: 'DELETE', url: '/api/v1/podcast_listens/abc?hash=a' })).statusCode,
    ).toBe(422);
    const csrf = await jar.request(app, {
      method: 'DELETE',
      url: '/api/v1/podcast_listens/1?hash=a',
      csrf: false,
    });
    expect(csrf.statusCode).toBe(403);
  });
});
