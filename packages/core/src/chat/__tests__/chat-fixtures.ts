// A small in-memory chat server for the core chat tests: messages in channels, threads and
// comments served by msw with the contract's paging (newest first by default, `after` for the
// catch-up, `sort` for replies), and contract-shaped messages.
import type { Message, MessageList } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { api } from '../../__tests__/fixtures.js';

export const ANN = 1;
export const BOB = 2;
export const ME = 7;

let nextId = 100;

export function makeMessage(overrides: Partial<Message> & { userId?: number } = {}): Message {
  const { userId = ANN, ...rest } = overrides;
  const id = rest.id ?? nextId++;
  return {
    id,
    content: `message ${id}`,
    user: {
      id: userId,
      username: userId === ME ? 'demo' : userId === ANN ? 'ann' : `user${userId}`,
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
    createdAt: '2024-06-01T00:00:00.000Z',
    deletedAt: null,
    updatedAt: null,
    ...rest,
  };
}

/** The server's data: every message, and the ids the member likes. */
export interface ChatData {
  messages: Message[];
  liked: Set<number>;
  requests: string[];
}

export function chatData(): ChatData {
  return { messages: [], liked: new Set(), requests: [] };
}

function page(all: Message[], url: URL, defaultSort: 'asc' | 'desc', data: ChatData): MessageList {
  const after = url.searchParams.get('after');
  const sort = (url.searchParams.get('sort') as 'asc' | 'desc' | null) ?? (after ? 'asc' : defaultSort);
  const perPage = Number(url.searchParams.get('perPage') ?? 25);
  const scoped = all.filter((m) => (after ? m.id > Number(after) : true));
  const ordered = [...scoped].sort((a, b) => (sort === 'asc' ? a.id - b.id : b.id - a.id));
  // `around`: the page that holds the linked message, as the server answers it.
  const around = ordered.findIndex((m) => m.id === Number(url.searchParams.get('around')));
  const pageNo = around >= 0 ? Math.floor(around / perPage) + 1 : Number(url.searchParams.get('page') ?? 1);
  const messages = ordered.slice((pageNo - 1) * perPage, pageNo * perPage);
  return {
    messages,
    meta: {
      pagination: {
        page: pageNo,
        perPage,
        totalCount: scoped.length,
        totalPages: Math.ceil(scoped.length / perPage),
      },
      likes: messages.filter((m) => data.liked.has(m.id)).map((m) => m.id),
    },
  };
}

/** msw handlers serving `data`. */
export function chatHandlers(data: ChatData) {
  const log = (request: Request) => {
    const url = new URL(request.url);
    data.requests.push(`${request.method} ${url.pathname}${url.search}`);
    return url;
  };
  return [
    http.get(api('channels/:channelId/messages'), ({ request, params }) => {
      const url = log(request);
      const all = data.messages.filter(
        (m) => m.channelId === Number(params.channelId) && m.parentId === null,
      );
      return HttpResponse.json(page(all, url, 'desc', data));
    }),
    http.get(api('messages/:messageId/replies'), ({ request, params }) => {
      const url = log(request);
      const all = data.messages.filter((m) => m.parentId === Number(params.messageId));
      return HttpResponse.json(page(all, url, 'asc', data));
    }),
    http.get(api('messages/:id'), ({ request, params }) => {
      log(request);
      const message = data.messages.find((m) => m.id === Number(params.id));
      return message
        ? HttpResponse.json({ message })
        : HttpResponse.json({ errors: [{ title: 'Not found', code: 'not_found' }] }, { status: 404 });
    }),
    http.get(api('articles/:articleId/messages'), ({ request, params }) => {
      const url = log(request);
      const all = data.messages.filter(
        (m) => m.channelId === null && m.article?.id === Number(params.articleId),
      );
      return HttpResponse.json(page(all, url, 'desc', data));
    }),
    http.get(api('episodes/:episodeId/messages'), ({ request, params }) => {
      const url = log(request);
      const all = data.messages.filter(
        (m) => m.channelId === null && m.episode?.id === Number(params.episodeId),
      );
      return HttpResponse.json(page(all, url, 'desc', data));
    }),
  ];
}

/** Ids of a snapshot's items, in display order. */
export const ids = (snapshot: { items: readonly { message: Message }[] }) =>
  snapshot.items.map((i) => i.message.id);

/** Lets msw answer and the stores settle. */
export async function flush(store?: { settled(): Promise<void> }) {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  await store?.settled();
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
}
