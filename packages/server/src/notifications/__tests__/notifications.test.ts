import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { buildAccountApp, PUBLIC_ORIGIN } from '../../accounts/__tests__/account-fixtures.js';
import type { SportSpyderApp } from '../../app.js';
import { parseFeed } from '../../ingest/feeds/parse-feed.js';
import { addSource, feedFixture, NOW } from '../../ingest/pipeline/__tests__/pipeline-fixtures.js';
import { ingestFeed } from '../../ingest/pipeline/ingest-feed.js';
import { loadTagIndex } from '../../ingest/pipeline/load-tag-index.js';
import { Mailer, readOutbox } from '../../mail/mailer.js';
import { createNotifications, dispatchNotifications } from '../notifications.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let mailer: Mailer;
let demoId: number;
let jar: CookieJar;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildAccountApp(testDb.db);
  mailer = new Mailer({ db: testDb.db, publicOrigin: PUBLIC_ORIGIN, from: 'mail@sportspyder.test' });
  const { rows } = await testDb.db.query<{ id: number }>(
    "SELECT id FROM users WHERE email = 'demo@sportspyder.test'",
  );
  demoId = Number(rows[0]!.id);
  jar = new CookieJar();
  expect((await jar.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo')).statusCode).toBe(200);
});
afterAll(async () => {
  await app?.close();
  await mailer?.close();
  await testDb?.dispose();
});

const session = async () =>
  (await jar.request(app, { method: 'GET', url: '/api/v1/session' })).json().session;
const list = async () =>
  (await jar.request(app, { method: 'GET', url: '/api/v1/profile/notifications' })).json();

describe('notifications', () => {
  it('new episodes of a followed podcast notify its followers on ingest, only the new ones, per the notify flag', async () => {
    const tagIndex = await loadTagIndex(testDb.db);
    const source = await addSource(testDb.db, {
      host: 'bullpen.example',
      kind: 'podcast',
      feedUrl: 'https://bullpen.example/feed.xml',
    });
    const result = parseFeed(feedFixture('podcast.xml'), { baseUrl: source.feedUrl, now: NOW });
    if (result.kind !== 'ok') throw new Error('fixture did not parse');
    const feed = result.feed;
    await ingestFeed(testDb.db, source, feed, { tagIndex, now: NOW });
    const { rows } = await testDb.db.query<{ id: number; title: string }>(
      'SELECT id, title FROM podcasts WHERE source_id = $1',
      [source.id],
    );
    const podcast = rows[0]!;
    expect((await list()).notifications).toEqual([]);
    await testDb.db.query('INSERT INTO podcast_follows (user_id, podcast_id) VALUES ($1, $2)', [
      demoId,
      podcast.id,
    ]);
    // The same feed again: nothing new, nobody notified.
    await ingestFeed(testDb.db, source, feed, { tagIndex, now: NOW });
    expect((await list()).notifications).toEqual([]);
    const fresh = {
      ...feed,
      items: feed.items.map((item) => ({ ...item, guid: `${item.guid}-2`, title: `${item.title} (part 2)` })),
    };
    await ingestFeed(testDb.db, source, fresh, { tagIndex, now: NOW });
    const { notifications, meta } = await list();
    expect(notifications).toHaveLength(feed.items.length);
    expect(meta.pagination.totalCount).toBe(feed.items.length);
    expect(notifications[0]).toMatchObject({
      type: 'podcast_new_episodes',
      event: `New episode of ${podcast.title}`,
      readAt: null,
      message: null,
      article: null,
    });
    expect(notifications[0].episode.title).toMatch(/\(part 2\)$/);
    expect((await session()).user.notificationsCount).toBe(feed.items.length);

    // With the flag off, the next new episodes notify nobody.
    await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: { notifyPodcastNewEpisodes: false },
    });
    const third = { ...feed, items: feed.items.map((item) => ({ ...item, guid: `${item.guid}-3` })) };
    await ingestFeed(testDb.db, source, third, { tagIndex, now: NOW });
    expect((await list()).notifications).toHaveLength(feed.items.length);
    await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: { notifyPodcastNewEpisodes: true },
    });
  });

  it('opening the list marks them read (PUT profile/account notificationsRead) and pushes the new count', async () => {
    await createNotifications(testDb.db, {
      type: 'podcast_popular',
      userIds: [demoId],
      event: 'is popular today',
    });
    expect((await session()).user.notificationsCount).toBeGreaterThan(0);
    const pushed: unknown[] = [];
    const stop = app.broadcaster.subscribe(`user_notifications:${demoId}`, (m) => pushed.push(m));
    const res = await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: { notificationsRead: true },
    });
    stop();
    expect(res.statusCode).toBe(200);
    expect(res.json().account.username).toBe('demo');
    expect((await session()).user.notificationsCount).toBe(0);
    expect((await list()).notifications.every((n: { readAt: string | null }) => n.readAt !== null)).toBe(
      true,
    );
    expect(pushed).toEqual([expect.objectContaining({ type: 'notification', notificationsCount: 0 })]);
  });

  it('the chat path: the notify flag decides creation, the email flag the mail; the dispatcher pushes and mails once', async () => {
    // What the earlier tests left pending (episode mails) goes out first.
    await dispatchNotifications(testDb.db, app.broadcaster, mailer);
    const message = { id: 41, content: 'Great point!', parentId: 40, channelId: 1, username: 'fan' };
    await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: { notifyMessageLikes: false },
    });
    expect(
      await createNotifications(testDb.db, {
        type: 'message_likes',
        userIds: [demoId],
        event: 'liked your message',
        message,
      }),
    ).toEqual([]);
    await jar.request(app, {
      method: 'PUT',
      url: '/api/v1/profile/account',
      payload: { emailMessageThreads: false },
    });
    await createNotifications(testDb.db, {
      type: 'message_threads',
      userIds: [demoId],
      event: 'posted in your thread',
      message,
    });
    await createNotifications(testDb.db, {
      type: 'message_replies',
      userIds: [demoId],
      event: 'replied to your message',
      message,
    });
    const before = (await readOutbox(testDb.db, { to: 'demo@sportspyder.test' })).filter(
      (m) => m.template === 'notification',
    ).length;
    const pushed: { notificationsCount?: number }[] = [];
    const stop = app.broadcaster.subscribe(`user_notifications:${demoId}`, (m) =>
      pushed.push(m as { notificationsCount?: number }),
    );
    const first = await dispatchNotifications(testDb.db, app.broadcaster, mailer);
    const again = await dispatchNotifications(testDb.db, app.broadcaster, mailer);
    stop();
    expect(first.pushed).toBe(1);
    expect(again).toEqual({ pushed: 0, mailed: 0 });
    expect(pushed.at(-1)?.notificationsCount).toBe((await session()).user.notificationsCount);
    const mails = (await readOutbox(testDb.db, { to: 'demo@sportspyder.test' })).filter(
      (m) => m.template === 'notification',
    );
    expect(mails.length - before).toBe(1);
    expect(mails[0]!.subject).toBe('replied to your message');
    expect(mails[0]!.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const unsubscribe = /\/email\/notifications\/unsubscribe\/[A-Za-z0-9_-]{22}\?type=message_replies/.exec(
      mails[0]!.text,
    )?.[0];
    expect(unsubscribe).toBeDefined();
    const post = await app.inject({
      method: 'POST',
      url: unsubscribe!,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    const account = (await jar.request(app, { method: 'GET', url: '/api/v1/profile/account' })).json()
      .account;
    expect(account).toMatchObject({
      emailMessageReplies: false,
      emailMessageMentions: true,
      notifyMessageReplies: true,
    });
    const { notifications } = await list();
    expect(notifications[0]).toMatchObject({
      type: 'message_replies',
      message,
      event: 'replied to your message',
    });
  });

  it('visitors get 401 on the list and the account settings (e-mail changes: accounts/account-settings.test.ts)', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/v1/profile/notifications' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/api/v1/profile/account' })).statusCode).toBe(401);
  });
});
