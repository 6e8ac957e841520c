// The member's chat actions: sending with the can-send-at cooldown and the 3 s error banner (the
// server's texts as given, 'You already sent this message' for duplicate_content), the rules gate
// and accepting the rules, visitors getting 'sign-in-needed', optimistic likes put back on refusal,
// reports and deletions with their toasts.
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, makeClient, makeUser, server, signedIn, signedOut } from '../../__tests__/fixtures.js';
import { chatFor } from '../chat.js';
import {
  DUPLICATE_CONTENT_TEXT,
  MESSAGE_DELETED_TOAST,
  MESSAGE_POSTED_TOAST,
  MESSAGE_REPORTED_TOAST,
} from '../chat-texts.js';
import { chatData, chatHandlers, flush, ME, makeMessage } from './chat-fixtures.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

const article = { id: 55, title: 'Packers win', finalUrl: 'https://example.com/a' };

async function member(overrides: Parameters<typeof makeUser>[0] = {}) {
  let user = makeUser({ id: ME, chatAcceptedRules: true, ...overrides });
  const data = chatData();
  server.use(
    ...chatHandlers(data),
    http.get(api('session'), () => HttpResponse.json(signedIn(user))),
    http.put(api('session'), async ({ request }) => {
      user = { ...user, ...((await request.json()) as object) };
      return HttpResponse.json(signedIn(user));
    }),
  );
  const made = makeClient();
  await made.client.session.refetch();
  return { ...made, data, chat: chatFor(made.client) };
}

describe('sending', () => {
  it('blocks the next send until the can-send-at time, and shows a message at once in its channel', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { chat, data } = await member();
    const bodies: unknown[] = [];
    server.use(
      http.post(api('channels/12/messages'), async ({ request }) => {
        bodies.push(await request.json());
        const message = makeMessage({ userId: ME, content: 'Go Pack Go!' });
        data.messages.push(message);
        return HttpResponse.json({ message }, { status: 201 });
      }),
    );
    const list = chat.channelMessages(12);
    const off = list.subscribe(() => undefined);
    await flush(list);
    const composer = chat.composer({ channelId: 12 });
    const first = await composer.send('  Go Pack Go!  ');
    expect(first.status).toBe('done');
    expect(bodies).toEqual([{ content: 'Go Pack Go!' }]);
    expect(list.getSnapshot().items.at(-1)?.message.content).toBe('Go Pack Go!');
    expect(composer.getSnapshot().coolingDown).toBe(true);
    expect(composer.getSnapshot().canSendAt).toBe(Date.now() + 5000);

    const second = await composer.send('again');
    expect(second.status).toBe('cooldown');
    expect(bodies).toHaveLength(1);
    vi.advanceTimersByTime(5000);
    expect(composer.getSnapshot().coolingDown).toBe(false);
    off();
  });

  it("shows the server's cooldown text as given for 3 s and learns its limit and Retry-After", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { chat } = await member();
    server.use(
      http.post(api('channels/12/messages'), () =>
        HttpResponse.json(
          { errors: [{ code: 'rate_limited', title: 'You can send a message every 8 secs' }] },
          { status: 429, headers: { 'Retry-After': '6' } },
        ),
      ),
    );
    const composer = chat.composer({ channelId: 12 });
    const outcome = await composer.send('hello');
    expect(outcome).toMatchObject({ status: 'cooldown', error: 'You can send a message every 8 secs' });
    expect(composer.getSnapshot().error).toBe('You can send a message every 8 secs');
    expect(composer.getSnapshot().canSendAt).toBe(Date.now() + 6000);
    expect(composer.getSnapshot().limitSeconds).toBe(8);
    vi.advanceTimersByTime(2999);
    expect(composer.getSnapshot().error).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(composer.getSnapshot().error).toBeNull();
  });

  it("reads 'You already sent this message' for duplicate_content; sends nothing empty or over 300", async () => {
    const { chat } = await member();
    let posts = 0;
    server.use(
      http.post(api('channels/12/messages'), () => {
        posts++;
        return HttpResponse.json(
          { errors: [{ code: 'duplicate_content', field: 'content', title: 'Duplicate' }] },
          { status: 422 },
        );
      }),
    );
    const composer = chat.composer({ channelId: 12, parentId: 40 });
    expect((await composer.send('   \n ')).status).toBe('invalid');
    expect((await composer.send('x'.repeat(301))).status).toBe('invalid');
    expect(posts).toBe(0);
    const outcome = await composer.send('same again');
    expect(outcome).toMatchObject({ status: 'failed', error: DUPLICATE_CONTENT_TEXT });
    expect(composer.getSnapshot().error).toBe(DUPLICATE_CONTENT_TEXT);
    expect(composer.getSnapshot().coolingDown).toBe(false);
  });

  it('posts a comment, counts it and toasts', async () => {
    const { chat, client, data } = await member();
    server.use(
      http.post(api('articles/55/messages'), () => {
        const message = makeMessage({ userId: ME, channelId: null, article });
        data.messages.push(message);
        return HttpResponse.json({ message }, { status: 201 });
      }),
    );
    const comments = chat.comments({ articleId: 55 });
    const off = comments.subscribe(() => undefined);
    await flush(comments);
    expect((await chat.composer({ articleId: 55 }).send('Nice')).status).toBe('done');
    expect(comments.getSnapshot().count).toBe(1);
    expect(client.toasts.getSnapshot().map((t) => t.text)).toContain(MESSAGE_POSTED_TOAST);
    off();
  });
});

describe('the rules gate and visitors', () => {
  it('asks for the rules first; accepting puts chatAcceptedRules and refetches the session', async () => {
    const { chat, client } = await member({ chatAcceptedRules: false });
    let posted = false;
    server.use(
      http.post(api('channels/12/messages'), () => {
        posted = true;
        return HttpResponse.json({ message: makeMessage({ userId: ME }) }, { status: 201 });
      }),
    );
    expect(chat.gate()).toEqual({ status: 'rules-needed' });
    expect((await chat.composer({ channelId: 12 }).send('hi')).status).toBe('rules-needed');
    expect((await chat.toggleLike(5)).status).toBe('rules-needed');
    expect(posted).toBe(false);
    expect((await chat.acceptRules()).status).toBe('done');
    expect(client.session.getSnapshot().user?.chatAcceptedRules).toBe(true);
    expect(chat.gate()).toBeNull();
    expect((await chat.composer({ channelId: 12 }).send('hi')).status).toBe('done');
  });

  it('answers rules-needed when the server refuses for the rules', async () => {
    const { chat } = await member();
    server.use(
      http.post(api('channels/12/messages'), () =>
        HttpResponse.json(
          { errors: [{ code: 'rules_not_accepted', title: 'Please accept' }] },
          { status: 403 },
        ),
      ),
    );
    expect((await chat.composer({ channelId: 12 }).send('hi')).status).toBe('rules-needed');
  });

  it('answers sign-in-needed to a visitor for every action, without a call', async () => {
    server.use(http.get(api('session'), () => HttpResponse.json(signedOut())));
    const { client } = makeClient();
    await client.session.refetch();
    const chat = chatFor(client);
    const message = makeMessage();
    expect((await chat.composer({ channelId: 12 }).send('hi')).status).toBe('sign-in-needed');
    expect((await chat.toggleLike(message.id)).status).toBe('sign-in-needed');
    expect((await chat.report(message.id, { reasonId: 1 })).status).toBe('sign-in-needed');
    expect((await chat.deleteMessage(message)).status).toBe('sign-in-needed');
    expect((await chat.acceptRules()).status).toBe('sign-in-needed');
  });
});

describe('likes, reports, deletions', () => {
  it('likes at once and puts the like back when the server refuses', async () => {
    const { chat, data } = await member();
    const message = makeMessage({ likesCount: 2 });
    data.messages.push(message);
    let fail = false;
    server.use(
      http.post(api(`messages/${message.id}/likes`), () =>
        fail
          ? HttpResponse.json(
              { errors: [{ code: 'invalid', title: 'This message was deleted' }] },
              { status: 422 },
            )
          : HttpResponse.json({ like: { id: 1, messageId: message.id } }, { status: 201 }),
      ),
      http.delete(api(`messages/${message.id}/likes`), () =>
        HttpResponse.json({ like: { id: 1, messageId: message.id } }),
      ),
    );
    const list = chat.channelMessages(12);
    const off = list.subscribe(() => undefined);
    await flush(list);
    const item = () => list.getSnapshot().items[0];

    const liking = chat.toggleLike(message.id);
    expect(item()).toMatchObject({ liked: true, message: { likesCount: 3 } });
    expect(await liking).toEqual({ status: 'done', value: true });
    expect(await chat.toggleLike(message.id)).toEqual({ status: 'done', value: false });
    expect(item()).toMatchObject({ liked: false, message: { likesCount: 2 } });

    fail = true;
    const refused = chat.toggleLike(message.id);
    expect(item()?.liked).toBe(true);
    expect(await refused).toMatchObject({ status: 'failed', error: 'This message was deleted' });
    expect(item()).toMatchObject({ liked: false, message: { likesCount: 2 } });
    off();
  });

  it("reports with the reason, the 'Other' text and the device hash, then toasts", async () => {
    const { chat, client } = await member();
    let body: unknown;
    server.use(
      http.post(api('messages/9/flags'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { flag: { id: 1, chatMessageId: 9, chatFlagReasonId: 6, message: 'spam links' } },
          { status: 201 },
        );
      }),
    );
    expect((await chat.report(9, { reasonId: 6, text: ' spam links ' })).status).toBe('done');
    expect(body).toEqual({ chatFlagReasonId: 6, message: 'spam links', hash: client.deviceHash });
    expect(client.toasts.getSnapshot().map((t) => t.text)).toContain(MESSAGE_REPORTED_TOAST);
    expect((await chat.report(9, { reasonId: 6, text: 'x'.repeat(201) })).status).toBe('invalid');
  });

  it('deletes a message in every list at once and toasts; an episode comment by its own path', async () => {
    const { chat, client, data } = await member();
    const mine = makeMessage({ userId: ME });
    data.messages.push(mine);
    const deleted = { ...mine, content: '[Message deleted]', deletedAt: '2024-06-03T00:00:00.000Z' };
    const calls: string[] = [];
    server.use(
      http.delete(api(`messages/${mine.id}`), ({ request }) => {
        calls.push(new URL(request.url).search);
        return HttpResponse.json({ message: deleted });
      }),
      http.delete(api('episodes/9/messages/77'), () => {
        calls.push('episode');
        return HttpResponse.json({ message: makeMessage({ id: 77, channelId: null, deletedAt: 'x' }) });
      }),
    );
    const list = chat.channelMessages(12);
    const off = list.subscribe(() => undefined);
    await flush(list);
    expect((await chat.deleteMessage(mine)).status).toBe('done');
    expect(calls).toEqual(['?channelId=12']);
    expect(list.getSnapshot().items[0]?.message.deletedAt).not.toBeNull();
    expect(client.toasts.getSnapshot().map((t) => t.text)).toContain(MESSAGE_DELETED_TOAST);
    const episode = { id: 9, title: 'Ep', podcastId: 3, imageUrl: null };
    await chat.deleteMessage({ id: 77, channelId: null, article: null, episode });
    expect(calls).toEqual(['?channelId=12', 'episode']);
    off();
  });
});
