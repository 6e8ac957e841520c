// The admin's moderation queue on the real app (issue 48): who may read and act (401, 403 for a member),
// reports with reasons, reporters and context, most recent first; delete, dismiss and ban, each recorded
// with the admin and the time; a banned member cannot send; new reports reach the admins' stream; and
// one channel read by id with its real name and moderators.
import type { ModerationItem, ModerationPush } from '@sportspyder/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import { buildAccountApp } from '../../accounts/__tests__/account-fixtures.js';
import type { SportSpyderApp } from '../../app.js';
import { ADMIN_MODERATION_STREAM } from '../moderation-queue.js';
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
let admin: TestMember;
let author: TestMember;
let reporter: TestMember;
let other: TestMember;

beforeAll(async () => {
  testDb = await createTestDatabase();
  app = await buildAccountApp(testDb.db, { csrfSecret: 'moderation-test-csrf-secret-0123456789' });
  packers = await teamChannelId(testDb.db, 'green-bay-packers');
  admin = await createMember(app, testDb.db, { admin: true });
  author = await createMember(app, testDb.db);
  reporter = await createMember(app, testDb.db);
  other = await createMember(app, testDb.db);
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const request = (who: TestMember | CookieJar, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  (who instanceof CookieJar ? who : who.jar).request(app, {
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
  });

async function say(who: TestMember, content: string): Promise<{ id: number }> {
  await pastCooldown(testDb.db, who.id);
  const res = await request(who, 'POST', `/api/v1/channels/${packers}/messages`, { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message;
}

async function report(who: TestMember, messageId: number, reasonId: number, message?: string) {
  const res = await request(who, 'POST', `/api/v1/messages/${messageId}/flags`, {
    chatFlagReasonId: reasonId,
    ...(message ? { message } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function queue(): Promise<ModerationItem[]> {
  const res = await request(admin, 'GET', '/api/v1/admin/reports');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

describe('who may moderate', () => {
  it('answers 401 to a visitor and 403 to a member, on the queue and on actions', async () => {
    const visitor = await app.inject({ method: 'GET', url: '/api/v1/admin/reports' });
    expect(visitor.statusCode).toBe(401);
    const member = await request(other, 'GET', '/api/v1/admin/reports');
    expect(member.statusCode).toBe(403);
    expect(member.json()).toEqual({
      errors: [{ code: 'forbidden', title: 'Only administrators can moderate chat.' }],
    });
    const message = await say(author, 'a member cannot act on this');
    await report(reporter, message.id, 3);
    const act = await request(other, 'POST', `/api/v1/admin/reports/${message.id}/actions`, {
      action: 'delete',
    });
    expect(act.statusCode).toBe(403);
    expect((await queue()).some((item) => item.message.id === message.id)).toBe(true);
  });
});

describe('the queue', () => {
  it('lists reported messages newest report first, with reasons, reporters, place and neighbours', async () => {
    const before = await say(other, 'the message before');
    const first = await say(author, 'first reported message');
    const after = await say(other, 'the message after');
    const second = await say(author, 'second reported message');
    await report(reporter, first.id, 2);
    await report(other, first.id, 6, 'Rude to everyone');
    await report(reporter, second.id, 5);
    const items = await queue();
    const ids = items.map((item) => item.message.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const item = items.find((i) => i.message.id === first.id) as ModerationItem;
    expect(item.place.channel).toEqual({ id: packers, name: expect.any(String) });
    expect(item.place.article).toBeNull();
    expect(item.reports.map((r) => [r.reasonId, r.text, r.reporter.username])).toEqual([
      [6, 'Rude to everyone', other.username],
      [2, null, reporter.username],
    ]);
    const context = item.context.map((m) => m.id);
    expect(context).toContain(before.id);
    expect(context).toContain(after.id);
    expect(context).not.toContain(first.id);
  });

  it('queues reported article comments with their article', async () => {
    const { articleId } = await createCommentTargets(testDb.db);
    await pastCooldown(testDb.db, author.id);
    const res = await request(author, 'POST', `/api/v1/articles/${articleId}/messages`, {
      content: 'a comment',
    });
    expect(res.statusCode, res.body).toBe(201);
    const comment = res.json().message;
    await report(reporter, comment.id, 1);
    const item = (await queue()).find((i) => i.message.id === comment.id) as ModerationItem;
    expect(item.place).toMatchObject({ channel: null, article: { id: articleId } });
  });
});

describe('actions', () => {
  it('deletes: the message reads deleted, leaves the queue and the action names the admin and the time', async () => {
    const message = await say(author, 'delete me please');
    await report(reporter, message.id, 3);
    const res = await request(admin, 'POST', `/api/v1/admin/reports/${message.id}/actions`, {
      action: 'delete',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { action } = res.json();
    expect(action).toMatchObject({
      action: 'delete',
      messageId: message.id,
      moderator: { id: admin.id, username: admin.username },
      targetUser: { id: author.id },
      bannedUntil: null,
    });
    expect(Date.now() - Date.parse(action.createdAt)).toBeLessThan(60_000);
    const read = await request(reporter, 'GET', `/api/v1/messages/${message.id}`);
    expect(read.json().message.deletedAt).not.toBeNull();
    expect((await queue()).some((i) => i.message.id === message.id)).toBe(false);
    const stored = await testDb.db.query<{ moderator_id: number; action: string }>(
      'SELECT moderator_id, action FROM moderation_actions WHERE message_id = $1',
      [message.id],
    );
    expect(stored.rows).toEqual([{ moderator_id: admin.id, action: 'delete' }]);
    // Acting twice finds nothing left to act on.
    const again = await request(admin, 'POST', `/api/v1/admin/reports/${message.id}/actions`, {
      action: 'delete',
    });
    expect(again.statusCode).toBe(404);
  });

  it('dismisses: the message stays, the reports close, the action is recorded', async () => {
    const message = await say(author, 'harmless, really');
    await report(reporter, message.id, 1);
    const res = await request(admin, 'POST', `/api/v1/admin/reports/${message.id}/actions`, {
      action: 'dismiss',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().action.action).toBe('dismiss');
    const read = await request(reporter, 'GET', `/api/v1/messages/${message.id}`);
    expect(read.json().message.deletedAt).toBeNull();
    expect((await queue()).some((i) => i.message.id === message.id)).toBe(false);
  });

  it('bans the author from chat for the days given: sending answers 403 until then', async () => {
    const victim = await createMember(app, testDb.db);
    const message = await say(victim, 'spam spam spam');
    await report(reporter, message.id, 3);
    const missing = await request(admin, 'POST', `/api/v1/admin/reports/${message.id}/actions`, {
      action: 'ban',
    });
    expect(missing.statusCode).toBe(422);
    const res = await request(admin, 'POST', `/api/v1/admin/reports/${message.id}/actions`, {
      action: 'ban',
      banDays: 3,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { action } = res.json();
    const days = (Date.parse(action.bannedUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.9);
    expect(days).toBeLessThan(3.1);
    await pastCooldown(testDb.db, victim.id);
    const send = await request(victim, 'POST', `/api/v1/channels/${packers}/messages`, {
      content: 'I am back',
    });
    expect(send.statusCode).toBe(403);
    expect(send.json().errors[0].code).toBe('banned');
  });
});

describe('live reports', () => {
  it('publishes each new report on the admins’ stream, and each action', async () => {
    const pushes: ModerationPush[] = [];
    const stop = app.broadcaster.subscribe(ADMIN_MODERATION_STREAM, (m) => pushes.push(m as ModerationPush));
    const message = await say(author, 'reported while the queue is open');
    await report(reporter, message.id, 4);
    await request(admin, 'POST', `/api/v1/admin/reports/${message.id}/actions`, { action: 'dismiss' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop();
    expect(pushes.map((p) => p.type)).toEqual(['report', 'resolved']);
    const pushed = pushes[0];
    expect(pushed?.type === 'report' && pushed.item.reports[0]?.reporter.id).toBe(reporter.id);
  });
});

describe('one channel', () => {
  it('reads a channel by id with its real name and moderators', async () => {
    const res = await request(other, 'GET', `/api/v1/channels/${packers}`);
    expect(res.statusCode, res.body).toBe(200);
    const listed = (await request(other, 'GET', '/api/v1/teams/green-bay-packers/channels'))
      .json()
      .channels.find((c: { id: number }) => c.id === packers);
    expect(res.json().channel).toEqual({ ...listed, selected: true });
    expect((await request(other, 'GET', '/api/v1/channels/999999')).statusCode).toBe(404);
  });
});
