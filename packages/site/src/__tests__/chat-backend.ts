// A small chat server for the site's chat tests, served by msw: the Packers' two channels and the
// general one, channel messages (newest first, 25 a page), replies, article comments, likes,
// episode comments, reports, deletes and PUT api/v1/session for the rules, with contract-shaped messages.
import type { Channel, Message, MessageList } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { API, backend, makeUser, signedInSession } from './fixtures.js';

export const ME = 7;
export const ANN = 21;

export const channels: Record<'team' | 'general', Channel[]> = {
  team: [
    { id: 11, name: 'Packers', moderators: [], selected: true },
    { id: 12, name: 'Game Day', moderators: [], selected: false },
  ],
  general: [{ id: 1, name: 'General', moderators: [], selected: true }],
};

let nextId = 500;

export function makeMessage(overrides: Partial<Message> & { userId?: number } = {}): Message {
  const { userId = ANN, ...rest } = overrides;
  const id = rest.id ?? nextId++;
  return {
    id,
    content: `message ${id}`,
    user: {
      id: userId,
      username: userId === ME ? 'demo' : 'ann_fan',
      displayName: null,
      createdAt: '2024-01-01T00:00:00.000Z',
      chatColor: userId === ME ? 'Pine' : 'Cherry',
      chatProBadge: false,
      chatAcceptedRules: true,
      pro: false,
      proState: '',
      proDaysLeft: null,
      proSince: null,
      api: false,
    },
    parentId: null,
    channelId: 11,
    repliesCount: 0,
    messagesCount: 0,
    likesCount: 0,
    article: null,
    episode: null,
    createdAt: '2026-11-24T12:00:00.000Z',
    deletedAt: null,
    updatedAt: null,
    ...rest,
  };
}

export interface ChatBackend {
  messages: Message[];
  liked: Set<number>;
  posts: { path: string; body: Record<string, unknown> }[];
  flags: Record<string, unknown>[];
  deletes: string[];
  sessionUpdates: Record<string, unknown>[];
  /** The next POST answers this error (once). */
  refuseNext: { status: number; code: string; title: string } | null;
}

export const chat: ChatBackend = {
  messages: [],
  liked: new Set(),
  posts: [],
  flags: [],
  deletes: [],
  sessionUpdates: [],
  refuseNext: null,
};

export function resetChat(messages: Message[] = []) {
  chat.messages = messages;
  chat.liked = new Set();
  chat.posts = [];
  chat.flags = [];
  chat.deletes = [];
  chat.sessionUpdates = [];
  chat.refuseNext = null;
}

function list(all: Message[], url: URL, sort: 'asc' | 'desc' = 'desc'): MessageList {
  const after = Number(url.searchParams.get('after') ?? 0);
  const order = (url.searchParams.get('sort') as 'asc' | 'desc' | null) ?? (after ? 'asc' : sort);
  const scoped = all
    .filter((m) => m.id > after)
    .sort((a, b) => (order === 'asc' ? a.id - b.id : b.id - a.id));
  // `around`: the page that holds a linked message, as the server answers it.
  const around = scoped.findIndex((m) => m.id === Number(url.searchParams.get('around')));
  const page = around >= 0 ? Math.floor(around / 25) + 1 : Number(url.searchParams.get('page') ?? 1);
  const messages = scoped.slice((page - 1) * 25, page * 25);
  return {
    messages,
    meta: {
      pagination: { page, perPage: 25, totalCount: scoped.length, totalPages: Math.ceil(scoped.length / 25) },
      likes: messages.filter((m) => chat.liked.has(m.id)).map((m) => m.id),
    },
  };
}

const me = () => backend.session.user;

function authorOf(): Message['user'] {
  const user = me();
  return { ...makeMessage({ userId: ME }).user, id: user?.id ?? ME, username: user?.username ?? 'demo' };
}

async function create(request: Request, fields: Partial<Message>) {
  const body = (await request.json()) as Record<string, unknown>;
  chat.posts.push({ path: new URL(request.url).pathname, body });
  if (!me())
    return HttpResponse.json({ errors: [{ code: 'unauthorized', title: 'Sign in' }] }, { status: 401 });
  if (!me()?.chatAcceptedRules) {
    return HttpResponse.json(
      { errors: [{ code: 'rules_not_accepted', title: 'Please accept the chat rules first' }] },
      { status: 422 },
    );
  }
  if (chat.refuseNext) {
    const { status, code, title } = chat.refuseNext;
    chat.refuseNext = null;
    return HttpResponse.json({ errors: [{ code, title, field: 'content' }] }, { status });
  }
  const message = makeMessage({
    ...fields,
    content: String(body.content),
    parentId: (body.parentId as number | undefined) ?? null,
    user: authorOf(),
  });
  chat.messages.push(message);
  return HttpResponse.json({ message }, { status: 201 });
}

export const chatHandlers = [
  http.get(`${API}/api/v1/teams/:teamId/channels`, () =>
    HttpResponse.json({ channels: channels.team, meta: {} }),
  ),
  http.get(`${API}/api/v1/sports/:sportId/channels`, () =>
    HttpResponse.json({ channels: channels.team.slice(0, 1), meta: {} }),
  ),
  http.get(`${API}/api/v1/chat/channels`, () => HttpResponse.json({ channels: channels.general, meta: {} })),
  http.get(`${API}/api/v1/channels/:channelId`, ({ params }) => {
    const channel = [...channels.team, ...channels.general].find((c) => c.id === Number(params.channelId));
    return channel
      ? HttpResponse.json({ channel: { ...channel, selected: true } })
      : HttpResponse.json({ errors: [] }, { status: 404 });
  }),
  http.get(`${API}/api/v1/channels/:channelId/messages`, ({ params, request }) =>
    HttpResponse.json(
      list(
        chat.messages.filter((m) => m.channelId === Number(params.channelId) && m.parentId === null),
        new URL(request.url),
      ),
    ),
  ),
  http.post(`${API}/api/v1/channels/:channelId/messages`, ({ params, request }) =>
    create(request, { channelId: Number(params.channelId) }),
  ),
  http.get(`${API}/api/v1/messages/:id/replies`, ({ params, request }) =>
    HttpResponse.json(
      list(
        chat.messages.filter((m) => m.parentId === Number(params.id)),
        new URL(request.url),
        'asc',
      ),
    ),
  ),
  http.get(`${API}/api/v1/messages/:id`, ({ params }) => {
    const message = chat.messages.find((m) => m.id === Number(params.id));
    return message ? HttpResponse.json({ message }) : HttpResponse.json({ errors: [] }, { status: 404 });
  }),
  http.delete(`${API}/api/v1/messages/:id`, ({ params, request }) => {
    chat.deletes.push(new URL(request.url).pathname + new URL(request.url).search);
    const message = chat.messages.find((m) => m.id === Number(params.id));
    if (!message) return HttpResponse.json({ errors: [] }, { status: 404 });
    Object.assign(message, { deletedAt: '2026-11-24T12:05:00.000Z', content: '[Message deleted]' });
    return HttpResponse.json({ message });
  }),
  http.post(`${API}/api/v1/messages/:id/likes`, ({ params }) => {
    chat.liked.add(Number(params.id));
    return HttpResponse.json({ like: { id: 1, messageId: Number(params.id) } }, { status: 201 });
  }),
  http.delete(`${API}/api/v1/messages/:id/likes`, ({ params }) => {
    chat.liked.delete(Number(params.id));
    return new HttpResponse(null, { status: 204 });
  }),
  http.post(`${API}/api/v1/messages/:id/flags`, async ({ params, request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    chat.flags.push({ messageId: Number(params.id), ...body });
    return HttpResponse.json(
      {
        flag: {
          id: 1,
          chatMessageId: Number(params.id),
          chatFlagReasonId: body.chatFlagReasonId,
          message: null,
        },
      },
      { status: 201 },
    );
  }),
  http.get(`${API}/api/v1/articles/:articleId/messages`, ({ params, request }) =>
    HttpResponse.json(
      list(
        chat.messages.filter((m) => m.channelId == null && m.article?.id === Number(params.articleId)),
        new URL(request.url),
      ),
    ),
  ),
  http.post(`${API}/api/v1/articles/:articleId/messages`, ({ params, request }) =>
    create(request, {
      channelId: null,
      article: { id: Number(params.articleId), title: 'Packers win', finalUrl: 'https://example.com/a' },
    }),
  ),
  http.get(`${API}/api/v1/episodes/:episodeId/messages`, ({ params, request }) =>
    HttpResponse.json(
      list(
        chat.messages.filter((m) => m.channelId == null && m.episode?.id === Number(params.episodeId)),
        new URL(request.url),
      ),
    ),
  ),
  http.post(`${API}/api/v1/episodes/:episodeId/messages`, ({ params, request }) =>
    create(request, {
      channelId: null,
      episode: { id: Number(params.episodeId), title: 'Episode', podcastId: 7, imageUrl: null },
    }),
  ),
  http.put(`${API}/api/v1/session`, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    chat.sessionUpdates.push(body);
    const user = me();
    if (user) backend.session = signedInSession(makeUser({ ...user, ...body }));
    return HttpResponse.json({ session: backend.session });
  }),
];
