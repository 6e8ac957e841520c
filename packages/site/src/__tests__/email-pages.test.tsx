// The e-mail preference pages and /notifications against msw: an unsubscribe page PUTs the flag once
// it has opened and shows the toggles; unsubscribe-all disables the others; the frequency switch with
// its toast; a converted subscriber goes to the member pages; an unknown link; the notifications list
// marks read and refetches the session, or shows the empty state with its hint.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API, backend, makeUser, server, signedInSession, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  backend.sessionDelay = null;
  backend.requests = [];
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

const HASH = 'AbCdEfGhIjKlMnOpQrStUv';
const baseAccount = {
  email: 'fan@example.com',
  unsubscribeAll: false,
  emailMessageReplies: true,
  emailMessageMentions: true,
  emailMessageThreads: true,
  emailMessageLikes: true,
  emailEggNewArticle: true,
  emailPodcastNewEpisodes: true,
  emailPodcastRecommendations: true,
  emailNewsletterRecap: true,
  emailNewsletterRecapFrequency: 'weekly',
  emailProduct: true,
};

function accountBackend() {
  let account = { ...baseAccount };
  const puts: Record<string, unknown>[] = [];
  server.use(
    http.get(`${API}/api/v1/email/accounts/${HASH}`, () =>
      HttpResponse.json({
        emailAccount: account,
        meta: { recapPreview: `/email/newsletter/preview/${HASH}` },
      }),
    ),
    http.put(`${API}/api/v1/email/accounts/${HASH}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push(body);
      account = { ...account, ...body };
      if (body.unsubscribeAll === true)
        for (const key of Object.keys(account))
          if (key.startsWith('email') && key !== 'emailNewsletterRecapFrequency')
            (account as Record<string, unknown>)[key] = false;
      return HttpResponse.json({ emailAccount: account, meta: { recapPreview: null } });
    }),
  );
  return { puts };
}

describe('e-mail preference pages', () => {
  it('the newsletter unsubscribe page turns the recap off with a PUT once open, then shows the toggles', async () => {
    const { puts } = accountBackend();
    await renderSite(`/email/newsletter/unsubscribe/${HASH}`);
    expect(
      await screen.findByText(/fan@example.com is unsubscribed from the team recap newsletter/),
    ).toBeTruthy();
    expect(puts).toEqual([{ emailNewsletterRecap: false }]);
    const recap = screen.getByRole('checkbox', { name: 'Team recap newsletter' }) as HTMLInputElement;
    expect(recap.checked).toBe(false);
    fireEvent.click(recap);
    expect(await screen.findByText('Email preferences updated successfully!')).toBeTruthy();
    expect(puts.at(-1)).toEqual({ emailNewsletterRecap: true });
  });

  it('a notification unsubscribe link turns off its type only; unsubscribe-all disables the other toggles', async () => {
    const { puts } = accountBackend();
    await renderSite(`/email/notifications/unsubscribe/${HASH}?type=message_likes`);
    // The confirmation names the type unsubscribed from (spec 3 §2).
    await screen.findByText(/is unsubscribed from "Likes of my messages" emails\./);
    expect(puts).toEqual([{ emailMessageLikes: false }]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Unsubscribe from all emails' }));
    await screen.findByText('Email preferences updated successfully!');
    // The toast shows as the PUT answers; the server's flags reach the boxes in the render after it.
    const replies = screen.getByRole('checkbox', { name: 'Replies to my messages' }) as HTMLInputElement;
    await waitFor(() => expect(replies.checked).toBe(false));
    expect(replies.disabled).toBe(true);
    expect(
      (screen.getByRole('checkbox', { name: 'Unsubscribe from all emails' }) as HTMLInputElement).disabled,
    ).toBe(false);
  });

  it('the frequency page switches between weekly and daily with its toast', async () => {
    const { puts } = accountBackend();
    await renderSite(`/email/newsletter/frequency/${HASH}`);
    const daily = (await screen.findByRole('radio', { name: 'Daily' })) as HTMLInputElement;
    expect((screen.getByRole('radio', { name: 'Weekly' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(daily);
    expect(await screen.findByText('Newsletter frequency updated successfully!')).toBeTruthy();
    expect(puts).toEqual([{ emailNewsletterRecapFrequency: 'daily' }]);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Preview your recap' }).getAttribute('href')).toBe(
      `/email/newsletter/preview/${HASH}`,
    );
  });

  it('a subscriber who became a member goes to the member pages; an unknown link says so', async () => {
    accountBackend();
    server.use(
      http.get(`${API}/api/v1/subscribers/SubscriberHash01234567`, () =>
        HttpResponse.json({
          subscriber: {
            id: 1,
            email: 'fan@example.com',
            hash: 'SubscriberHash01234567',
            frequency: 'weekly',
            converted: true,
            bounced: false,
            complained: false,
            subscribed: true,
            unsubscribeAll: false,
            team: { id: 5, name: 'Green Bay Packers' },
            user: { id: 9, hash: HASH },
          },
        }),
      ),
      http.get(`${API}/api/v1/subscribers/Unknown0123456789abcde`, () =>
        HttpResponse.json({ errors: [{ code: 'not_found', title: 'x' }] }, { status: 404 }),
      ),
    );
    const { router } = await renderSite('/email/subscriber/preferences/SubscriberHash01234567');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/email/newsletter/preferences/${HASH}`));
    expect(await screen.findByText('Preferences for fan@example.com')).toBeTruthy();
    cleanup();
    await renderSite('/email/subscriber/unsubscribe/Unknown0123456789abcde');
    expect(await screen.findByText(/This link is not valid/)).toBeTruthy();
  });
});

describe('subscriber pages', () => {
  it('the unsubscribe page unsubscribes once open and links to /join/:hash, which prefills the e-mail', async () => {
    const puts: unknown[] = [];
    const subscriber = {
      id: 2,
      email: 'reader@example.com',
      hash: 'ReaderHash0123456789ab',
      frequency: 'weekly',
      converted: false,
      bounced: false,
      complained: false,
      subscribed: true,
      unsubscribeAll: false,
      team: { id: 5, name: 'Green Bay Packers' },
      user: null,
    };
    server.use(
      http.get(`${API}/api/v1/subscribers/ReaderHash0123456789ab`, () => HttpResponse.json({ subscriber })),
      http.put(`${API}/api/v1/subscribers/ReaderHash0123456789ab`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push(body);
        return HttpResponse.json({ subscriber: { ...subscriber, ...body } });
      }),
    );
    const { router } = await renderSite('/email/subscriber/unsubscribe/ReaderHash0123456789ab');
    expect(
      await screen.findByText(/reader@example.com is unsubscribed from the Green Bay Packers recap/),
    ).toBeTruthy();
    expect(puts).toEqual([{ subscribed: false }]);
    expect(
      (screen.getByRole('checkbox', { name: 'Green Bay Packers recap newsletter' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Create a free account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/join/ReaderHash0123456789ab'));
    await waitFor(() =>
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('reader@example.com'),
    );
  });
});

describe('/notifications', () => {
  it('lists the notifications and marks them read, refetching the session; a live push brings new ones', async () => {
    backend.session = signedInSession(makeUser({ notificationsCount: 2 }));
    const item = (id: number, event: string) => ({
      id,
      type: 'podcast_new_episodes',
      event,
      readAt: null,
      createdAt: '2026-11-24T10:00:00Z',
      messagesCount: 0,
      message: null,
      episode: { id: 7, title: `Week ${id} preview`, podcastId: 3, imageUrl: null },
      article: null,
    });
    let notifications = [item(1, 'New episode of Pack Talk')];
    const reads: unknown[] = [];
    server.use(
      http.get(`${API}/api/v1/profile/notifications`, () =>
        HttpResponse.json({
          notifications,
          meta: { pagination: { page: 1, perPage: 25, totalPages: 1, totalCount: notifications.length } },
        }),
      ),
      http.put(`${API}/api/v1/profile/account`, async ({ request }) => {
        reads.push(await request.json());
        backend.session = signedInSession(makeUser({ notificationsCount: 0 }));
        return HttpResponse.json({ account: {} });
      }),
    );
    const { client } = await renderSite('/notifications');
    expect(await screen.findByText('New episode of Pack Talk')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Week 1 preview' }).getAttribute('href')).toBe(
      '/podcasts/3/episodes/7',
    );
    await waitFor(() => expect(reads).toEqual([{ notificationsRead: true }]));
    await waitFor(() => expect(client.session.getSnapshot().user?.notificationsCount).toBe(0));

    // A push while the list is open: the session refetch shows one unread, the list loads again and is read.
    notifications = [item(2, 'New episode of Cheesehead Radio'), ...notifications];
    backend.session = signedInSession(makeUser({ notificationsCount: 1 }));
    await client.session.refetch();
    expect(await screen.findByText('New episode of Cheesehead Radio')).toBeTruthy();
    await waitFor(() => expect(reads).toHaveLength(2));
    await waitFor(() => expect(client.session.getSnapshot().user?.notificationsCount).toBe(0));
  });

  it('links every message notification to the message in its place: channel, reply, article or episode comment', async () => {
    backend.session = signedInSession(makeUser({ notificationsCount: 0 }));
    const note = (
      id: number,
      content: string,
      message: { parentId?: number | null; channelId?: number | null },
      place: { article?: unknown; episode?: unknown } = {},
    ) => ({
      id,
      type: 'message_mentions',
      event: 'mentioned you',
      readAt: '2026-11-24T10:00:00Z',
      createdAt: '2026-11-24T10:00:00Z',
      messagesCount: 0,
      message: { id: id * 10, content, parentId: null, channelId: null, username: 'demo', ...message },
      episode: place.episode ?? null,
      article: place.article ?? null,
    });
    const notifications = [
      note(1, 'in the channel', { channelId: 4 }),
      note(2, 'in a thread', { channelId: 4, parentId: 5 }),
      note(
        3,
        'on the article',
        {},
        { article: { id: 8, title: 'Packers win', finalUrl: 'https://x.test/a' } },
      ),
      note(4, 'on the episode', {}, { episode: { id: 9, title: 'Week 9', podcastId: 3, imageUrl: null } }),
    ];
    server.use(
      http.get(`${API}/api/v1/profile/notifications`, () =>
        HttpResponse.json({
          notifications,
          meta: { pagination: { page: 1, perPage: 25, totalPages: 1, totalCount: notifications.length } },
        }),
      ),
    );
    await renderSite('/notifications');
    const href = async (text: string) =>
      (await screen.findByRole('link', { name: `“${text}”` })).getAttribute('href');
    expect(await href('in the channel')).toBe('/channels/4/messages/10');
    expect(await href('in a thread')).toBe('/channels/4/messages/5?replyId=20');
    expect(await href('on the article')).toBe('/articles/8?messageId=30');
    expect(await href('on the episode')).toBe('/podcasts/3/episodes/9?messageId=40');
  });

  it('shows "You have no notifications" with its hint and marks nothing', async () => {
    backend.session = signedInSession(makeUser({ notificationsCount: 0 }));
    let puts = 0;
    server.use(
      http.get(`${API}/api/v1/profile/notifications`, () =>
        HttpResponse.json({
          notifications: [],
          meta: { pagination: { page: 1, perPage: 25, totalPages: 0, totalCount: 0 } },
        }),
      ),
      http.put(`${API}/api/v1/profile/account`, () => {
        puts += 1;
        return HttpResponse.json({ account: {} });
      }),
    );
    await renderSite('/notifications');
    expect(await screen.findByText('You have no notifications')).toBeTruthy();
    expect(
      screen.getByText(
        'Notifications will show up here when you have new messages, likes, or recommendations.',
      ),
    ).toBeTruthy();
    expect(puts).toBe(0);
  });
});
