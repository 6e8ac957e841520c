// Core moderation queue (issue 48): the first subscriber reads the queue and subscribes to the admins'
// channel; pushed reports put their item first (replacing an older copy), resolved messages leave; a
// push during the first read is not lost; a member's 403 is 'forbidden'; a reconnect reads the queue
// again; an action posts the contract's body, removes the item and toasts; the last subscriber leaving
// unsubscribes the channel.
import type { ModerationAction, ModerationItem } from '@sportspyder/contract';
import { delay, HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, makeClient, server } from '../../__tests__/fixtures.js';
import { makeMessage } from '../../chat/__tests__/chat-fixtures.js';
import {
  applyModerationPush,
  createModerationQueue,
  MODERATION_TOASTS,
  type ModerationSnapshot,
} from '../admin-moderation.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function item(id: number, lastReportedAt: string): ModerationItem {
  return {
    message: makeMessage({ id, content: `reported ${id}` }),
    place: { channel: { id: 12, name: 'Packers' }, article: null, episode: null },
    context: [],
    reports: [
      {
        id: id * 10,
        reasonId: 3,
        text: null,
        reporter: { id: 2, username: 'bob' },
        createdAt: lastReportedAt,
      },
    ],
    lastReportedAt,
    authorBannedUntil: null,
  };
}

function action(messageId: number, kind: ModerationAction['action'] = 'delete'): ModerationAction {
  return {
    id: 1,
    action: kind,
    messageId,
    targetUser: { id: 1, username: 'ann' },
    moderator: { id: 3, username: 'admin' },
    bannedUntil: null,
    createdAt: '2026-12-01T10:00:00.000Z',
  };
}

const ids = (snapshot: ModerationSnapshot) => snapshot.items.map((entry) => entry.message.id);

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
  expect(check()).toBe(true);
}

describe('applyModerationPush', () => {
  it('puts a new report first, replaces an older copy of the same message, and drops resolved ones', () => {
    const items = [item(1, '2026-12-01T09:00:00.000Z'), item(2, '2026-12-01T08:00:00.000Z')];
    const reported = applyModerationPush(items, {
      type: 'report',
      item: item(2, '2026-12-01T10:00:00.000Z'),
    });
    expect(reported.map((entry) => entry.message.id)).toEqual([2, 1]);
    expect(reported).toHaveLength(2);
    expect(applyModerationPush(reported, { type: 'resolved', messageId: 2, action: action(2) })).toEqual([
      reported[1],
    ]);
  });
});

describe('createModerationQueue', () => {
  it('reads the queue on the first subscriber, takes live reports and leaves the channel with the last one', async () => {
    server.use(
      http.get(api('admin/reports'), () =>
        HttpResponse.json({ items: [item(1, '2026-12-01T09:00:00.000Z')] }),
      ),
    );
    const { client, cable } = makeClient();
    const queue = createModerationQueue(client);
    expect(queue.getSnapshot().status).toBe('loading');
    expect(cable.isSubscribed('AdminModerationChannel')).toBe(false);
    const stop = queue.subscribe(() => undefined);
    expect(cable.isSubscribed('AdminModerationChannel')).toBe(true);
    await until(() => queue.getSnapshot().status === 'success');
    expect(ids(queue.getSnapshot())).toEqual([1]);

    cable.push('AdminModerationChannel', { type: 'report', item: item(5, '2026-12-01T11:00:00.000Z') });
    expect(ids(queue.getSnapshot())).toEqual([5, 1]);
    cable.push('AdminModerationChannel', { type: 'resolved', messageId: 1, action: action(1) });
    expect(ids(queue.getSnapshot())).toEqual([5]);

    stop();
    expect(cable.isSubscribed('AdminModerationChannel')).toBe(false);
  });

  it('keeps a report pushed while the first read is on its way', async () => {
    server.use(
      http.get(api('admin/reports'), async () => {
        await delay(30);
        return HttpResponse.json({ items: [item(1, '2026-12-01T09:00:00.000Z')] });
      }),
    );
    const { client, cable } = makeClient();
    const queue = createModerationQueue(client);
    const stop = queue.subscribe(() => undefined);
    cable.push('AdminModerationChannel', { type: 'report', item: item(9, '2026-12-01T12:00:00.000Z') });
    await until(() => queue.getSnapshot().status === 'success');
    expect(ids(queue.getSnapshot())).toEqual([9, 1]);
    stop();
  });

  it("is 'forbidden' for a member (403) and 'error' when the read fails", async () => {
    server.use(
      http.get(api('admin/reports'), () =>
        HttpResponse.json({ errors: [{ code: 'forbidden', title: 'Forbidden' }] }, { status: 403 }),
      ),
    );
    const { client } = makeClient();
    const queue = createModerationQueue(client);
    const stop = queue.subscribe(() => undefined);
    await until(() => queue.getSnapshot().status !== 'loading');
    expect(queue.getSnapshot()).toEqual({ status: 'forbidden', items: [] });
    stop();

    server.use(
      http.get(api('admin/reports'), () =>
        HttpResponse.json({ errors: [{ code: 'internal', title: 'Oops' }] }, { status: 500 }),
      ),
    );
    const failing = createModerationQueue(makeClient().client);
    const stopFailing = failing.subscribe(() => undefined);
    await until(() => failing.getSnapshot().status !== 'loading');
    expect(failing.getSnapshot().status).toBe('error');
    stopFailing();
  });

  it('reads the queue again after a reconnect (pushes sent while away are not replayed)', async () => {
    let reads = 0;
    server.use(
      http.get(api('admin/reports'), () => {
        reads++;
        return HttpResponse.json({
          items: reads === 1 ? [item(1, '2026-12-01T09:00:00.000Z')] : [item(4, '2026-12-01T13:00:00.000Z')],
        });
      }),
    );
    const { client, cable } = makeClient();
    const queue = createModerationQueue(client);
    const stop = queue.subscribe(() => undefined);
    await until(() => queue.getSnapshot().status === 'success');
    cable.reconnect();
    await until(() => ids(queue.getSnapshot())[0] === 4);
    expect(reads).toBe(2);
    stop();
  });

  it('acts on an item: posts the body, removes the item and shows the toast', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.get(api('admin/reports'), () =>
        HttpResponse.json({
          items: [item(1, '2026-12-01T09:00:00.000Z'), item(2, '2026-12-01T08:00:00.000Z')],
        }),
      ),
      http.post(api('admin/reports/:messageId/actions'), async ({ request, params }) => {
        bodies.push({ messageId: Number(params.messageId), body: await request.json() });
        return HttpResponse.json({
          action: { ...action(Number(params.messageId), 'ban'), bannedUntil: null },
        });
      }),
    );
    const { client } = makeClient();
    const queue = createModerationQueue(client);
    const stop = queue.subscribe(() => undefined);
    await until(() => queue.getSnapshot().status === 'success');
    const done = await queue.act(2, { action: 'ban', banDays: 7 });
    expect(done.action).toBe('ban');
    expect(bodies).toEqual([{ messageId: 2, body: { action: 'ban', banDays: 7 } }]);
    expect(ids(queue.getSnapshot())).toEqual([1]);
    expect(client.toasts.getSnapshot().map((toast) => toast.text)).toEqual([MODERATION_TOASTS.ban]);
    stop();
  });

  it('keeps the item when the action fails', async () => {
    server.use(
      http.get(api('admin/reports'), () =>
        HttpResponse.json({ items: [item(1, '2026-12-01T09:00:00.000Z')] }),
      ),
      http.post(api('admin/reports/:messageId/actions'), () =>
        HttpResponse.json({ errors: [{ code: 'not_found', title: 'Not found' }] }, { status: 404 }),
      ),
    );
    const { client } = makeClient();
    const queue = createModerationQueue(client);
    const stop = queue.subscribe(() => undefined);
    await until(() => queue.getSnapshot().status === 'success');
    await expect(queue.act(1, { action: 'delete' })).rejects.toBeTruthy();
    expect(ids(queue.getSnapshot())).toEqual([1]);
    expect(client.toasts.getSnapshot()).toEqual([]);
    stop();
  });
});
