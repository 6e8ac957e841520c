// Alerts by Web Push on the real app (issue 49): the calls and their 422s, then the queue end to end
// against a push service on 127.0.0.1 whose requests the test decrypts with the browser keys it made:
// game start and final (one tag per game, at most one alert per event, the spoiler shield's final without
// the score), a breaking story, a new episode, quiet hours, a 410 removing the subscription, and retries
// of a 500 and of a 429 with Retry-After.
import type { PushPayload } from '@sportspyder/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import { buildMemberApp, signedIn, visitor } from '../../content/members/__tests__/member-fixtures.js';
import { type AlertWorker, startAlertWorker } from '../alert-worker.js';
import { queueNewEpisodes } from '../episode-alerts.js';
import { queueGameAlerts } from '../game-alerts.js';
import { clockText } from '../quiet-hours.js';
import { queueBreakingStories } from '../story-alerts.js';
import { loadVapidKeys } from '../vapid-keys.js';
import {
  type BrowserKeys,
  browserKeys,
  decryptPayload,
  type LoopbackPushService,
  startLoopbackPushService,
} from './loopback-push-service.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let member: CookieJar;
let push: LoopbackPushService;
let worker: AlertWorker;
let userId: number;
let sportId: number;
let sportSlug: string;
let home: { id: number; slug: string; name: string };
let away: { id: number; slug: string; name: string };
let other: { id: number; slug: string; name: string };
let clock = new Date();

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, jar = member) =>
  jar.request(app, { method, url, ...(payload !== undefined ? { payload } : {}) });

beforeAll(async () => {
  testDb = await createTestDatabase();
  ({ app } = await buildMemberApp(testDb.db));
  member = await signedIn(app, 'demo');
  push = await startLoopbackPushService();
  const db = testDb.db;
  userId = Number(
    (await db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'demo@sportspyder.test'`)).rows[0]
      ?.id,
  );
  const teams = await db.query<{
    id: number;
    slug: string;
    name: string;
    sport_id: number;
    sport_slug: string;
  }>(
    `SELECT t.id, t.slug, t.name, t.sport_id, s.slug AS sport_slug FROM teams t JOIN sports s ON s.id = t.sport_id
      WHERE s.slug = 'nfl' ORDER BY t.id LIMIT 3`,
  );
  const [a, b, c] = teams.rows.map((t) => ({ id: Number(t.id), slug: t.slug, name: t.name }));
  if (!a || !b || !c) throw new Error('the seed has no NFL teams');
  [home, away, other] = [a, b, c];
  sportId = Number(teams.rows[0]?.sport_id);
  sportSlug = String(teams.rows[0]?.sport_slug);
  await db.query('DELETE FROM following_teams WHERE user_id = $1', [userId]);
  await db.query('INSERT INTO following_teams (user_id, team_id, position) VALUES ($1, $2, 0)', [
    userId,
    home.id,
  ]);
  worker = startAlertWorker({
    db,
    vapid: () => loadVapidKeys(db, app.config),
    fetch: (input, init) => globalThis.fetch(input, init),
    pollMs: 3_600_000,
    scanMs: 0,
    retryBaseMs: 50,
    now: () => clock,
  });
});
afterAll(async () => {
  await worker?.stop();
  await push?.close();
  await app?.close();
  await testDb?.dispose();
});
beforeEach(() => {
  clock = new Date();
});

/** Replaces the member's subscriptions with one to `name` on the loopback service; answers its keys. */
async function subscribeOnly(name: string): Promise<BrowserKeys> {
  await testDb.db.query('DELETE FROM push_subscriptions WHERE user_id = $1', [userId]);
  const keys = browserKeys();
  const res = await api('POST', '/api/v1/profile/push_subscriptions', {
    endpoint: push.endpoint(name),
    keys: keys.subscriptionKeys,
  });
  expect(res.statusCode).toBe(201);
  return keys;
}

async function newGame(
  status: 'not-started' | 'in-play' | 'finished',
  startedMinutesAgo = 30,
): Promise<number> {
  const { rows } = await testDb.db.query<{ id: number }>(
    `INSERT INTO games (sport_id, home_team_id, away_team_id, starts_at, status, home_score, away_score)
     VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [
      sportId,
      home.id,
      away.id,
      new Date(clock.getTime() - startedMinutesAgo * 60_000).toISOString(),
      status,
      status === 'not-started' ? null : 0,
    ],
  );
  return Number(rows[0]?.id);
}

async function finish(gameId: number, homeScore: number, awayScore: number): Promise<void> {
  await testDb.db.query(
    `UPDATE games SET status = 'finished', home_score = $2, away_score = $3 WHERE id = $1`,
    [gameId, homeScore, awayScore],
  );
}

async function alertsOn(team: {
  gameStart?: boolean;
  finalScore?: boolean;
  breaking?: boolean;
}): Promise<void> {
  const res = await api('PUT', '/api/v1/profile/alerts', {
    teams: [{ teamId: home.id, gameStart: false, finalScore: false, breaking: false, ...team }],
    podcasts: [],
    quietHours: null,
  });
  expect(res.statusCode).toBe(200);
}

describe('the alert calls', () => {
  it('gives the VAPID public key to anyone, the same each time', async () => {
    const anyone = await visitor(app);
    const first = await api('GET', '/api/v1/push/public_key', undefined, anyone);
    expect(first.statusCode).toBe(200);
    const key = Buffer.from(first.json().publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(4);
    expect((await api('GET', '/api/v1/push/public_key', undefined, anyone)).json()).toEqual(first.json());
  });

  it('stores a subscription once per endpoint and forgets it', async () => {
    const keys = browserKeys();
    const body = { endpoint: push.endpoint('once'), keys: keys.subscriptionKeys };
    expect(
      (await api('POST', '/api/v1/profile/push_subscriptions', body, await visitor(app))).statusCode,
    ).toBe(401);
    const created = await api('POST', '/api/v1/profile/push_subscriptions', body);
    expect(created.statusCode).toBe(201);
    const again = await api('POST', '/api/v1/profile/push_subscriptions', {
      ...body,
      keys: browserKeys().subscriptionKeys,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(created.json().id);
    const removed = await api('DELETE', '/api/v1/profile/push_subscriptions', { endpoint: body.endpoint });
    expect(removed.statusCode).toBe(204);
    const left = await testDb.db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [
      body.endpoint,
    ]);
    expect(left.rows).toHaveLength(0);
  });

  it('refuses endpoints that are not https and keys that cannot encrypt, naming the field', async () => {
    const keys = browserKeys().subscriptionKeys;
    const notHttps = await api('POST', '/api/v1/profile/push_subscriptions', {
      endpoint: 'ftp://push.example/abc',
      keys,
    });
    expect(notHttps.statusCode).toBe(422);
    expect(notHttps.json().errors.map((e: { field: string }) => e.field)).toEqual(['endpoint']);
    const badKeys = await api('POST', '/api/v1/profile/push_subscriptions', {
      endpoint: push.endpoint('bad-keys'),
      keys: { p256dh: Buffer.alloc(65, 1).toString('base64url'), auth: 'AAAA' },
    });
    expect(badKeys.statusCode).toBe(422);
    expect(badKeys.json().errors.map((e: { field: string }) => e.field)).toEqual([
      'keys.p256dh',
      'keys.auth',
    ]);
  });

  it('lists one entry per followed team, all off, and stores choices and quiet hours', async () => {
    const read = await api('GET', '/api/v1/profile/alerts');
    expect(read.statusCode).toBe(200);
    expect(read.json().teams).toEqual([
      { teamId: home.id, gameStart: false, finalScore: false, breaking: false },
    ]);
    const body = {
      teams: [{ teamId: home.id, gameStart: true, finalScore: true, breaking: false }],
      podcasts: [],
      quietHours: { start: '22:30', end: '07:00', timeZone: 'Europe/Paris' },
    };
    const stored = await api('PUT', '/api/v1/profile/alerts', body);
    expect(stored.statusCode).toBe(200);
    expect(stored.json()).toMatchObject(body);
    expect((await api('GET', '/api/v1/profile/alerts')).json()).toMatchObject(body);
    // Part of the member's data download, without the browsers' secrets.
    const exported = (await api('GET', '/api/v1/profile/export')).json().accountExport.sections.alerts;
    expect(exported.teams).toEqual([{ team: home.slug, gameStart: true, finalScore: true, breaking: false }]);
    expect(exported.quietHours).toEqual({
      startMinute: 22 * 60 + 30,
      endMinute: 7 * 60,
      timeZone: 'Europe/Paris',
    });
    await api('PUT', '/api/v1/profile/alerts', { teams: [], podcasts: [], quietHours: null });
  });

  it('answers 422 naming the field for a team not followed, a bad time and an unknown time zone', async () => {
    const fields = async (body: unknown) =>
      (await api('PUT', '/api/v1/profile/alerts', body)).json().errors.map((e: { field: string }) => e.field);
    const team = { gameStart: true, finalScore: true, breaking: true };
    expect(
      await fields({
        teams: [
          { teamId: home.id, ...team },
          { teamId: other.id, ...team },
        ],
        podcasts: [],
        quietHours: null,
      }),
    ).toEqual(['teams.1.teamId']);
    expect(
      await fields({
        teams: [],
        podcasts: [],
        quietHours: { start: '25:00', end: '07:00', timeZone: 'UTC' },
      }),
    ).toContain('quietHours.start');
    expect(
      await fields({
        teams: [],
        podcasts: [],
        quietHours: { start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' },
      }),
    ).toEqual(['quietHours.timeZone']);
    expect(
      (
        await api('PUT', '/api/v1/profile/alerts', {
          teams: [],
          podcasts: [{ podcastId: 2_000_000, newEpisode: true }],
          quietHours: null,
        })
      ).statusCode,
    ).toBe(422);
  });
});

describe('delivery through the queue', () => {
  it('sends the game start, then the final score under the same tag, each once, encrypted for the browser', async () => {
    const keys = await subscribeOnly('phone');
    await alertsOn({ gameStart: true, finalScore: true });
    const vapid = (await api('GET', '/api/v1/push/public_key')).json().publicKey as string;
    const gameId = await newGame('in-play');
    await queueGameAlerts(testDb.db, [{ id: gameId, status: 'in-play', created: false }], { now: clock });
    const started = push.next('phone');
    await worker.drain();
    const start = await started;
    expect(start.headers['content-encoding']).toBe('aes128gcm');
    expect(start.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid}$`),
    );
    expect(start.headers.urgency).toBe('high');
    expect(start.headers.topic).toBe(`game-${gameId}`);
    expect(Number(start.headers.ttl)).toBeGreaterThan(0);
    const startPayload = decryptPayload(start.body, keys) as PushPayload;
    expect(startPayload).toMatchObject({
      kind: 'game_start',
      title: `${away.name} at ${home.name}`,
      url: `/${sportSlug}/${home.slug}`,
      tag: `game-${gameId}`,
    });

    await finish(gameId, 24, 17);
    const changed = [{ id: gameId, status: 'finished' as const, created: false }];
    await queueGameAlerts(testDb.db, changed, { now: clock });
    const ended = push.next('phone');
    await worker.drain();
    const final = decryptPayload((await ended).body, keys) as PushPayload;
    expect(final).toMatchObject({
      kind: 'final_score',
      title: `Final: ${away.name} 17, ${home.name} 24`,
      body: `${home.name} win 24–17.`,
      tag: `game-${gameId}`,
    });

    // The scoreboard read again (or by another process): no second alert for the same event.
    const before = push.received.length;
    await queueGameAlerts(testDb.db, changed, { now: clock });
    await queueGameAlerts(testDb.db, [{ id: gameId, status: 'in-play', created: false }], { now: clock });
    await worker.drain();
    expect(push.received.length).toBe(before);
  });

  it('says only that the game ended to a member whose spoiler shield hides it', async () => {
    const keys = await subscribeOnly('shielded');
    await alertsOn({ finalScore: true });
    await testDb.db.query(`INSERT INTO spoiler_shields (user_id, team_id, "on") VALUES ($1, $2, true)`, [
      userId,
      home.id,
    ]);
    try {
      const gameId = await newGame('in-play');
      await finish(gameId, 31, 3);
      await queueGameAlerts(testDb.db, [{ id: gameId, status: 'finished', created: false }], { now: clock });
      const arrived = push.next('shielded');
      await worker.drain();
      const payload = decryptPayload((await arrived).body, keys) as PushPayload;
      expect(payload.title).toBe(`Final: ${away.name} vs ${home.name}`);
      expect(payload.body).toBe('The game has ended – tap to see the result.');
      expect(`${payload.title} ${payload.body}`).not.toMatch(/\d/);
    } finally {
      await testDb.db.query('DELETE FROM spoiler_shields WHERE user_id = $1', [userId]);
    }
  });

  it('alerts a story three sources carry within minutes, and a new episode of a followed podcast', async () => {
    const keys = await subscribeOnly('news');
    await alertsOn({ breaking: true });
    const db = testDb.db;
    const sources: { id: number; domain_id: number }[] = [];
    for (const n of [1, 2, 3]) {
      const domain = await db.query<{ id: number }>(
        `INSERT INTO domains (host, name) VALUES ($1, $1) RETURNING id`,
        [`outlet${n}.test`],
      );
      const source = await db.query<{ id: number }>(
        `INSERT INTO sources (domain_id, kind, feed_url, title) VALUES ($1, 'news', $2, $2) RETURNING id`,
        [domain.rows[0]?.id, `https://outlet${n}.test/feed`],
      );
      sources.push({ id: Number(source.rows[0]?.id), domain_id: Number(domain.rows[0]?.id) });
    }
    const cluster = await db.query<{ id: number }>(
      `INSERT INTO clusters (sources_count, first_seen_at, last_seen_at) VALUES (3, $1, $1) RETURNING id`,
      [clock.toISOString()],
    );
    const clusterId = Number(cluster.rows[0]?.id);
    const articleIds: number[] = [];
    for (const [i, source] of sources.entries()) {
      const at = new Date(clock.getTime() - (20 - i * 5) * 60_000).toISOString();
      const { rows } = await db.query<{ id: number }>(
        `INSERT INTO articles (source_id, domain_id, guid, url, canonical_url, title, published_at, cluster_id, is_lead)
         VALUES ($1, $2, $3, $3, $3, $4, $5, $6, $7) RETURNING id`,
        [
          source.id,
          source.domain_id,
          `https://news.test/breaking-${clusterId}-${i}`,
          `Big trade ${i}`,
          at,
          clusterId,
          i === 0,
        ],
      );
      articleIds.push(Number(rows[0]?.id));
      await db.query(
        'INSERT INTO article_teams (article_id, team_id, published_at, is_lead, source_id) VALUES ($1, $2, $3, $4, $5)',
        [rows[0]?.id, home.id, at, i === 0, source.id],
      );
    }
    await queueBreakingStories(db, clock);
    const story = push.next('news');
    await worker.drain();
    expect(decryptPayload((await story).body, keys)).toMatchObject({
      kind: 'breaking',
      body: 'Big trade 0',
      url: `/${sportSlug}/${home.slug}/articles/${articleIds[0]}`,
      tag: `story-${clusterId}`,
    });

    const podcast = await db.query<{ id: number; title: string }>(
      `INSERT INTO podcasts (feed_url, title) VALUES ('https://pods.test/feed', 'Cheesehead Radio') RETURNING id, title`,
    );
    const podcastId = Number(podcast.rows[0]?.id);
    await db.query(
      'INSERT INTO podcast_follows (user_id, podcast_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [userId, podcastId],
    );
    const on = await api('PUT', '/api/v1/profile/alerts', {
      teams: [],
      podcasts: [{ podcastId, newEpisode: true }],
      quietHours: null,
    });
    expect(on.json().podcasts).toContainEqual({ podcastId, newEpisode: true });
    await queueNewEpisodes(db, clock); // the first look notes where the episodes stand
    const episode = await db.query<{ id: number }>(
      `INSERT INTO podcast_episodes (podcast_id, guid, title, enclosure_url, published_at)
       VALUES ($1, 'alerts-test-episode', 'Episode 100', 'https://cdn.test/100.mp3', $2) RETURNING id`,
      [podcastId, clock.toISOString()],
    );
    await queueNewEpisodes(db, clock);
    const arrived = push.next('news');
    await worker.drain();
    expect(decryptPayload((await arrived).body, keys)).toMatchObject({
      kind: 'new_episode',
      title: `New episode: ${podcast.rows[0]?.title}`,
      body: 'Episode 100',
      url: `/podcasts/${podcastId}/episodes/${episode.rows[0]?.id}`,
    });
  });

  it('skips a game start in quiet hours and holds the final score until they end', async () => {
    const keys = await subscribeOnly('night');
    const minute = clock.getUTCHours() * 60 + clock.getUTCMinutes();
    const quietHours = {
      start: clockText((minute + 1440 - 60) % 1440),
      end: clockText((minute + 60) % 1440),
      timeZone: 'UTC',
    };
    const res = await api('PUT', '/api/v1/profile/alerts', {
      teams: [{ teamId: home.id, gameStart: true, finalScore: true, breaking: false }],
      podcasts: [],
      quietHours,
    });
    expect(res.json().quietHours).toEqual(quietHours);
    try {
      const gameId = await newGame('in-play');
      await queueGameAlerts(testDb.db, [{ id: gameId, status: 'in-play', created: false }], { now: clock });
      await finish(gameId, 10, 13);
      await queueGameAlerts(testDb.db, [{ id: gameId, status: 'finished', created: false }], { now: clock });
      const before = push.received.length;
      await worker.drain();
      expect(push.received.length).toBe(before);
      const states = await testDb.db.query<{ kind: string; state: string }>(
        `SELECT e.kind, d.state FROM alert_deliveries d JOIN alert_events e ON e.id = d.event_id
          WHERE e.dedupe_key LIKE $1 ORDER BY e.kind`,
        [`game-${gameId}-%`],
      );
      expect(states.rows).toEqual([
        { kind: 'final_score', state: 'queued' },
        { kind: 'game_start', state: 'skipped' },
      ]);
      // An hour later the quiet hours are over: the final goes out.
      clock = new Date(clock.getTime() + 61 * 60_000);
      const arrived = push.next('night');
      await worker.drain();
      expect(decryptPayload((await arrived).body, keys)).toMatchObject({
        kind: 'final_score',
        tag: `game-${gameId}`,
      });
    } finally {
      await api('PUT', '/api/v1/profile/alerts', { teams: [], podcasts: [], quietHours: null });
    }
  });

  it('removes a subscription the push service answers 410 for', async () => {
    await subscribeOnly('gone');
    await alertsOn({ finalScore: true });
    push.script('gone', [{ status: 410 }]);
    const gameId = await newGame('finished');
    await finish(gameId, 1, 0);
    await queueGameAlerts(testDb.db, [{ id: gameId, status: 'finished', created: false }], { now: clock });
    await worker.drain();
    const left = await testDb.db.query('SELECT 1 FROM push_subscriptions WHERE endpoint = $1', [
      push.endpoint('gone'),
    ]);
    expect(left.rows).toHaveLength(0);
  });

  it('retries a 500 with backoff and a 429 after its Retry-After, then delivers', async () => {
    const keys = await subscribeOnly('busy');
    await alertsOn({ finalScore: true });
    push.script('busy', [{ status: 500 }, { status: 429, headers: { 'retry-after': '1' } }]);
    const gameId = await newGame('finished');
    await finish(gameId, 2, 2);
    await queueGameAlerts(testDb.db, [{ id: gameId, status: 'finished', created: false }], { now: clock });
    const sends = () => push.received.filter((p) => p.name === 'busy');
    await worker.drain();
    expect(sends()).toHaveLength(1); // 500: retried after the backoff (50 ms here)
    await new Promise((resolve) => setTimeout(resolve, 80));
    clock = new Date();
    await worker.drain();
    expect(sends()).toHaveLength(2); // 429, Retry-After: 1
    await new Promise((resolve) => setTimeout(resolve, 300));
    clock = new Date();
    await worker.drain();
    expect(sends()).toHaveLength(2); // not before the second the service asked for
    await new Promise((resolve) => setTimeout(resolve, 800));
    clock = new Date();
    await worker.drain();
    const all = sends();
    expect(all).toHaveLength(3);
    expect((all[2]?.at ?? 0) - (all[1]?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(decryptPayload(all[2]?.body ?? Buffer.alloc(0), keys)).toMatchObject({
      kind: 'final_score',
      body: 'Tied 2–2.',
    });
    const row = await testDb.db.query<{ state: string; attempts: number }>(
      `SELECT d.state, d.attempts FROM alert_deliveries d JOIN alert_events e ON e.id = d.event_id
        WHERE e.dedupe_key = $1`,
      [`game-${gameId}-final`],
    );
    expect(row.rows).toEqual([{ state: 'sent', attempts: 3 }]);
  });
});
