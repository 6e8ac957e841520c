// Moderation on the site (issue 48) against msw: an admin gets Delete on others' messages in a team
// channel whose moderators list is empty and on article comments; a channel's moderator gets Delete on
// a message link, which shows the channel's real name; a member still gets Report. /admin: a member
// gets the 403 page; an admin sees the queue with reasons, reporters and context, a report pushed
// while the page is open, and Delete posts the action and takes the item away.
import type { ModerationItem } from '@sportspyder/contract';
import type { FakeCable } from '@sportspyder/core/testing';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANN, channels, chatHandlers, ME, makeMessage, resetChat } from './chat-backend.js';
import { makeArticle } from './content-fixtures.js';
import { API, backend, makeUser, server, signedInSession, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains('ss-chat-list__scroller') ? 480 : 0;
    },
  });
});
afterAll(() => {
  server.close();
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});
beforeEach(() => {
  backend.session = signedOutSession;
  backend.sessionDelay = null;
  backend.requests = [];
  sessionStorage.clear();
  server.use(...chatHandlers);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

const signIn = (overrides = {}) =>
  signedInSession(makeUser({ id: ME, username: 'demo', chatAcceptedRules: true, ...overrides }));

const messageCard = (text: string | RegExp) =>
  screen.getAllByTestId('chat-message').find((el) => el.textContent?.match(text)) as HTMLElement;

function seed() {
  resetChat([
    makeMessage({ id: 100, content: 'Something rude', userId: ANN }),
    makeMessage({ id: 101, content: 'A reply to it', parentId: 100, userId: ANN }),
  ]);
}

describe('Delete for admins and moderators', () => {
  it('offers an admin Delete on another member’s message in a team channel with no moderators', async () => {
    seed();
    backend.session = signIn({ admin: true });
    await renderSite('/nfl/green-bay-packers/chat');
    await screen.findByText('Something rude');
    const card = messageCard('Something rude');
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it('offers a member only Report on another member’s message', async () => {
    seed();
    backend.session = signIn({ admin: false });
    await renderSite('/nfl/green-bay-packers/chat');
    await screen.findByText('Something rude');
    const card = messageCard('Something rude');
    expect(within(card).getByRole('button', { name: 'Report' })).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('gives a channel’s moderator Delete on a message link, which shows the channel’s real name', async () => {
    seed();
    backend.session = signIn({ admin: false });
    server.use(
      http.get(`${API}/api/v1/channels/:channelId`, () =>
        HttpResponse.json({ channel: { ...channels.team[0], moderators: [ME], selected: true } }),
      ),
    );
    await renderSite('/channels/11/messages/100');
    await screen.findByText('A reply to it');
    expect(await screen.findByRole('button', { name: '← Packers' })).toBeTruthy();
    expect(within(messageCard('A reply to it')).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('offers an admin Delete on article comments', async () => {
    const article = makeArticle('Packers win', { id: 900 });
    resetChat([
      makeMessage({
        id: 300,
        channelId: null,
        content: 'A nasty comment',
        userId: ANN,
        article: { id: 900, title: 'Packers win', finalUrl: 'https://example.com/a' },
      }),
    ]);
    server.use(
      http.get(`${API}/api/v1/articles/:id`, () => HttpResponse.json({ article })),
      http.get(`${API}/api/v1/articles/:id/articles`, () =>
        HttpResponse.json({
          articles: [],
          meta: { pagination: { page: 1, perPage: 8, totalCount: 0, totalPages: 0 } },
        }),
      ),
    );
    backend.session = signIn({ admin: true });
    await renderSite('/articles/900');
    await screen.findByText('A nasty comment');
    expect(within(messageCard('A nasty comment')).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});

function queueItem(id: number, content: string, reportedAt: string): ModerationItem {
  const message = makeMessage({ id, content, userId: ANN });
  return {
    message,
    place: { channel: { id: 11, name: 'Packers' }, article: null, episode: null },
    context: [makeMessage({ id: id - 1, content: `Before ${content}`, userId: ME })],
    reports: [
      {
        id: id * 10,
        reasonId: 6,
        text: 'Insults a player',
        reporter: { id: 30, username: 'rita' },
        createdAt: reportedAt,
      },
    ],
    lastReportedAt: reportedAt,
    authorBannedUntil: null,
  };
}

describe('/admin', () => {
  it('shows a member the 403 page', async () => {
    backend.session = signIn({ admin: false });
    await renderSite('/admin');
    await screen.findByRole('heading', { level: 1, name: "You don't have access to this page" });
  });

  it('shows an admin the queue, a report arriving live, and deletes', async () => {
    backend.session = signIn({ admin: true });
    const actions: unknown[] = [];
    server.use(
      http.get(`${API}/api/v1/admin/reports`, () =>
        HttpResponse.json({ items: [queueItem(700, 'First bad message', '2026-11-24T12:00:00.000Z')] }),
      ),
      http.post(`${API}/api/v1/admin/reports/:messageId/actions`, async ({ params, request }) => {
        const body = (await request.json()) as { action: string };
        actions.push({ messageId: Number(params.messageId), ...body });
        return HttpResponse.json({
          action: {
            id: 1,
            action: body.action,
            messageId: Number(params.messageId),
            targetUser: { id: ANN, username: 'ann_fan' },
            moderator: { id: ME, username: 'demo' },
            bannedUntil: null,
            createdAt: '2026-11-24T12:10:00.000Z',
          },
        });
      }),
    );
    const site = await renderSite('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sources' }).getAttribute('href')).toBe('/admin/sources');
    await screen.findByText('First bad message');
    expect(screen.getByText(/Other: “Insults a player” — reported by rita/)).toBeTruthy();
    expect(screen.getByText(/Before First bad message/)).toBeTruthy();

    const cable = site.client.realtime as FakeCable;
    await waitFor(() => expect(cable.isSubscribed('AdminModerationChannel')).toBe(true));
    act(() => {
      cable.push('AdminModerationChannel', {
        type: 'report',
        item: queueItem(800, 'Newer bad message', '2026-11-24T12:30:00.000Z'),
      });
    });
    await screen.findByText('Newer bad message');
    const items = screen.getAllByTestId('moderation-item');
    expect(items[0]?.textContent).toContain('Newer bad message');

    await act(async () => {
      fireEvent.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Delete' }));
    });
    await waitFor(() => expect(screen.queryByText('First bad message')).toBeNull());
    expect(actions).toEqual([{ messageId: 700, action: 'delete' }]);
  });
});
