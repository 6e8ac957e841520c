import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { buildAccountApp } from '../../accounts/__tests__/account-fixtures.js';
import type { SportSpyderApp } from '../../app.js';
import { CHAT_NOTIFICATION_EVENTS, mentionedUsernames } from '../chat-notifications.js';
import {
  createCommentTargets,
  createMember,
  pastCooldown,
  type TestMember,
  teamChannelId,
} from './chat-fixtures.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let packers: number;
let alice: TestMember;
let bob: TestMember;
let carol: TestMember;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildAccountApp(testDb.db, { csrfSecret: 'chat-notifications-test-secret-0123456789' });
  packers = await teamChannelId(testDb.db, 'green-bay-packers');
  alice = await createMember(app, testDb.db);
  bob = await createMember(app, testDb.db);
  carol = await createMember(app, testDb.db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

async function say(who: TestMember, content: string, parentId?: number): Promise<{ id: number }> {
  await pastCooldown(testDb.db, who.id);
  const res = await who.jar.request(app, {
    method: 'POST',
    url: `/api/v1/channels/${packers}/messages`,
    payload: { content, ...(parentId ? { parentId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message;
}

/** The member's notifications as the list answers them (newest first). */
async function inbox(who: TestMember): Promise<{ type: string; event: string; message: { id: number } }[]> {
  const res = await who.jar.request(app, { method: 'GET', url: '/api/v1/profile/notifications' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().notifications;
}

async function markRead(who: TestMember): Promise<void> {
  await testDb.db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1', [who.id]);
}

describe('chat notifications', () => {
  it('finds mentions of usernames, not e-mail addresses or short words', () => {
    expect(mentionedUsernames('hey @Bob_99 and @bob_99, mail me at x@example.com, @ab')).toEqual(['bob_99']);
  });

  it('tells the parent author of a reply, the others in the thread, and whom a message mentions, once each', async () => {
    const top = await say(alice, 'Who starts at corner on Sunday?');
    await say(bob, 'Probably Alexander', top.id);
    const aliceSees = await inbox(alice);
    expect(aliceSees[0]).toMatchObject({
      type: 'message_replies',
      event: CHAT_NOTIFICATION_EVENTS.message_replies,
    });
    expect(aliceSees[0]?.message.id).not.toBe(top.id);

    // Carol replies and mentions Alice (the parent author: one reply notice, no mention on top) and Bob
    // (in the thread already: one thread notice, no mention on top); Carol hears nothing of her own.
    await markRead(alice);
    await markRead(bob);
    await say(carol, `@${alice.username} @${bob.username} I heard Nixon`, top.id);
    const { rows } = await testDb.db.query<{ user_id: number; type: string }>(
      `SELECT user_id, type FROM notifications WHERE read_at IS NULL AND user_id = ANY($1::int[]) ORDER BY user_id`,
      [[alice.id, bob.id, carol.id]],
    );
    expect(rows).toEqual([
      { user_id: alice.id, type: 'message_replies' },
      { user_id: bob.id, type: 'message_threads' },
    ]);
  });

  it('tells a mentioned member outside any thread, but never the author about their own message', async () => {
    await markRead(bob);
    await say(alice, `nice one @${bob.username} and @${alice.username}`);
    const unread = await testDb.db.query<{ user_id: number; type: string }>(
      'SELECT user_id, type FROM notifications WHERE read_at IS NULL AND user_id = ANY($1::int[])',
      [[alice.id, bob.id]],
    );
    expect(unread.rows.filter((r) => r.user_id === bob.id).map((r) => r.type)).toEqual(['message_mentions']);
    expect(unread.rows.filter((r) => r.user_id === alice.id && r.type === 'message_mentions')).toEqual([]);
  });

  it('tells the author of a like once until read, never for their own like', async () => {
    await markRead(alice);
    const msg = await say(alice, 'Go Pack Go');
    const like = (who: TestMember, method: 'POST' | 'DELETE') =>
      who.jar.request(app, { method, url: `/api/v1/messages/${msg.id}/likes` });
    expect((await like(alice, 'POST')).statusCode).toBeLessThan(300);
    expect((await like(bob, 'POST')).statusCode).toBeLessThan(300);
    await like(bob, 'DELETE');
    await like(bob, 'POST');
    await like(carol, 'POST');
    const count = async () =>
      (
        await testDb.db.query(
          `SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'message_likes' AND message_id = $2`,
          [alice.id, msg.id],
        )
      ).rows.length;
    expect(await count()).toBe(1);
    await markRead(alice);
    await like(carol, 'DELETE');
    await like(carol, 'POST');
    expect(await count()).toBe(2);
  });

  it('respects the member turning a kind of notification off', async () => {
    await testDb.db.query('UPDATE users SET notify_message_replies = false WHERE id = $1', [alice.id]);
    await markRead(alice);
    const top = await say(alice, 'Any injury news?');
    await say(bob, 'None yet', top.id);
    const { rows } = await testDb.db.query(
      "SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'message_replies' AND read_at IS NULL",
      [alice.id],
    );
    expect(rows).toEqual([]);
  });

  it('names the place of every message: the channel of a chat message, the article or episode of a comment', async () => {
    const { articleId, episodeId } = await createCommentTargets(testDb.db);
    await markRead(bob);
    const comment = async (path: string, content: string) => {
      await pastCooldown(testDb.db, alice.id);
      const res = await alice.jar.request(app, { method: 'POST', url: path, payload: { content } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().message as { id: number };
    };
    const onArticle = await comment(`/api/v1/articles/${articleId}/messages`, `@${bob.username} read this`);
    const onEpisode = await comment(`/api/v1/episodes/${episodeId}/messages`, `@${bob.username} listen`);
    const inChannel = await say(alice, `@${bob.username} over here`);
    const seen = (await inbox(bob)) as unknown as {
      message: { id: number; channelId: number | null };
      article: { id: number } | null;
      episode: { id: number } | null;
    }[];
    const of = (id: number) => seen.find((n) => n.message.id === id);
    expect(of(onArticle.id)).toMatchObject({ article: { id: articleId }, episode: null });
    expect(of(onEpisode.id)).toMatchObject({ episode: { id: episodeId }, article: null });
    expect(of(inChannel.id)).toMatchObject({ message: { channelId: packers }, article: null, episode: null });
  });

  it('a message link loads the page that holds the message (`around`), for replies and comments', async () => {
    const { articleId } = await createCommentTargets(testDb.db);
    const top = await say(alice, 'Long thread ahead');
    const replyIds: number[] = [];
    for (let i = 0; i < 5; i++)
      replyIds.push((await say(i % 2 ? alice : bob, `reply number ${i}`, top.id)).id);
    const read = async (url: string) => {
      const res = await alice.jar.request(app, { method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { messages: { id: number }[]; meta: { pagination: { page: number } } };
    };
    // Replies read oldest first: the 4th reply is on page 2 of 2-per-page.
    const replies = await read(`/api/v1/messages/${top.id}/replies?perPage=2&around=${replyIds[3]}`);
    expect(replies.meta.pagination.page).toBe(2);
    expect(replies.messages.map((m) => m.id)).toEqual(replyIds.slice(2, 4));
    const commentIds: number[] = [];
    for (let i = 0; i < 5; i++) {
      await pastCooldown(testDb.db, bob.id);
      const res = await bob.jar.request(app, {
        method: 'POST',
        url: `/api/v1/articles/${articleId}/messages`,
        payload: { content: `comment number ${i}` },
      });
      commentIds.push(res.json().message.id);
    }
    // Comments read newest first: the oldest one is on the last page.
    const comments = await read(`/api/v1/articles/${articleId}/messages?perPage=2&around=${commentIds[0]}`);
    expect(comments.meta.pagination.page).toBe(3);
    expect(comments.messages.map((m) => m.id)).toEqual([commentIds[0]]);
    // An id that is not in the list reads the page asked for.
    const other = await read(`/api/v1/articles/${articleId}/messages?perPage=2&around=${replyIds[0]}`);
    expect(other.meta.pagination.page).toBe(1);
  });
});
