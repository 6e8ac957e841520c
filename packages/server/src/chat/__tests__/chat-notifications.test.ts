import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { buildAccountApp } from '../../accounts/__tests__/account-fixtures.js';
import type { SportSpyderApp } from '../../app.js';
import { CHAT_NOTIFICATION_EVENTS, mentionedUsernames } from '../chat-notifications.js';
import { createMember, pastCooldown, type TestMember, teamChannelId } from './chat-fixtures.js';

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
});
