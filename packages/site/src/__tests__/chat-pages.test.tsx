// The chat screens against msw and the fake cable: the team chat's sliding panes (channel list,
// channel, thread) with their addresses, a new channel closing the thread and reply mode; messages
// as text with safe links; live messages; the signed-out prompt; the rules before a first message;
// like; report (reason 6 with a text, back to reason 1 when closed); delete; the error banner that
// goes after 3 s; a grown reply count highlighted for 3 s; comments on an article with the toast
// and the live count.
import type { FakeCable } from '@sportspyder/core/testing';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ANN, channels, chat, chatHandlers, ME, makeMessage, resetChat } from './chat-backend.js';
import { makeArticle, makeEpisode } from './content-fixtures.js';
import { API, backend, makeUser, server, signedInSession, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

// happy-dom lays nothing out: give the message lists a height so the virtualiser renders rows.
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

const member = (overrides = {}) =>
  signedInSession(makeUser({ id: ME, username: 'demo', chatAcceptedRules: true, ...overrides }));

function seedChannel() {
  const parent = makeMessage({ id: 100, content: 'Go Pack Go! Big one on Sunday.', repliesCount: 1 });
  resetChat([
    parent,
    makeMessage({ id: 101, content: 'Read https://example.com/story. <b>not bold</b>', userId: ANN }),
    makeMessage({ id: 102, content: 'My own take', userId: ME }),
    makeMessage({ id: 103, content: 'Defense has to show up.', parentId: 100 }),
    makeMessage({ id: 200, channelId: 12, content: 'Game day thread is open' }),
  ]);
}

const messageCard = (text: string | RegExp) =>
  screen.getAllByTestId('chat-message').find((el) => el.textContent?.match(text)) as HTMLElement;

describe('team chat', () => {
  it('slides between the channel list, the channel and the thread, each with its address', async () => {
    seedChannel();
    backend.session = member();
    const site = await renderSite('/nfl/green-bay-packers/chat');
    expect(await screen.findByRole('heading', { level: 1, name: 'Green Bay Packers Chat' })).toBeTruthy();
    await screen.findByText('Go Pack Go! Big one on Sunday.');
    const box = screen.getByRole('region', { name: 'Green Bay Packers Chat' });
    expect(box.getAttribute('data-pane')).toBe('channel');
    expect(within(box).getByRole('heading', { name: '# Packers' })).toBeTruthy();

    // The replies count opens the thread: its address, the snippet and the replies.
    fireEvent.click(within(messageCard('Go Pack Go')).getByRole('button', { name: '1 reply' }));
    await waitFor(() => expect(site.path()).toBe('/nfl/green-bay-packers/chat/11/100'));
    expect(box.getAttribute('data-pane')).toBe('thread');
    await screen.findByText('Defense has to show up.');

    // Reply mode on a reply: the tray quotes it (cut at 35 characters).
    fireEvent.click(within(messageCard('Defense has to show up.')).getByRole('button', { name: 'Reply' }));
    expect((await screen.findByText(/Replying to/)).textContent).toContain('Replying to ann_fan');

    // Another channel closes the thread and leaves reply mode.
    fireEvent.click(within(box).getByRole('button', { name: '← Packers' }));
    await waitFor(() => expect(site.path()).toBe('/nfl/green-bay-packers/chat/11'));
    fireEvent.click(within(box).getByRole('button', { name: /Channels/ }));
    expect(box.getAttribute('data-pane')).toBe('channels');
    fireEvent.click(within(box).getByRole('button', { name: '# Game Day' }));
    await waitFor(() => expect(site.path()).toBe('/nfl/green-bay-packers/chat/12'));
    await screen.findByText('Game day thread is open');
    expect(box.getAttribute('data-pane')).toBe('channel');
    expect(screen.queryByText(/Replying to/)).toBeNull();
  });

  it('cuts the channel name in the thread bar at 24 characters (spec 3 §2), the full name kept', async () => {
    seedChannel();
    const long = 'Packers Postgame Reactions and Film Room';
    const original = channels.team[0] as (typeof channels.team)[number];
    channels.team[0] = { ...original, name: long };
    try {
      backend.session = member();
      await renderSite('/nfl/green-bay-packers/chat/11/100');
      const box = await screen.findByRole('region', { name: 'Green Bay Packers Chat' });
      const back = await within(box).findByRole('button', { name: `← ${long}` });
      expect(back.textContent).toBe('← Packers Postgame Reactio…');
    } finally {
      channels.team[0] = original;
    }
  });

  it('shows content as text, links with rel="nofollow ugc noopener", and live messages', async () => {
    seedChannel();
    const site = await renderSite('/nfl/green-bay-packers/chat/11');
    const card = await waitFor(() => messageCard(/not bold/));
    expect(card.querySelector('b')).toBeNull();
    expect(card.textContent).toContain('<b>not bold</b>');
    const link = within(card).getByRole('link', { name: 'https://example.com/story' });
    expect(link.getAttribute('rel')).toBe('nofollow ugc noopener');
    expect(link.getAttribute('href')).toBe('https://example.com/story');

    const cable = site.client.realtime as FakeCable;
    await waitFor(() => expect(cable.isSubscribed('ChatChannel')).toBe(true));
    act(() => {
      cable.push(
        'ChatChannel',
        // A new message's push carries no likes meta (those are like count changes).
        { messages: [makeMessage({ id: 150, content: 'Touchdown!' })] } as never,
        { channelId: 11 },
      );
    });
    expect(await screen.findByText('Touchdown!')).toBeTruthy();
  });

  it('highlights a message whose reply count grew for 3 seconds', async () => {
    seedChannel();
    const site = await renderSite('/nfl/green-bay-packers/chat/11');
    await screen.findByText('Go Pack Go! Big one on Sunday.');
    const cable = site.client.realtime as FakeCable;
    await waitFor(() => expect(cable.isSubscribed('ChatChannel')).toBe(true));
    act(() => {
      cable.push(
        'ChatChannel',
        {
          messages: [makeMessage({ id: 100, content: 'Go Pack Go! Big one on Sunday.', repliesCount: 2 })],
        } as never,
        { channelId: 11 },
      );
    });
    const count = await screen.findByRole('button', { name: '2 replies' });
    expect(count.className).toContain('ss-chat-msg__replies--new');
    await waitFor(
      () =>
        expect(screen.getByRole('button', { name: '2 replies' }).className).not.toContain(
          'ss-chat-msg__replies--new',
        ),
      { timeout: 4000 },
    );
  }, 10_000);

  it('opens the sign-in prompt when a visitor sends or likes', async () => {
    seedChannel();
    await renderSite('/nfl/green-bay-packers/chat');
    await screen.findByText('Go Pack Go! Big one on Sunday.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Message Packers' }), {
      target: { value: 'Hi all' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const prompt = await screen.findByRole('dialog', { name: 'Sign in required' });
    expect(prompt.textContent).toContain('Sign in or join SportSpyder to chat and comment.');
    fireEvent.click(within(prompt).getByRole('button', { name: 'Not now' }));
    fireEvent.click(within(messageCard('Go Pack Go')).getByRole('button', { name: /^Like/ }));
    await screen.findByRole('dialog', { name: 'Sign in required' });
    expect(chat.posts).toEqual([]);
  });

  it('shows the rules before a first message, and sends it once accepted', async () => {
    seedChannel();
    backend.session = member({ chatAcceptedRules: false });
    await renderSite('/nfl/green-bay-packers/chat');
    await screen.findByText('Go Pack Go! Big one on Sunday.');
    fireEvent.change(screen.getByRole('textbox', { name: 'Message Packers' }), {
      target: { value: 'First post!' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const rules = await screen.findByRole('dialog', { name: 'Messaging rules' });
    expect(rules.textContent).toContain('Stay on topic to sports.');
    expect(chat.posts).toEqual([]);
    await act(async () => {
      fireEvent.click(within(rules).getByRole('button', { name: 'I agree' }));
    });
    await waitFor(() => expect(chat.posts.map((p) => p.body.content)).toEqual(['First post!']));
    expect(chat.sessionUpdates).toEqual([{ chatAcceptedRules: true }]);
    expect(await screen.findByText('First post!')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Messaging rules' })).toBeNull();
  });

  it('likes and unlikes, reports with reason 6 and a text (back to reason 1 when closed), deletes its own', async () => {
    seedChannel();
    backend.session = member();
    await renderSite('/nfl/green-bay-packers/chat');
    await screen.findByText('Go Pack Go! Big one on Sunday.');

    const like = () => within(messageCard('Go Pack Go')).getByRole('button', { name: /^Like/ });
    fireEvent.click(like());
    await waitFor(() => expect(like().getAttribute('aria-pressed')).toBe('true'));
    expect(like().getAttribute('aria-label')).toBe('Like, 1 like');
    await waitFor(() => expect(chat.liked.has(100)).toBe(true));
    fireEvent.click(like());
    await waitFor(() => expect(like().getAttribute('aria-pressed')).toBe('false'));
    await waitFor(() => expect(chat.liked.has(100)).toBe(false));

    // The report form: 'Other' with a text, closed, opens again at reason 1.
    fireEvent.click(within(messageCard('Go Pack Go')).getByRole('button', { name: 'Report' }));
    let report = await screen.findByRole('dialog', { name: 'Report message' });
    expect((within(report).getByLabelText('Off topic/not sports related') as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(report).getByLabelText('Other'));
    fireEvent.change(within(report).getByLabelText(/Tell us more/), { target: { value: 'Spoilers' } });
    fireEvent.click(within(report).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(messageCard('Go Pack Go')).getByRole('button', { name: 'Report' }));
    report = await screen.findByRole('dialog', { name: 'Report message' });
    expect((within(report).getByLabelText('Off topic/not sports related') as HTMLInputElement).checked).toBe(
      true,
    );
    expect(within(report).queryByLabelText(/Tell us more/)).toBeNull();
    fireEvent.click(within(report).getByLabelText('Other'));
    fireEvent.change(within(report).getByLabelText(/Tell us more/), { target: { value: 'Spoilers' } });
    await act(async () => {
      fireEvent.click(within(report).getByRole('button', { name: 'Report' }));
    });
    await screen.findByText('Message reported successfully!');
    expect(chat.flags).toEqual([
      expect.objectContaining({ messageId: 100, chatFlagReasonId: 6, message: 'Spoilers' }),
    ]);
    expect(screen.queryByRole('dialog', { name: 'Report message' })).toBeNull();

    // Delete one's own message after the confirmation.
    expect(within(messageCard('Go Pack Go')).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(messageCard('My own take')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this message?' });
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    });
    await screen.findByText('Message deleted successfully!');
    expect(await screen.findByText('This message was deleted')).toBeTruthy();
    expect(chat.deletes).toEqual(['/api/v1/messages/102?channelId=11']);
  });

  it('shows a send refusal in a banner that goes after 3 seconds', async () => {
    seedChannel();
    backend.session = member();
    await renderSite('/nfl/green-bay-packers/chat');
    await screen.findByText('Go Pack Go! Big one on Sunday.');
    chat.refuseNext = { status: 422, code: 'duplicate_content', title: 'Duplicate' };
    fireEvent.change(screen.getByRole('textbox', { name: 'Message Packers' }), {
      target: { value: 'Again' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe('You already sent this message');
    await waitFor(() => expect(screen.queryByText('You already sent this message')).toBeNull(), {
      timeout: 4000,
    });
  }, 10_000);

  it('opens the messaging settings, the identity and the user card as labelled dialogs', async () => {
    seedChannel();
    backend.session = member();
    await renderSite('/nfl/green-bay-packers/chat');
    await screen.findByText('Go Pack Go! Big one on Sunday.');
    fireEvent.click(screen.getByRole('button', { name: 'Messaging settings' }));
    const settings = await screen.findByRole('dialog', { name: 'Messaging settings' });
    fireEvent.click(within(settings).getByRole('button', { name: 'Message identity' }));
    const identity = await screen.findByRole('dialog', { name: 'Message identity' });
    expect((within(identity).getByLabelText('Show my PRO badge') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(identity).getByLabelText('Emerald'));
    await act(async () => {
      fireEvent.click(within(identity).getByRole('button', { name: 'Save' }));
    });
    await waitFor(() => expect(chat.sessionUpdates).toEqual([{ chatColor: 'Emerald', chatProBadge: false }]));
    expect(screen.queryByRole('dialog', { name: 'Message identity' })).toBeNull();

    fireEvent.click(within(messageCard('Go Pack Go')).getByRole('button', { name: 'ann_fan' }));
    const card = await screen.findByRole('dialog', { name: 'ann_fan' });
    expect(card.textContent).toContain('@ann_fan');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'ann_fan' })).toBeNull();
  });
});

describe('messaging settings: the PRO badge', () => {
  it('shows the PRO badge only for a PRO member past trial, not for a member who chose it and is not PRO', async () => {
    seedChannel();
    // The badge was chosen while PRO; the plan ended (or this is a trial): no badge in the preview.
    backend.session = member({ chatProBadge: true, pro: false, proState: '' });
    await renderSite('/nfl/green-bay-packers/chat');
    await screen.findByText('Go Pack Go! Big one on Sunday.');
    fireEvent.click(screen.getByRole('button', { name: 'Messaging settings' }));
    let settings = await screen.findByRole('dialog', { name: 'Messaging settings' });
    expect(within(settings).queryByText('PRO')).toBeNull();
    cleanup();

    backend.session = member({ chatProBadge: true, pro: true, proState: 'trial', proDaysLeft: 3 });
    await renderSite('/nfl/green-bay-packers/chat');
    await screen.findByText('Go Pack Go! Big one on Sunday.');
    fireEvent.click(screen.getByRole('button', { name: 'Messaging settings' }));
    settings = await screen.findByRole('dialog', { name: 'Messaging settings' });
    expect(within(settings).queryByText('PRO')).toBeNull();
    cleanup();

    backend.session = member({ chatProBadge: true, pro: true, proState: 'paid' });
    await renderSite('/nfl/green-bay-packers/chat');
    await screen.findByText('Go Pack Go! Big one on Sunday.');
    fireEvent.click(screen.getByRole('button', { name: 'Messaging settings' }));
    settings = await screen.findByRole('dialog', { name: 'Messaging settings' });
    expect(within(settings).getByText('PRO')).toBeTruthy();
  });
});

describe('message links', () => {
  it('opens the thread of /channels/:channelId/messages/:id and points out ?replyId=', async () => {
    seedChannel();
    await renderSite('/channels/11/messages/100?replyId=103');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chat Message' })).toBeTruthy();
    await screen.findByText('Defense has to show up.');
    expect(messageCard('Defense has to show up.').closest('.ss-chat-linked')).not.toBeNull();
  });
});

describe('links to older messages', () => {
  it('?replyId= of a reply beyond the first page loads down to its page and points it out', async () => {
    const parent = makeMessage({ id: 100, channelId: 11, content: 'Big thread', repliesCount: 60 });
    const replies = Array.from({ length: 60 }, (_, i) =>
      makeMessage({ id: 1000 + i, channelId: 11, parentId: 100, content: `Reply number ${i}` }),
    );
    resetChat([parent, ...replies]);
    await renderSite('/channels/11/messages/100?replyId=1055');
    const linked = await screen.findByText('Reply number 55', {}, { timeout: 3000 });
    expect(linked.closest('.ss-chat-linked')).not.toBeNull();
  });

  it('?messageId= of an old comment loads down to its page and points it out', async () => {
    const episodeRef = { id: 33, title: 'Episode', podcastId: 7, imageUrl: null };
    resetChat(
      Array.from({ length: 60 }, (_, i) =>
        makeMessage({ id: 400 + i, channelId: null, content: `Comment number ${i}`, episode: episodeRef }),
      ),
    );
    server.use(
      http.get(`${API}/api/v1/podcast_episodes/:id`, () =>
        HttpResponse.json({
          podcastEpisode: makeEpisode('Packers pod', { id: 33, messagesCount: 60, suggestions: [] }),
        }),
      ),
    );
    await renderSite('/podcasts/7/episodes/33?messageId=401');
    const linked = await screen.findByText('Comment number 1', {}, { timeout: 3000 });
    expect(linked.closest('.ss-chat-linked')).not.toBeNull();
    // The pages between stay loaded: the list is whole from the newest down to the linked one.
    expect(screen.getByText('Comment number 30')).toBeTruthy();
  });
});

describe('article comments', () => {
  it('posts a comment with the toast and keeps the count live', async () => {
    const article = makeArticle('Packers win', { id: 900 });
    resetChat([
      makeMessage({
        id: 300,
        channelId: null,
        content: 'Great read',
        article: { id: 900, title: 'Packers win', finalUrl: 'https://example.com/a' },
      }),
    ]);
    backend.session = member();
    server.use(
      http.get(`${API}/api/v1/articles/:id`, () => HttpResponse.json({ article })),
      http.get(`${API}/api/v1/articles/:id/articles`, () =>
        HttpResponse.json({
          articles: [],
          meta: { pagination: { page: 1, perPage: 8, totalCount: 0, totalPages: 0 } },
        }),
      ),
    );
    const site = await renderSite('/articles/900');
    expect(await screen.findByRole('heading', { name: '1 Comment' })).toBeTruthy();
    expect(screen.getByText('Great read')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), {
      target: { value: 'Defense won it' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    });
    await screen.findByText('Message posted successfully!');
    expect(await screen.findByRole('heading', { name: '2 Comments' })).toBeTruthy();
    expect(chat.posts).toEqual([
      { path: '/api/v1/articles/900/messages', body: { content: 'Defense won it' } },
    ]);

    // Live: someone else's comment adds one, a deletion takes one off.
    const cable = site.client.realtime as FakeCable;
    const articleRef = { id: 900, title: 'Packers win', finalUrl: 'https://example.com/a' };
    act(() => {
      cable.push(
        'ArticleCommentsChannel',
        { messages: [makeMessage({ id: 310, channelId: null, article: articleRef })] } as never,
        { articleId: 900 },
      );
    });
    expect(await screen.findByRole('heading', { name: '3 Comments' })).toBeTruthy();
    act(() => {
      cable.push(
        'ArticleCommentsChannel',
        {
          messages: [
            makeMessage({
              id: 300,
              channelId: null,
              article: articleRef,
              content: '[Message deleted]',
              deletedAt: '2026-11-24T12:10:00.000Z',
            }),
          ],
        } as never,
        { articleId: 900 },
      );
    });
    expect(await screen.findByRole('heading', { name: '2 Comments' })).toBeTruthy();
  });

  it("opens the sign-in prompt for a visitor's comment", async () => {
    resetChat();
    server.use(
      http.get(`${API}/api/v1/articles/:id`, () =>
        HttpResponse.json({ article: makeArticle('A', { id: 901 }) }),
      ),
      http.get(`${API}/api/v1/articles/:id/articles`, () =>
        HttpResponse.json({
          articles: [],
          meta: { pagination: { page: 1, perPage: 8, totalCount: 0, totalPages: 0 } },
        }),
      ),
    );
    await renderSite('/articles/901');
    await screen.findByRole('heading', { name: '0 Comments' });
    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), {
      target: { value: 'Hello' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in required' })).toBeTruthy();
  });
});

describe('sharing into chat', () => {
  const radios = () =>
    screen.getAllByRole('radio').map((radio) => ({
      name: radio.closest('label')?.textContent,
      checked: (radio as HTMLInputElement).checked,
    }));

  it("offers the article's team channels first, then its sport's, then the general ones", async () => {
    resetChat();
    backend.session = member();
    const packersRef = {
      id: 5,
      slug: 'green-bay-packers',
      sportSlug: 'nfl',
      name: 'Packers',
      shortName: 'GB',
      logo: '/logos/gb.svg',
    };
    server.use(
      http.get(`${API}/api/v1/articles/:id`, () =>
        HttpResponse.json({ article: makeArticle('Packers win', { id: 902, teams: [packersRef] }) }),
      ),
      http.get(`${API}/api/v1/articles/:id/articles`, () =>
        HttpResponse.json({
          articles: [],
          meta: { pagination: { page: 1, perPage: 8, totalCount: 0, totalPages: 0 } },
        }),
      ),
    );
    await renderSite('/articles/902');
    fireEvent.click(await screen.findByRole('button', { name: 'Share in chat' }, { timeout: 5000 }));
    await screen.findByRole('dialog', { name: 'Share article' });
    await waitFor(() => expect(radios().map((r) => r.name)).toEqual(['Packers', 'Game Day', 'General']));
    expect(radios()[0]?.checked).toBe(true);
  });

  it("offers the podcast's team channels first on an episode", async () => {
    resetChat();
    backend.session = member();
    server.use(
      http.get(`${API}/api/v1/podcast_episodes/:id`, () => {
        const episode = makeEpisode('Packers pod', { id: 34, messagesCount: 0, suggestions: [] });
        const team = { id: 5, slug: 'green-bay-packers', sportSlug: 'nfl', logo: '', name: 'Packers' };
        return HttpResponse.json({
          podcastEpisode: {
            ...episode,
            podcast: { ...episode.podcast, teams: [{ ...team, shortName: 'GB', episodes: 3 }], sports: [] },
          },
        });
      }),
    );
    await renderSite('/podcasts/77/episodes/34');
    fireEvent.click(await screen.findByRole('button', { name: 'Share in chat' }, { timeout: 5000 }));
    await screen.findByRole('dialog', { name: 'Share episode' });
    await waitFor(() => expect(radios().map((r) => r.name)).toEqual(['Packers', 'Game Day', 'General']));
    expect(radios()[0]?.checked).toBe(true);
  });
});

describe('episode comments', () => {
  it('starts from the episode count, posts with the toast and counts the new comment', async () => {
    const episodeRef = { id: 33, title: 'Episode', podcastId: 7, imageUrl: null };
    resetChat([makeMessage({ id: 400, channelId: null, content: 'Great episode', episode: episodeRef })]);
    backend.session = member();
    server.use(
      http.get(`${API}/api/v1/podcast_episodes/:id`, () =>
        HttpResponse.json({
          podcastEpisode: makeEpisode('Packers pod', { id: 33, messagesCount: 1, suggestions: [] }),
        }),
      ),
    );
    await renderSite('/podcasts/7/episodes/33?messageId=400');
    expect(await screen.findByRole('heading', { name: '1 Comment' })).toBeTruthy();
    expect((await screen.findByText('Great episode')).closest('.ss-chat-linked')).not.toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Write a comment' }), {
      target: { value: 'Loved it' },
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Post' }));
    });
    await screen.findByText('Message posted successfully!');
    expect(await screen.findByRole('heading', { name: '2 Comments' })).toBeTruthy();
    expect(chat.posts).toEqual([{ path: '/api/v1/episodes/33/messages', body: { content: 'Loved it' } }]);
  });
});
