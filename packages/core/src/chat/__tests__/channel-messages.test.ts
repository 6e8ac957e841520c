// A channel's live messages: newest at the bottom with older pages on demand, live pushes (new ones
// marked new, like counts and deletions in place, reply counts highlighting for 3 s), and the REST
// catch-up after a dropped connection: every message posted meanwhile, once, in order.
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, makeClient, makeUser, server, signedIn } from '../../__tests__/fixtures.js';
import { chatFor } from '../chat.js';
import { ANN, BOB, chatData, chatHandlers, flush, ids, ME, makeMessage } from './chat-fixtures.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

function setup(count: number) {
  const data = chatData();
  for (let i = 0; i < count; i++) data.messages.push(makeMessage({ channelId: 12 }));
  server.use(
    ...chatHandlers(data),
    http.get(api('session'), () =>
      HttpResponse.json(signedIn(makeUser({ id: ME, chatAcceptedRules: true }))),
    ),
  );
  const { client, cable } = makeClient();
  const store = chatFor(client).channelMessages(12);
  return { data, client, cable, store };
}

describe('channel messages', () => {
  it('shows the newest 25 with the newest at the bottom and loads older ones above on demand', async () => {
    const { data, store } = setup(30);
    const off = store.subscribe(() => undefined);
    await flush(store);
    const all = data.messages.map((m) => m.id);
    expect(store.getSnapshot().status).toBe('success');
    expect(ids(store.getSnapshot())).toEqual(all.slice(5));
    expect(store.getSnapshot().hasMore).toBe(true);
    await store.loadMore();
    expect(ids(store.getSnapshot())).toEqual(all);
    expect(store.getSnapshot().hasMore).toBe(false);
    off();
  });

  it('appends live messages marked new (not one’s own), changes like counts and deletions in place', async () => {
    const { client, cable, store } = setup(3);
    await client.session.refetch();
    const off = store.subscribe(() => undefined);
    await flush(store);
    const before = ids(store.getSnapshot());

    const fromAnn = makeMessage({ userId: ANN });
    cable.push('ChatChannel', { messages: [fromAnn] }, { channelId: 12 });
    const mine = makeMessage({ userId: ME });
    cable.push('ChatChannel', { messages: [mine] }, { channelId: 12 });
    let snap = store.getSnapshot();
    expect(ids(snap)).toEqual([...before, fromAnn.id, mine.id]);
    expect(snap.items.at(-2)?.isNew).toBe(true);
    expect(snap.items.at(-1)?.isNew).toBe(false);

    // A like count push (likes meta) and a deletion change the message, never add one.
    cable.push(
      'ChatChannel',
      { messages: [{ ...fromAnn, likesCount: 3 }], meta: { likes: [] } },
      { channelId: 12 },
    );
    cable.push(
      'ChatChannel',
      { messages: [{ ...mine, content: '[Message deleted]', deletedAt: '2024-06-02T00:00:00.000Z' }] },
      { channelId: 12 },
    );
    snap = store.getSnapshot();
    expect(ids(snap)).toEqual([...before, fromAnn.id, mine.id]);
    expect(snap.items.at(-2)?.message.likesCount).toBe(3);
    expect(snap.items.at(-1)?.message.deletedAt).not.toBeNull();

    // Likes or deletions of messages not on screen add nothing.
    cable.push(
      'ChatChannel',
      { messages: [makeMessage({ likesCount: 2 })], meta: { likes: [] } },
      { channelId: 12 },
    );
    expect(ids(store.getSnapshot())).toHaveLength(before.length + 2);
    off();
  });

  it('ignores an older message re-sent for its reply count and highlights a shown one for 3 s', async () => {
    const { data, cable, store } = setup(30);
    const off = store.subscribe(() => undefined);
    await flush(store);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const oldest = data.messages[0];
    const shown = data.messages[29];
    if (!oldest || !shown) throw new Error('fixture');
    cable.push('ChatChannel', { messages: [{ ...oldest, repliesCount: 1 }] }, { channelId: 12 });
    expect(ids(store.getSnapshot())).not.toContain(oldest.id);

    cable.push('ChatChannel', { messages: [{ ...shown, repliesCount: 2 }] }, { channelId: 12 });
    expect(store.getSnapshot().items.at(-1)?.highlighted).toBe(true);
    expect(store.getSnapshot().items.at(-1)?.isNew).toBe(false);
    vi.advanceTimersByTime(2999);
    expect(store.getSnapshot().items.at(-1)?.highlighted).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot().items.at(-1)?.highlighted).toBe(false);
    off();
  });

  it('after a drop, catches up from the last id seen: nothing lost, nothing twice, in order', async () => {
    const { data, cable, store } = setup(5);
    const off = store.subscribe(() => undefined);
    await flush(store);
    expect(store.getSnapshot().connection).toBe('live');

    // The socket is down while 30 messages are posted (more than one catch-up page): no pushes arrive.
    cable.disconnect();
    const missed = Array.from({ length: 30 }, () => makeMessage({ userId: BOB }));
    data.messages.push(...missed);
    cable.reconnect();
    // A live push that the catch-up also brings, arriving while it runs.
    const overlap = missed[29];
    if (!overlap) throw new Error('fixture');
    cable.push('ChatChannel', { messages: [overlap] }, { channelId: 12 });
    await flush(store);

    const expected = data.messages.map((m) => m.id);
    expect(ids(store.getSnapshot())).toEqual(expected);
    expect(new Set(ids(store.getSnapshot())).size).toBe(expected.length);
    expect(store.getSnapshot().items.at(-1)?.isNew).toBe(true);
    // With fewer than CATCH_UP_OVERLAP messages known, everything known is read again (merged by id).
    const from = (data.messages[0]?.id ?? 0) - 1;
    expect(data.requests).toContain(`GET /api/v1/channels/12/messages?after=${from}&page=1`);
    expect(data.requests).toContain(`GET /api/v1/channels/12/messages?after=${from}&page=2`);

    // A second drop with nothing posted brings nothing twice.
    cable.reconnect();
    await flush(store);
    expect(ids(store.getSnapshot())).toEqual(expected);
    off();
  });

  it('tries a failed catch-up again (after Retry-After) until it brings what was missed', async () => {
    const { data, cable, store } = setup(3);
    const off = store.subscribe(() => undefined);
    await flush(store);
    cable.disconnect();
    const missed = Array.from({ length: 4 }, () => makeMessage({ userId: BOB }));
    data.messages.push(...missed);
    // Many clients reconnecting after a restart: the first catch-up is refused, the next one fails.
    server.use(
      http.get(
        api('channels/:channelId/messages'),
        () => HttpResponse.json({ errors: [] }, { status: 429, headers: { 'Retry-After': '2' } }),
        { once: true },
      ),
    );
    vi.useFakeTimers();
    cable.reconnect();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ids(store.getSnapshot())).not.toContain(missed[0]?.id);
    server.use(http.get(api('channels/:channelId/messages'), () => HttpResponse.error(), { once: true }));
    await vi.advanceTimersByTimeAsync(1_100); // Retry-After 2 s: the second try, which fails
    await vi.advanceTimersByTimeAsync(2_100); // the third try, after the doubled wait
    vi.useRealTimers();
    await flush(store);
    expect(ids(store.getSnapshot())).toEqual(data.messages.map((m) => m.id));
    off();
  });

  it('finds a message committed after a newer one it was sent with, across a drop', async () => {
    const { data, cable, store } = setup(15);
    const off = store.subscribe(() => undefined);
    await flush(store);
    // Two sends at once: the older id commits (and is broadcast) after the newer one, and the socket
    // drops between the two broadcasts.
    const older = makeMessage({ userId: ANN });
    const newer = makeMessage({ userId: BOB });
    data.messages.push(older, newer);
    cable.push('ChatChannel', { messages: [newer] }, { channelId: 12 });
    cable.disconnect();
    cable.reconnect();
    await flush(store);
    const shown = ids(store.getSnapshot());
    expect(shown.slice(-2)).toEqual([older.id, newer.id]);
    expect(new Set(shown).size).toBe(shown.length);
    off();
  });

  it('holds pushes that arrive before the first page and applies them after it', async () => {
    const { data, cable, store } = setup(2);
    const off = store.subscribe(() => undefined);
    await Promise.resolve();
    const early = makeMessage();
    cable.push('ChatChannel', { messages: [early] }, { channelId: 12 });
    // The first page, read after the push was committed, contains it too.
    data.messages.push(early);
    await flush(store);
    expect(ids(store.getSnapshot())).toEqual(data.messages.map((m) => m.id));
    off();
  });

  it('subscribes ChatChannel while watched and leaves it after the last subscriber', async () => {
    const { cable, store } = setup(1);
    const a = store.subscribe(() => undefined);
    const b = store.subscribe(() => undefined);
    await flush(store);
    expect(cable.subscriptions()).toEqual([{ channel: 'ChatChannel', params: { channelId: 12 } }]);
    a();
    expect(cable.isSubscribed('ChatChannel')).toBe(true);
    b();
    expect(cable.isSubscribed('ChatChannel')).toBe(false);
    expect(store.getSnapshot().connection).toBe('offline');
  });

  it('shows a rejected stream (a channel the reader may not read)', async () => {
    const { cable, store } = setup(1);
    const off = store.subscribe(() => undefined);
    await flush(store);
    cable.reject('ChatChannel');
    expect(store.getSnapshot().connection).toBe('rejected');
    off();
  });
});
