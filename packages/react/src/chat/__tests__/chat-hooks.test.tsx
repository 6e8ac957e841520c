// The chat hooks on screen: a channel's messages render and follow live pushes, comments show their
// live count, a thread closed (null) watches nothing, the composer reports a visitor's send as
// 'sign-in-needed' without a call, and the channel list loads through the cache.
import type { Message, MessageList } from '@sportspyder/contract';
import { createClient, pickChannel, type SportSpyderClient } from '@sportspyder/core';
import { createFakeCable, type FakeCable, memoryStorage } from '@sportspyder/core/testing';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { SportSpyderProvider } from '../../SportSpyderProvider.js';
import { useChatGate } from '../useChat.js';
import { useChatChannels } from '../useChatChannels.js';
import { useChannelMessages, useChatComposer, useComments, useThread } from '../useChatStores.js';

const BASE = 'http://localhost';
let posts = 0;

function message(id: number, content: string, extra: Partial<Message> = {}): Message {
  return {
    id,
    content,
    user: {
      id: 1,
      username: 'ann',
      displayName: null,
      createdAt: '2024-01-01T00:00:00.000Z',
      chatColor: 'Default',
      chatProBadge: false,
      chatAcceptedRules: true,
      pro: false,
      proState: '',
      proDaysLeft: null,
      proSince: null,
      api: false,
    },
    parentId: null,
    channelId: 12,
    repliesCount: 0,
    messagesCount: 0,
    likesCount: 0,
    article: null,
    episode: null,
    deletedAt: null,
    updatedAt: null,
    ...extra,
  };
}
const list = (messages: Message[]): MessageList => ({
  messages,
  meta: { pagination: { page: 1, perPage: 25, totalCount: messages.length, totalPages: 1 }, likes: [] },
});
const article = { id: 55, title: 'Packers win', finalUrl: 'https://example.com/a' };

const server = setupServer(
  http.get(`${BASE}/api/v1/session`, () =>
    HttpResponse.json({
      session: { id: 's', version: '1', loggedIn: false, user: null, promoTeams: [], exp: null },
    }),
  ),
  http.get(`${BASE}/api/v1/channels/12/messages`, () =>
    HttpResponse.json(list([message(2, 'Go Pack Go'), message(1, 'Kickoff soon')])),
  ),
  http.get(`${BASE}/api/v1/articles/55/messages`, () =>
    HttpResponse.json(list([message(5, 'Nice read', { channelId: null, article })])),
  ),
  http.get(`${BASE}/api/v1/teams/green-bay-packers/channels`, () =>
    HttpResponse.json({
      channels: [
        { id: 12, name: 'Packers', moderators: [], selected: true },
        { id: 13, name: 'Off topic', moderators: [], selected: false },
      ],
      meta: { pagination: { page: 1, perPage: 2, totalCount: 2, totalPages: 1 } },
    }),
  ),
  http.post(`${BASE}/api/v1/channels/12/messages`, () => {
    posts++;
    return HttpResponse.json({}, { status: 500 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => cleanup());
afterAll(() => server.close());

function setup(): { client: SportSpyderClient; cable: FakeCable } {
  const cable = createFakeCable();
  const client = createClient({
    baseUrl: BASE,
    storage: memoryStorage(),
    realtime: cable,
    cookies: () => '',
  });
  return { client, cable };
}

function Channel() {
  const { items, status } = useChannelMessages(12);
  const thread = useThread(null);
  const channels = useChatChannels({ teamId: 'green-bay-packers' });
  const open = pickChannel(channels.data ?? []);
  return (
    <div>
      <p>status {status}</p>
      <p>thread {thread.status}</p>
      <p>open {open?.name ?? '-'}</p>
      <ol>
        {items.map(({ message: m, isNew }) => (
          <li key={m.id}>
            {m.content}
            {isNew ? ' (new)' : ''}
          </li>
        ))}
      </ol>
    </div>
  );
}

it('renders a channel oldest first and follows live messages; a closed thread stays idle', async () => {
  const { client, cable } = setup();
  render(
    <SportSpyderProvider client={client}>
      <Channel />
    </SportSpyderProvider>,
  );
  await screen.findByText('status success');
  expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Kickoff soon', 'Go Pack Go']);
  expect(screen.getByText('thread idle')).toBeTruthy();
  await screen.findByText('open Packers');
  act(() => {
    cable.push('ChatChannel', {
      messages: [message(3, 'Touchdown!', { user: { ...message(0, '').user, id: 4 } })],
    });
  });
  expect(screen.getAllByRole('listitem').at(-1)?.textContent).toBe('Touchdown! (new)');
});

function Comments() {
  const { count } = useComments({ articleId: 55 });
  return <p>{count} comments</p>;
}

it('shows the live comment count', async () => {
  const { client, cable } = setup();
  render(
    <SportSpyderProvider client={client}>
      <Comments />
    </SportSpyderProvider>,
  );
  await screen.findByText('1 comments');
  act(() => {
    cable.push('ArticleCommentsChannel', { messages: [message(6, 'Agreed', { channelId: null, article })] });
  });
  expect(screen.getByText('2 comments')).toBeTruthy();
});

function Composer() {
  const composer = useChatComposer({ channelId: 12 });
  const gate = useChatGate();
  const [outcome, setOutcome] = useState('');
  return (
    <div>
      <p>gate {gate?.status ?? 'open'}</p>
      <button type="button" onClick={async () => setOutcome((await composer.send('hello')).status)}>
        Send
      </button>
      <p>outcome {outcome}</p>
    </div>
  );
}

it("answers a visitor's send with sign-in-needed and sends nothing", async () => {
  const { client } = setup();
  await client.session.refetch();
  render(
    <SportSpyderProvider client={client}>
      <Composer />
    </SportSpyderProvider>,
  );
  expect(screen.getByText('gate sign-in-needed')).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(screen.getByText('outcome sign-in-needed')).toBeTruthy());
  expect(posts).toBe(0);
});
