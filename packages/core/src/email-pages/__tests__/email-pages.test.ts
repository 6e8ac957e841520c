import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, makeClient, makeUser, server, signedIn } from '../../__tests__/fixtures.js';
import {
  EMAIL_PREFERENCES_TOAST,
  isToggleDisabled,
  memberPagePath,
  NEWSLETTER_FREQUENCY_TOAST,
  readEmailAccount,
  readSubscriberByHash,
  unsubscribeChange,
  updateEmailAccount,
  updateSubscriberByHash,
} from '../email-pages.js';
import { markNotificationsRead, notificationExcerpt, shouldMarkNotificationsRead } from '../notifications.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const HASH = 'AbCdEfGhIjKlMnOpQrStUv';
const account = {
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
  emailNewsletterRecapFrequency: 'weekly' as const,
  emailProduct: true,
};
const toasts = (client: ReturnType<typeof makeClient>['client']) =>
  client.toasts.getSnapshot().map((t) => t.text);

describe('e-mail preference pages', () => {
  it('an unsubscribe page turns off the type of its link, the recap, or every notification mail', () => {
    expect(unsubscribeChange('newsletter')).toEqual({ emailNewsletterRecap: false });
    expect(unsubscribeChange('notifications', 'message_likes')).toEqual({ emailMessageLikes: false });
    const all = unsubscribeChange('notifications', null);
    expect(Object.keys(all).sort()).toEqual(
      [
        'emailEggNewArticle',
        'emailMessageLikes',
        'emailMessageMentions',
        'emailMessageThreads',
        'emailMessageReplies',
        'emailPodcastNewEpisodes',
        'emailPodcastRecommendations',
      ].sort(),
    );
    expect(Object.values(all).every((v) => v === false)).toBe(true);
    expect(unsubscribeChange('notifications', 'bogus')).toEqual(all);
  });

  it('unsubscribe-all disables the other toggles', () => {
    expect(isToggleDisabled({ unsubscribeAll: true }, 'emailProduct')).toBe(true);
    expect(isToggleDisabled({ unsubscribeAll: true }, 'unsubscribeAll')).toBe(false);
    expect(isToggleDisabled({ unsubscribeAll: false }, 'emailProduct')).toBe(false);
  });

  it('reads by hash (null for an unknown link, no not-found page) and updates with the spec toasts', async () => {
    let body: unknown;
    server.use(
      http.get(api(`email/accounts/${HASH}`), () =>
        HttpResponse.json({
          emailAccount: account,
          meta: { recapPreview: `/email/newsletter/preview/${HASH}` },
        }),
      ),
      http.get(api('email/accounts/unknown'), () =>
        HttpResponse.json({ errors: [{ code: 'not_found', title: 'x' }] }, { status: 404 }),
      ),
      http.put(api(`email/accounts/${HASH}`), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          emailAccount: { ...account, emailNewsletterRecapFrequency: 'daily' },
          meta: { recapPreview: null },
        });
      }),
    );
    const { client } = makeClient();
    expect(await readEmailAccount(client, HASH)).toEqual({
      account,
      recapPreview: `/email/newsletter/preview/${HASH}`,
    });
    expect(await readEmailAccount(client, 'unknown')).toBeNull();
    const updated = await updateEmailAccount(
      client,
      HASH,
      { emailNewsletterRecapFrequency: 'daily' },
      'frequency',
    );
    expect(body).toEqual({ emailNewsletterRecapFrequency: 'daily' });
    expect(updated.emailNewsletterRecapFrequency).toBe('daily');
    expect(toasts(client)).toEqual([NEWSLETTER_FREQUENCY_TOAST]);
    await updateEmailAccount(client, HASH, { emailProduct: false });
    expect(toasts(client)).toContain(EMAIL_PREFERENCES_TOAST);
  });

  it('a subscriber linked to a member goes to the member pages with the member hash', async () => {
    const subscriber = {
      id: 3,
      email: 'fan@example.com',
      hash: HASH,
      frequency: 'weekly' as const,
      converted: true,
      bounced: false,
      complained: false,
      subscribed: true,
      unsubscribeAll: false,
      team: { id: 1, name: 'Green Bay Packers' },
      user: { id: 9, hash: 'UserHash0123456789abcd' },
    };
    let put: unknown;
    server.use(
      http.get(api(`subscribers/${HASH}`), () => HttpResponse.json({ subscriber })),
      http.put(api(`subscribers/${HASH}`), async ({ request }) => {
        put = await request.json();
        return HttpResponse.json({ subscriber: { ...subscriber, subscribed: false } });
      }),
    );
    const { client } = makeClient();
    const read = await readSubscriberByHash(client, HASH);
    expect(read && memberPagePath(read, 'frequency')).toBe(
      '/email/newsletter/frequency/UserHash0123456789abcd',
    );
    expect(memberPagePath({ user: null }, 'preferences')).toBeNull();
    const after = await updateSubscriberByHash(client, HASH, { subscribed: false }, 'none');
    expect(put).toEqual({ subscribed: false });
    expect(after.subscribed).toBe(false);
    expect(toasts(client)).toEqual([]);
  });
});

describe('notifications list', () => {
  it('marks read only with unread notifications; marking PUTs notificationsRead and refetches the session', async () => {
    expect(shouldMarkNotificationsRead(makeUser({ notificationsCount: 2 }))).toBe(true);
    expect(shouldMarkNotificationsRead(makeUser({ notificationsCount: 0 }))).toBe(false);
    expect(shouldMarkNotificationsRead(null)).toBe(false);
    let body: unknown;
    let sessions = 0;
    server.use(
      http.put(api('profile/account'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ account: {} });
      }),
      http.get(api('session'), () => {
        sessions += 1;
        return HttpResponse.json(signedIn(makeUser({ notificationsCount: 0 })));
      }),
    );
    const { client } = makeClient();
    await markNotificationsRead(client);
    expect(body).toEqual({ notificationsRead: true });
    expect(sessions).toBe(1);
    expect(client.session.getSnapshot().user?.notificationsCount).toBe(0);
  });

  it('cuts a message at 75 characters', () => {
    expect(notificationExcerpt('short')).toBe('short');
    expect(notificationExcerpt('x'.repeat(80))).toBe(`${'x'.repeat(75)}…`);
  });
});
