import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { buildAccountApp } from '../../accounts/__tests__/account-fixtures.js';
import { deleteAccount } from '../../accounts/account-deletion.js';
import type { SportSpyderApp } from '../../app.js';
import { CHAT_SEND_COOLDOWN_SECONDS } from '../chat-writes.js';
import {
  createCommentTargets,
  createMember,
  pastCooldown,
  type TestMember,
  teamChannelId,
} from './chat-fixtures.js';

// One CSRF key for the apps of this file, so the members' tokens work on each.
const CSRF_SECRET = 'chat-routes-test-csrf-secret-0123456789';
let testDb: TestDatabase;
let app: SportSpyderApp;
let packers: number;
let alice: TestMember;
let bob: TestMember;
let visitor: CookieJar;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildAccountApp(testDb.db, { csrfSecret: CSRF_SECRET });
  packers = await teamChannelId(testDb.db, 'green-bay-packers');
  alice = await createMember(app, testDb.db);
  bob = await createMember(app, testDb.db);
  visitor = new CookieJar();
  await visitor.request(app, { method: 'GET', url: '/api/v1/session' });
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const post = (who: TestMember | CookieJar, url: string, payload: unknown) =>
  (who instanceof CookieJar ? who : who.jar).request(app, { method: 'POST', url, payload });
const get = (who: TestMember | CookieJar, url: string) =>
  (who instanceof CookieJar ? who : who.jar).request(app, { method: 'GET', url });
const del = (who: TestMember | CookieJar, url: string) =>
  (who instanceof CookieJar ? who : who.jar).request(app, { method: 'DELETE', url });

/** Sends in the Packers channel (past the cooldown first), expecting a 201; answers the message. */
async function say(who: TestMember, content: string, extra: Record<string, unknown> = {}) {
  await pastCooldown(testDb.db, who.id);
  const res = await post(who, `/api/v1/channels/${packers}/messages`, { content, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message;
}

describe('channels', () => {
  it('lists general, sport and team channels with moderators and one selected', async () => {
    const general = (await get(visitor, '/api/v1/chat/channels')).json();
    expect(general.channels.map((c: { name: string }) => c.name)).toEqual(['General', 'Off Topic']);
    expect(general.channels[0]).toMatchObject({ selected: true });
    expect(general.channels[0].moderators.length).toBe(1); // the admin demo account
    const nfl = (await get(visitor, '/api/v1/sports/nfl/channels')).json();
    expect(nfl.channels).toEqual([expect.objectContaining({ name: 'NFL', selected: true })]);
    const team = (await get(visitor, '/api/v1/teams/green-bay-packers/channels')).json();
    expect(team.channels.map((c: { name: string }) => c.name)).toEqual(['Packers', 'Game Day']);
    expect(team.channels[0].id).toBe(packers);
    expect((await get(visitor, '/api/v1/teams/no-such-team/channels')).statusCode).toBe(404);
    expect((await get(visitor, '/api/v1/sports/no-such-sport/channels')).statusCode).toBe(404);
  });

  it('shows the moderators-only channel to admins only, and hides its messages from others', async () => {
    const admin = new CookieJar();
    await admin.signIn(app, 'admin@sportspyder.test', 'sportspyder-admin');
    const names = (await get(admin, '/api/v1/chat/channels'))
      .json()
      .channels.map((c: { name: string }) => c.name);
    expect(names).toContain('Moderators');
    const { rows } = await testDb.db.query<{ id: number }>(
      "SELECT id FROM chat_channels WHERE scope = 'general' AND slug = 'moderators'",
    );
    const mods = rows[0]!.id;
    expect((await get(admin, `/api/v1/channels/${mods}/messages`)).statusCode).toBe(200);
    expect((await get(alice, `/api/v1/channels/${mods}/messages`)).statusCode).toBe(404);
    expect((await post(alice, `/api/v1/channels/${mods}/messages`, { content: 'hi mods' })).statusCode).toBe(
      404,
    );
  });
});

describe('sending', () => {
  it('visitors get a 401 on every write', async () => {
    const message = await say(alice, 'Visitors can read this');
    const writes: [string, string, unknown][] = [
      ['POST', `/api/v1/channels/${packers}/messages`, { content: 'hello' }],
      ['DELETE', `/api/v1/messages/${message.id}`, undefined],
      ['POST', `/api/v1/messages/${message.id}/likes`, undefined],
      ['DELETE', `/api/v1/messages/${message.id}/likes`, undefined],
      ['POST', `/api/v1/messages/${message.id}/flags`, { chatFlagReasonId: 1 }],
    ];
    for (const [method, url, payload] of writes) {
      const res = await visitor.request(app, { method: method as 'POST', url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
    // Reading is open to visitors.
    const list = (await get(visitor, `/api/v1/channels/${packers}/messages`)).json();
    expect(list.messages[0]).toMatchObject({ id: message.id, content: 'Visitors can read this' });
    expect(list.meta.likes).toEqual([]);
  });

  it('answers 422 naming content for empty, blank and over-300-character content; 300 is fine', async () => {
    for (const content of ['', '   \n\t ', 'x'.repeat(301)]) {
      const res = await post(alice, `/api/v1/channels/${packers}/messages`, { content });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].field).toBe('content');
    }
    const missing = await post(alice, `/api/v1/channels/${packers}/messages`, {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0]).toMatchObject({ field: 'content', code: 'blank' });
    expect((await say(alice, 'y'.repeat(300))).content).toHaveLength(300);
  });

  it('stores and answers content as text, never as HTML', async () => {
    const content = '<script>alert(1)</script> & <b>bold</b>';
    const message = await say(alice, content);
    expect(message.content).toBe(content);
    expect((await get(visitor, `/api/v1/messages/${message.id}`)).json().message.content).toBe(content);
  });

  it('a second send within the cooldown answers 429 with the limit and Retry-After', async () => {
    await say(bob, 'First in a while');
    const res = await post(bob, `/api/v1/channels/${packers}/messages`, { content: 'Right after' });
    expect(res.statusCode).toBe(429);
    expect(res.json().errors[0].title).toBe(
      `You can send a message every ${CHAT_SEND_COOLDOWN_SECONDS} secs`,
    );
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CHAT_SEND_COOLDOWN_SECONDS);
    // The cooldown is per member: another one sends at once.
    const carol = await createMember(app, testDb.db);
    expect(
      (await post(carol, `/api/v1/channels/${packers}/messages`, { content: 'Right after' })).statusCode,
    ).toBe(201);
  });

  it('repeated content answers duplicate_content; the same words elsewhere are fine', async () => {
    await say(alice, 'Go Pack Go');
    await pastCooldown(testDb.db, alice.id);
    const again = await post(alice, `/api/v1/channels/${packers}/messages`, { content: '  go pack go ' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0]).toMatchObject({
      code: 'duplicate_content',
      field: 'content',
      title: 'You already sent this message',
    });
    const gameDay = (await get(alice, '/api/v1/teams/green-bay-packers/channels')).json().channels[1].id;
    expect(
      (await post(alice, `/api/v1/channels/${gameDay}/messages`, { content: 'Go Pack Go' })).statusCode,
    ).toBe(201);
  });

  it('a member who has not accepted the rules cannot post until they do', async () => {
    const newbie = await createMember(app, testDb.db, { acceptedRules: false });
    const res = await post(newbie, `/api/v1/channels/${packers}/messages`, { content: 'Hello!' });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('rules_not_accepted');
    // Accepting the rules (the rules modal's PUT api/v1/session) lets them post.
    const accept = await newbie.jar.request(app, {
      method: 'PUT',
      url: '/api/v1/session',
      payload: { chatAcceptedRules: true },
    });
    expect(accept.statusCode).toBe(200);
    expect(
      (await post(newbie, `/api/v1/channels/${packers}/messages`, { content: 'Hello!' })).statusCode,
    ).toBe(201);
  });

  it('shows the chat identity: the colour, and the PRO badge only for PRO members outside a trial', async () => {
    const paid = await createMember(app, testDb.db, { proState: 'paid', chatColor: 'Cherry' });
    const trial = await createMember(app, testDb.db, { proState: 'trial' });
    const free = await createMember(app, testDb.db, { chatColor: 'NotAColour' });
    const a = (await post(paid, `/api/v1/channels/${packers}/messages`, { content: 'PRO here' })).json()
      .message;
    const b = (await post(trial, `/api/v1/channels/${packers}/messages`, { content: 'Trial here' })).json()
      .message;
    const c = (await post(free, `/api/v1/channels/${packers}/messages`, { content: 'Free here' })).json()
      .message;
    expect(a.user).toMatchObject({
      username: paid.username,
      chatColor: 'Cherry',
      chatProBadge: true,
      pro: true,
    });
    expect(b.user).toMatchObject({ chatProBadge: false, proDaysLeft: null });
    expect(c.user).toMatchObject({ chatColor: 'Default', chatProBadge: false });
    // A member who turned the badge off shows none.
    await testDb.db.query('UPDATE users SET chat_pro_badge = false WHERE id = $1', [paid.id]);
    expect((await get(visitor, `/api/v1/messages/${a.id}`)).json().message.user.chatProBadge).toBe(false);
  });

  it('shares an article as an [article] message with its reference', async () => {
    const { articleId } = await createCommentTargets(testDb.db);
    const share = await say(alice, 'look at this', { articleId });
    expect(share).toMatchObject({
      content: '[article]',
      article: { id: articleId, title: 'A headline to talk about' },
    });
    await pastCooldown(testDb.db, alice.id);
    const missing = await post(alice, `/api/v1/channels/${packers}/messages`, {
      content: 'x',
      articleId: 999999,
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0].field).toBe('articleId');
  });

  it('answers 404 for an unknown channel and no edit route exists (the edit flag is off: 405)', async () => {
    expect((await post(alice, '/api/v1/channels/999999/messages', { content: 'hello' })).statusCode).toBe(
      404,
    );
    const message = await say(alice, 'Cannot be edited');
    const edit = await alice.jar.request(app, {
      method: 'PUT',
      url: `/api/v1/messages/${message.id}`,
      payload: { content: 'edited' },
    });
    // The message's path is read and deleted, never edited (RFC 9110: 405 with Allow, issue 47).
    expect(edit.statusCode).toBe(405);
    expect(edit.headers.allow).toBe('GET, HEAD, DELETE');
  });
});

describe('threads', () => {
  it('replies count on the parent and list in either order with paging', async () => {
    const parent = await say(alice, 'Who starts at QB?');
    const ids: number[] = [];
    for (const [who, text] of [
      [bob, 'The veteran'],
      [alice, 'The rookie'],
      [bob, 'Both, by quarter'],
    ] as const) {
      ids.push((await say(who, text, { parentId: parent.id })).id);
    }
    const asc = (await get(visitor, `/api/v1/messages/${parent.id}/replies?perPage=2`)).json();
    expect(asc.messages.map((m: { id: number }) => m.id)).toEqual(ids.slice(0, 2));
    expect(asc.meta.pagination).toEqual({ page: 1, perPage: 2, totalCount: 3, totalPages: 2 });
    const desc = (
      await get(visitor, `/api/v1/messages/${parent.id}/replies?sort=desc&page=2&perPage=2`)
    ).json();
    expect(desc.messages.map((m: { id: number }) => m.id)).toEqual([ids[0]]);
    expect((await get(visitor, `/api/v1/messages/${parent.id}`)).json().message.repliesCount).toBe(3);
    // A reply to a reply joins the thread; replies are not top-level channel messages.
    const nested = await say(alice, 'Agreed', { parentId: ids[2] });
    expect(nested.parentId).toBe(parent.id);
    const top = (await get(visitor, `/api/v1/channels/${packers}/messages?perPage=100`)).json();
    expect(top.messages.some((m: { id: number }) => m.id === nested.id)).toBe(false);
    // meta.likes: the replies the member liked.
    await post(bob, `/api/v1/messages/${ids[1]}/likes`, undefined);
    expect((await get(bob, `/api/v1/messages/${parent.id}/replies`)).json().meta.likes).toEqual([ids[1]]);
    // A parent from another channel is refused.
    const general = (await get(alice, '/api/v1/chat/channels')).json().channels[0].id;
    await pastCooldown(testDb.db, alice.id);
    const cross = await post(alice, `/api/v1/channels/${general}/messages`, {
      content: 'x',
      parentId: parent.id,
    });
    expect(cross.statusCode).toBe(422);
    expect(cross.json().errors[0].field).toBe('parentId');
  });

  it('catches up after a given id, oldest first', async () => {
    const first = await say(alice, 'Catch-up one');
    const second = await say(bob, 'Catch-up two');
    const third = await say(alice, 'Catch-up three');
    const page = (await get(visitor, `/api/v1/channels/${packers}/messages?after=${first.id}`)).json();
    expect(page.messages.map((m: { id: number }) => m.id)).toEqual([second.id, third.id]);
    const none = (await get(visitor, `/api/v1/channels/${packers}/messages?after=${third.id}`)).json();
    expect(none.messages).toEqual([]);
    // An id beyond any message is invalid input, not a server error.
    const huge = await get(visitor, `/api/v1/channels/${packers}/messages?after=99999999999999999999`);
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors[0].field).toBe('after');
  });
});

describe('deleting', () => {
  it('members delete their own messages, which then read [Message deleted]', async () => {
    const message = await say(alice, 'Oops, wrong channel');
    expect((await del(bob, `/api/v1/messages/${message.id}`)).statusCode).toBe(403);
    const res = await del(alice, `/api/v1/messages/${message.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ content: '[Message deleted]', deletedAt: expect.any(String) });
    expect((await get(visitor, `/api/v1/messages/${message.id}`)).json().message.content).toBe(
      '[Message deleted]',
    );
    const { rows } = await testDb.db.query<{ content: string }>(
      'SELECT content FROM chat_messages WHERE id = $1',
      [message.id],
    );
    expect(rows[0]!.content).toBe('[Message deleted]');
    // A deleted message can no longer be liked.
    expect((await post(bob, `/api/v1/messages/${message.id}/likes`, undefined)).statusCode).toBe(422);
  });

  it("a channel's moderator deletes any message there, not in other channels", async () => {
    const moderator = await createMember(app, testDb.db);
    await testDb.db.query('INSERT INTO chat_channel_moderators (channel_id, user_id) VALUES ($1, $2)', [
      packers,
      moderator.id,
    ]);
    const team = (await get(visitor, '/api/v1/teams/green-bay-packers/channels')).json().channels[0];
    expect(team.moderators).toContain(moderator.id);
    const parent = await say(bob, 'Trolling here');
    const reply = await say(alice, 'Reply to the troll', { parentId: parent.id });
    expect((await del(moderator, `/api/v1/messages/${reply.id}`)).statusCode).toBe(200);
    expect((await get(visitor, `/api/v1/messages/${parent.id}`)).json().message.repliesCount).toBe(0);
    expect((await del(moderator, `/api/v1/messages/${parent.id}`)).json().message.deletedAt).not.toBeNull();
    const general = (await get(alice, '/api/v1/chat/channels')).json().channels[0].id;
    await pastCooldown(testDb.db, alice.id);
    const elsewhere = (
      await post(alice, `/api/v1/channels/${general}/messages`, { content: 'Not theirs' })
    ).json().message;
    expect((await del(moderator, `/api/v1/messages/${elsewhere.id}`)).statusCode).toBe(403);
  });
});

describe('reports', () => {
  it('reports with a reason 1..6 and an Other text up to 200 characters', async () => {
    const message = await say(alice, 'Something reportable');
    const res = await post(bob, `/api/v1/messages/${message.id}/flags`, {
      chatFlagReasonId: 6,
      message: 'Spoilers without warning',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().flag).toMatchObject({
      chatMessageId: message.id,
      chatFlagReasonId: 6,
      message: 'Spoilers without warning',
    });
    const tooLong = await post(bob, `/api/v1/messages/${message.id}/flags`, {
      chatFlagReasonId: 6,
      message: 'x'.repeat(201),
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors[0].field).toBe('message');
    const badReason = await post(bob, `/api/v1/messages/${message.id}/flags`, { chatFlagReasonId: 7 });
    expect(badReason.statusCode).toBe(422);
    expect(badReason.json().errors[0].field).toBe('chatFlagReasonId');
    // Reporting again replaces the member's report; only 'Other' keeps a text.
    const again = await post(bob, `/api/v1/messages/${message.id}/flags`, {
      chatFlagReasonId: 3,
      message: 'spam',
    });
    expect(again.json().flag).toMatchObject({ chatFlagReasonId: 3, message: null });
    const { rows } = await testDb.db.query('SELECT reason_id FROM chat_flags WHERE message_id = $1', [
      message.id,
    ]);
    expect(rows).toEqual([{ reason_id: 3 }]);
    expect(
      (await post(alice, `/api/v1/messages/${message.id}/flags`, { chatFlagReasonId: 1 })).statusCode,
    ).toBe(422);
    expect((await post(bob, '/api/v1/messages/999999/flags', { chatFlagReasonId: 1 })).statusCode).toBe(404);
  });
});

describe('likes', () => {
  it('toggle: like, like again changes nothing, unlike; meta.likes follows', async () => {
    const message = await say(alice, 'Like me');
    expect((await post(bob, `/api/v1/messages/${message.id}/likes`, undefined)).statusCode).toBe(201);
    expect((await post(bob, `/api/v1/messages/${message.id}/likes`, undefined)).statusCode).toBe(201);
    expect((await get(visitor, `/api/v1/messages/${message.id}`)).json().message.likesCount).toBe(1);
    const list = (await get(bob, `/api/v1/channels/${packers}/messages`)).json();
    expect(list.meta.likes).toContain(message.id);
    const unlike = await del(bob, `/api/v1/messages/${message.id}/likes`);
    expect(unlike.statusCode).toBe(200);
    expect(unlike.json().like.messageId).toBe(message.id);
    expect((await get(visitor, `/api/v1/messages/${message.id}`)).json().message.likesCount).toBe(0);
    expect((await del(bob, `/api/v1/messages/${message.id}/likes`)).statusCode).toBe(404);
  });

  it('50 concurrent likes by one member move the count by at most 1', async () => {
    const message = await say(alice, 'Race to like me');
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => post(bob, `/api/v1/messages/${message.id}/likes`, undefined)),
    );
    expect(answers.every((r) => r.statusCode === 201)).toBe(true);
    expect((await get(visitor, `/api/v1/messages/${message.id}`)).json().message.likesCount).toBe(1);
    await Promise.all(Array.from({ length: 50 }, () => del(bob, `/api/v1/messages/${message.id}/likes`)));
    expect((await get(visitor, `/api/v1/messages/${message.id}`)).json().message.likesCount).toBe(0);
  });

  it('concurrent likes and replies by different members all count', async () => {
    const message = await say(alice, 'Everybody like and reply');
    const members = await Promise.all(Array.from({ length: 12 }, () => createMember(app, testDb.db)));
    await Promise.all(members.map((m) => post(m, `/api/v1/messages/${message.id}/likes`, undefined)));
    const replies = await Promise.all(
      members.map((m, n) =>
        post(m, `/api/v1/channels/${packers}/messages`, { content: `Reply ${n}`, parentId: message.id }),
      ),
    );
    expect(replies.filter((r) => r.statusCode !== 201).map((r) => r.body)).toEqual([]);
    const read = (await get(visitor, `/api/v1/messages/${message.id}`)).json().message;
    expect(read).toMatchObject({ likesCount: 12, repliesCount: 12 });
  });
});

describe('comments', () => {
  it('comments on an article and an episode: list, counts, delete own only', async () => {
    const { articleId, episodeId } = await createCommentTargets(testDb.db);
    await pastCooldown(testDb.db, alice.id);
    const comment = await post(alice, `/api/v1/articles/${articleId}/messages`, { content: 'Great read' });
    expect(comment.statusCode).toBe(201);
    expect(comment.json().message).toMatchObject({ channelId: null, article: { id: articleId } });
    expect((await post(visitor, `/api/v1/articles/${articleId}/messages`, { content: 'x' })).statusCode).toBe(
      401,
    );
    const blank = await post(bob, `/api/v1/articles/${articleId}/messages`, { content: ' ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors[0].field).toBe('content');
    const list = (await get(visitor, `/api/v1/articles/${articleId}/messages`)).json();
    expect(list.messages.map((m: { content: string }) => m.content)).toEqual(['Great read']);
    expect((await get(visitor, '/api/v1/articles/999999/messages')).statusCode).toBe(404);

    await pastCooldown(testDb.db, bob.id);
    const onEpisode = await post(bob, `/api/v1/episodes/${episodeId}/messages`, {
      content: 'Best episode yet',
    });
    expect(onEpisode.statusCode).toBe(201);
    const id = onEpisode.json().message.id;
    const count = async () =>
      (
        await testDb.db.query<{ messages_count: number }>(
          'SELECT messages_count FROM podcast_episodes WHERE id = $1',
          [episodeId],
        )
      ).rows[0]!.messages_count;
    expect(await count()).toBe(1);
    expect((await del(alice, `/api/v1/episodes/${episodeId}/messages/${id}`)).statusCode).toBe(403);
    // The comment's own episode only.
    expect((await del(bob, `/api/v1/episodes/${episodeId + 1000}/messages/${id}`)).statusCode).toBe(404);
    const deleted = await del(bob, `/api/v1/episodes/${episodeId}/messages/${id}`);
    expect(deleted.json().message.content).toBe('[Message deleted]');
    expect(await count()).toBe(0);
    expect(
      (await get(visitor, `/api/v1/episodes/${episodeId}/messages`)).json().messages[0].deletedAt,
    ).not.toBeNull();
  });
});

describe('account deletion', () => {
  it("keeps a deleted member's messages for the others, by the [deleted] ghost, and drops their likes and reports", async () => {
    const leaver = await createMember(app, testDb.db);
    const parent = await say(leaver, 'I will be gone soon');
    const reply = await say(bob, 'Bye then', { parentId: parent.id });
    await post(leaver, `/api/v1/messages/${reply.id}/likes`, undefined);
    await post(leaver, `/api/v1/messages/${reply.id}/flags`, { chatFlagReasonId: 1 });
    expect((await get(visitor, `/api/v1/messages/${reply.id}`)).json().message.likesCount).toBe(1);
    expect(await deleteAccount(testDb.db, leaver.id)).toBe(true);
    const kept = (await get(visitor, `/api/v1/messages/${parent.id}`)).json().message;
    expect(kept).toMatchObject({
      content: 'I will be gone soon',
      repliesCount: 1,
      user: { username: '[deleted]' },
    });
    expect((await get(visitor, `/api/v1/messages/${reply.id}`)).json().message.likesCount).toBe(0);
    const flags = await testDb.db.query('SELECT 1 FROM chat_flags WHERE message_id = $1', [reply.id]);
    expect(flags.rows).toEqual([]);
  });
});

describe("visitors' page cache", () => {
  it('chat messages and likes leave cached pages alone; an episode comment (its count shows) empties them', async () => {
    const cached = await buildAccountApp(testDb.db, { responseCacheTtlMs: 60_000, csrfSecret: CSRF_SECRET });
    try {
      const { episodeId } = await createCommentTargets(testDb.db);
      const url = '/api/v1/teams/green-bay-packers';
      const isHit = async () => (await cached.inject({ method: 'GET', url })).headers['x-cache'] === 'hit';
      await cached.inject({ method: 'GET', url });
      expect(await isHit()).toBe(true);
      await pastCooldown(testDb.db, alice.id);
      const sent = await alice.jar.request(cached, {
        method: 'POST',
        url: `/api/v1/channels/${packers}/messages`,
        payload: { content: 'Cache-friendly chat' },
      });
      expect(sent.statusCode).toBe(201);
      await bob.jar.request(cached, {
        method: 'POST',
        url: `/api/v1/messages/${sent.json().message.id}/likes`,
      });
      expect(await isHit()).toBe(true);
      await pastCooldown(testDb.db, alice.id);
      const comment = await alice.jar.request(cached, {
        method: 'POST',
        url: `/api/v1/episodes/${episodeId}/messages`,
        payload: { content: 'This changes a count' },
      });
      expect(comment.statusCode).toBe(201);
      expect(await isHit()).toBe(false);
    } finally {
      await cached.close();
    }
  });
});
