// Threads (spec 3 §4): replies oldest first by default; a live reply while oldest first with unread
// pages only counts as new; one's own reply turns the thread newest first; others' replies are added
// at the loaded end and marked new unless deleted or edited. Comments: the count follows deletions
// and new comments, not like count pushes; both catch up after a reconnection.
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, makeClient, makeUser, server, signedIn } from '../../__tests__/fixtures.js';
import { chatFor } from '../chat.js';
import { ANN, BOB, chatData, chatHandlers, flush, ids, ME, makeMessage } from './chat-fixtures.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const article = { id: 55, title: 'Packers win', finalUrl: 'https://example.com/a' };

function setup(replies: number) {
  const data = chatData();
  const parent = makeMessage({ channelId: 12, repliesCount: replies });
  data.messages.push(parent);
  for (let i = 0; i < replies; i++) data.messages.push(makeMessage({ parentId: parent.id, userId: BOB }));
  server.use(
    ...chatHandlers(data),
    http.get(api('session'), () =>
      HttpResponse.json(signedIn(makeUser({ id: ME, chatAcceptedRules: true }))),
    ),
  );
  const { client, cable } = makeClient();
  return { data, client, cable, parent, chat: chatFor(client) };
}

describe('thread', () => {
  it('reads the parent and its replies oldest first', async () => {
    const { data, parent, chat } = setup(3);
    const thread = chat.thread(parent.id);
    const off = thread.subscribe(() => undefined);
    await flush(thread);
    const snap = thread.getSnapshot();
    expect(snap.parent?.id).toBe(parent.id);
    expect(snap.sort).toBe('asc');
    expect(ids(snap)).toEqual(data.messages.slice(1).map((m) => m.id));
    off();
  });

  it('counts a live reply as new while oldest first with unread pages, once even when caught up again', async () => {
    const { data, cable, parent, chat } = setup(30);
    const thread = chat.thread(parent.id);
    const off = thread.subscribe(() => undefined);
    await flush(thread);
    expect(thread.getSnapshot().hasMore).toBe(true);
    const reply = makeMessage({ parentId: parent.id, userId: ANN });
    data.messages.push(reply);
    cable.push('ChatThreadChannel', { messages: [reply] }, { messageId: parent.id });
    expect(thread.getSnapshot().newCount).toBe(1);
    expect(ids(thread.getSnapshot())).not.toContain(reply.id);
    cable.reconnect();
    await flush(thread);
    expect(thread.getSnapshot().newCount).toBe(1);

    // 'Show new' turns the thread newest first: the new reply on top.
    await thread.showNew();
    await flush(thread);
    expect(thread.getSnapshot().sort).toBe('desc');
    expect(thread.getSnapshot().newCount).toBe(0);
    expect(ids(thread.getSnapshot())[0]).toBe(reply.id);
    off();
  });

  it("appends others' replies marked new when all pages are read; deleted or edited ones change in place", async () => {
    const { cable, parent, chat } = setup(2);
    const thread = chat.thread(parent.id);
    const off = thread.subscribe(() => undefined);
    await flush(thread);
    const reply = makeMessage({ parentId: parent.id, userId: ANN });
    cable.push('ChatThreadChannel', { messages: [reply] }, { messageId: parent.id });
    expect(ids(thread.getSnapshot()).at(-1)).toBe(reply.id);
    expect(thread.getSnapshot().items.at(-1)?.isNew).toBe(true);

    const first = thread.getSnapshot().items[0]?.message;
    if (!first) throw new Error('fixture');
    cable.push(
      'ChatThreadChannel',
      { messages: [{ ...first, content: 'edited', updatedAt: '2024-06-03T00:00:00.000Z' }] },
      { messageId: parent.id },
    );
    expect(thread.getSnapshot().items[0]?.message.content).toBe('edited');
    expect(thread.getSnapshot().items[0]?.isNew).toBe(false);
    // An unknown deleted reply is not added.
    cable.push(
      'ChatThreadChannel',
      { messages: [makeMessage({ parentId: parent.id, deletedAt: '2024-06-03T00:00:00.000Z' })] },
      { messageId: parent.id },
    );
    expect(thread.getSnapshot().items).toHaveLength(3);
    off();
  });

  it('prepends others’ replies when newest first', async () => {
    const { cable, parent, chat } = setup(2);
    const thread = chat.thread(parent.id);
    const off = thread.subscribe(() => undefined);
    await thread.setSort('desc');
    await flush(thread);
    const reply = makeMessage({ parentId: parent.id, userId: ANN });
    cable.push('ChatThreadChannel', { messages: [reply] }, { messageId: parent.id });
    expect(ids(thread.getSnapshot())[0]).toBe(reply.id);
    expect(thread.getSnapshot().items[0]?.isNew).toBe(true);
    off();
  });

  it("turns newest first on the reader's own live reply", async () => {
    const { data, client, cable, parent, chat } = setup(30);
    await client.session.refetch();
    const thread = chat.thread(parent.id);
    const off = thread.subscribe(() => undefined);
    await flush(thread);
    const mine = makeMessage({ parentId: parent.id, userId: ME });
    data.messages.push(mine);
    cable.push('ChatThreadChannel', { messages: [mine] }, { messageId: parent.id });
    await flush(thread);
    expect(thread.getSnapshot().sort).toBe('desc');
    expect(ids(thread.getSnapshot())[0]).toBe(mine.id);
    expect(thread.getSnapshot().items[0]?.isNew).toBe(false);
    expect(thread.getSnapshot().newCount).toBe(0);
    off();
  });
});

describe('comments', () => {
  function commentSetup() {
    const data = chatData();
    const comments = [1, 2, 3].map(() => makeMessage({ channelId: null, article }));
    data.messages.push(...comments);
    server.use(
      ...chatHandlers(data),
      http.get(api('session'), () =>
        HttpResponse.json(signedIn(makeUser({ id: ME, chatAcceptedRules: true }))),
      ),
    );
    const { client, cable } = makeClient();
    return { data, cable, client, comments, chat: chatFor(client) };
  }

  it('counts new comments up and deleted ones down, but not like count pushes', async () => {
    const { data, cable, comments, chat } = commentSetup();
    const store = chat.comments({ articleId: 55 });
    const off = store.subscribe(() => undefined);
    await flush(store);
    expect(store.getSnapshot().count).toBe(3);
    expect(ids(store.getSnapshot())).toEqual(data.messages.map((m) => m.id).reverse());

    const fresh = makeMessage({ channelId: null, article, userId: ANN });
    cable.push('ArticleCommentsChannel', { messages: [fresh] }, { articleId: 55 });
    expect(store.getSnapshot().count).toBe(4);
    expect(ids(store.getSnapshot())[0]).toBe(fresh.id);

    cable.push(
      'ArticleCommentsChannel',
      { messages: [{ ...fresh, likesCount: 1 }], meta: { likes: [] } },
      { articleId: 55 },
    );
    expect(store.getSnapshot().count).toBe(4);

    const gone = comments[0];
    if (!gone) throw new Error('fixture');
    const deleted = {
      ...gone,
      content: '[Message deleted]',
      deletedAt: '2024-06-03T00:00:00.000Z',
      article: null,
    };
    cable.push('ArticleCommentsChannel', { messages: [deleted] }, { articleId: 55 });
    cable.push('ArticleCommentsChannel', { messages: [deleted] }, { articleId: 55 });
    expect(store.getSnapshot().count).toBe(3);
    off();
  });

  it('catches up on comments posted while the socket was down and counts them once', async () => {
    const { data, cable, chat } = commentSetup();
    const store = chat.comments({ articleId: 55 });
    const off = store.subscribe(() => undefined);
    await flush(store);
    const missed = [makeMessage({ channelId: null, article }), makeMessage({ channelId: null, article })];
    data.messages.push(...missed);
    cable.reconnect();
    const late = missed[1];
    if (!late) throw new Error('fixture');
    cable.push('ArticleCommentsChannel', { messages: [late] }, { articleId: 55 });
    await flush(store);
    expect(ids(store.getSnapshot())).toEqual(data.messages.map((m) => m.id).reverse());
    expect(store.getSnapshot().count).toBe(5);
    off();
  });

  it('loads every page down to the one holding a linked comment (a ?messageId= link), then goes on after it', async () => {
    const { data, chat } = commentSetup();
    for (let i = 0; i < 70; i++) data.messages.push(makeMessage({ channelId: null, article }));
    const oldest = data.messages[0];
    if (!oldest) throw new Error('fixture');
    const store = chat.comments({ articleId: 55 });
    const off = store.subscribe(() => undefined);
    await flush(store);
    expect(ids(store.getSnapshot())).not.toContain(oldest.id);
    await store.loadThrough(oldest.id);
    // 73 comments newest first, 25 a page: the oldest is on page 3; pages 1 to 3 are all shown.
    expect(ids(store.getSnapshot())).toEqual(data.messages.map((m) => m.id).reverse());
    expect(store.getSnapshot().hasMore).toBe(false);
    off();
  });

  it('listens to EpisodeCommentsChannel for an episode', async () => {
    const { cable, chat } = commentSetup();
    const store = chat.comments({ episodeId: 9 });
    const off = store.subscribe(() => undefined);
    await flush(store);
    expect(cable.subscriptions()).toEqual([{ channel: 'EpisodeCommentsChannel', params: { episodeId: 9 } }]);
    off();
  });
});
