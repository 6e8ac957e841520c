/**
 * @vitest-environment-options {"settings":{"disableIframePageLoading":true,"disableJavaScriptFileLoading":true}}
 */
// The chat embed's frame (Preact, happy-dom, the API on msw): it opens at the newest messages (the
// list scrolled to its bottom, as the site's chat), and it offers Delete where the server allows it:
// an admin and the channel's moderators on anyone's message, a member on their own only, a visitor
// nowhere; Delete asks once more inline, then sends `DELETE api/v1/messages/:id`.
import type { Message, Session, User } from '@sportspyder/contract';
import { createClient } from '@sportspyder/core';
import { createFakeCable, memoryStorage } from '@sportspyder/core/testing';
import { HttpResponse, http } from 'msw';
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ORIGIN, server, waitFor } from '../../headline/__tests__/helpers.js';
import { ChatFrame, FRAME_TEXTS } from '../ChatFrame.js';
import type { FrameClient } from '../frame-client.js';

const ANN = 2;
const MOD = 9;
const ME = 7;

function message(id: number, userId = ANN): Message {
  return {
    id,
    content: `message ${id}`,
    user: {
      id: userId,
      username: userId === ANN ? 'ann' : `user${userId}`,
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
    channelId: 11,
    repliesCount: 0,
    messagesCount: 0,
    likesCount: 0,
    article: null,
    episode: null,
    createdAt: '2026-12-01T10:00:00.000Z',
    deletedAt: null,
    updatedAt: null,
  };
}

function sessionOf(user: Partial<User> | null): Session {
  return {
    id: 's',
    version: '1',
    loggedIn: user !== null,
    user: user ? ({ username: 'me', chatAcceptedRules: true, admin: false, ...user } as User) : null,
    promoTeams: [],
    exp: null,
  };
}

let session = sessionOf(null);
let deleted: string[] = [];
// 30 messages, oldest first on screen (the API answers newest first).
const messages = Array.from({ length: 30 }, (_, i) => message(i + 1, i === 29 ? ME : ANN));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  session = sessionOf(null);
  deleted = [];
  server.use(
    http.get(`${ORIGIN}/api/v1/session`, () => HttpResponse.json({ session })),
    http.get(`${ORIGIN}/api/v1/teams/:team/channels`, () =>
      HttpResponse.json({
        channels: [{ id: 11, name: 'Packers', moderators: [MOD], selected: true }],
        meta: {},
      }),
    ),
    http.get(`${ORIGIN}/api/v1/channels/:channelId/messages`, () =>
      HttpResponse.json({
        messages: [...messages].reverse(),
        meta: { pagination: { page: 1, perPage: 50, totalPages: 1, totalCount: 30 }, likes: [] },
      }),
    ),
    http.delete(`${ORIGIN}/api/v1/messages/:id`, ({ params, request }) => {
      deleted.push(`${params.id}?${new URL(request.url).searchParams}`);
      const gone = messages.find((m) => m.id === Number(params.id)) as Message;
      return HttpResponse.json({ message: { ...gone, content: '', deletedAt: '2026-12-01T11:00:00.000Z' } });
    }),
  );
});
afterEach(() => {
  render(null, document.body);
  server.resetHandlers();
  document.body.innerHTML = '';
});

// happy-dom lays nothing out: the list is 360 px high and its content 30 rows of 40 px.
const heights = {
  scrollHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight'),
  clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  scrollTop: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollTop'),
};
const scrolled = new WeakMap<Element, number>();
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get(this: Element) {
      return scrolled.get(this) ?? 0;
    },
    set(this: Element, value: number) {
      scrolled.set(this, value);
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: Element) {
      return this.classList.contains('ss-list') ? this.querySelectorAll('li').length * 40 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: Element) {
      return this.classList.contains('ss-list') ? 360 : 0;
    },
  });
});
afterAll(() => {
  for (const [name, descriptor] of Object.entries(heights))
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
});

async function openFrame(signedIn: boolean) {
  const client = createClient({
    baseUrl: ORIGIN,
    storage: memoryStorage(),
    realtime: createFakeCable(),
    cookies: () => '',
    location: () => `${ORIGIN}/embed/chat`,
  });
  const frame: FrameClient = { client, signedIn: () => signedIn, exchange: async () => undefined };
  const root = document.createElement('div');
  document.body.appendChild(root);
  await act(() => {
    render(
      h(ChatFrame, {
        frame,
        params: { sport: 'nfl', team: 'green-bay-packers', channel: null, parent: ORIGIN },
      }),
      root,
    );
  });
  await until(() => root.querySelectorAll('[data-testid=chat-message]').length === 30);
  await act(async () => {
    await client.session.load().catch(() => undefined);
  });
  return root;
}

const until = (check: () => boolean) =>
  waitFor(() => {
    if (!check()) throw new Error('not yet');
  });

const rowOf = (root: HTMLElement, id: number) =>
  [...root.querySelectorAll<HTMLElement>('[data-testid=chat-message]')].find((row) =>
    row.textContent?.includes(`message ${id}`),
  ) as HTMLElement;
const buttonsIn = (el: HTMLElement) => [...el.querySelectorAll('button')].map((b) => b.textContent);

describe('the chat embed frame', () => {
  it('opens at the newest messages: the list scrolled to its bottom', async () => {
    const root = await openFrame(false);
    const list = root.querySelector<HTMLElement>('.ss-list')!;
    expect(list.scrollHeight).toBe(1200);
    expect(list.scrollTop).toBe(list.scrollHeight);
    // The newest message is the last row.
    expect([...list.querySelectorAll('[data-testid=chat-message]')].at(-1)?.textContent).toContain(
      'message 30',
    );
  });

  it('offers Delete to a visitor nowhere, and to a member on their own messages only', async () => {
    let root = await openFrame(false);
    expect(root.textContent).not.toContain(FRAME_TEXTS.delete);
    render(null, root);
    session = sessionOf({ id: ME });
    root = await openFrame(true);
    await until(() => buttonsIn(rowOf(root, 30)).includes(FRAME_TEXTS.delete));
    expect(buttonsIn(rowOf(root, 29))).not.toContain(FRAME_TEXTS.delete);
  });

  it.each([
    ['an admin', { id: 3, admin: true }],
    ["the channel's moderator", { id: MOD }],
  ])("gives %s Delete on others' messages, confirmed inline, then deleted", async (_label, user) => {
    session = sessionOf(user);
    const root = await openFrame(true);
    await until(() => buttonsIn(rowOf(root, 12)).includes(FRAME_TEXTS.delete));
    const ask = [...rowOf(root, 12).querySelectorAll('button')].find(
      (b) => b.textContent === FRAME_TEXTS.delete,
    )!;
    await act(() => ask.click());
    const question = rowOf(root, 12).querySelector<HTMLElement>('[role=group]')!;
    expect(question.getAttribute('aria-label')).toBe(FRAME_TEXTS.confirmDelete);
    expect(deleted).toEqual([]);
    const confirm = [...question.querySelectorAll('button')].find(
      (b) => b.textContent === FRAME_TEXTS.delete,
    )!;
    await act(() => confirm.click());
    await until(() => deleted.length === 1);
    expect(deleted).toEqual(['12?channelId=11']);
    // The row reads as deleted, with nothing left to delete.
    await until(() => !root.textContent?.includes('message 12'));
    expect(buttonsIn(rowOf(root, 13))).toContain(FRAME_TEXTS.delete);
  });
});
