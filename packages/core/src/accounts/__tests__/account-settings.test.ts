import type { AccountSettings } from '@sportspyder/contract';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, makeClient, server, signedIn, signedOut } from '../../__tests__/fixtures.js';
import { ApiError } from '../../errors.js';
import {
  ACCOUNT_SETTINGS_KEY,
  accountFormChanges,
  deleteAccount,
  downloadAccountData,
  readAccountSettings,
  saveAccountSettings,
} from '../account-settings.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const toasts = (client: ReturnType<typeof makeClient>['client']) =>
  client.toasts.getSnapshot().map((t) => t.text);

/** Settings as the server answers them. */
function makeSettings(overrides: Partial<AccountSettings> = {}): AccountSettings {
  return {
    id: 1,
    name: null,
    username: 'fan_1',
    email: 'fan@example.com',
    hash: 'h'.repeat(22),
    linksInNewWindow: false,
    isSubscribed: true,
    unsubscribeAll: false,
    notifyMessageMentions: true,
    notifyMessageReplies: true,
    notifyMessageThreads: true,
    notifyMessageLikes: true,
    notifyPodcastPopular: true,
    notifyPodcastRecommendations: true,
    notifyPodcastNewEpisodes: true,
    notifyEggNewArticle: true,
    emailMessageMentions: true,
    emailMessageReplies: true,
    emailMessageThreads: true,
    emailMessageLikes: true,
    emailPodcastRecommendations: true,
    emailPodcastNewEpisodes: true,
    emailEggNewArticle: true,
    emailNewsletterRecap: true,
    emailProduct: true,
    emailNewsletterRecapFrequency: 'weekly',
    usernameChangedAt: null,
    ...overrides,
  };
}

describe('account settings', () => {
  it('reads the settings', async () => {
    server.use(http.get(api('profile/account'), () => HttpResponse.json({ account: makeSettings() })));
    const { client } = makeClient();
    expect((await readAccountSettings(client)).username).toBe('fan_1');
  });

  it("saves, shows the screen's toast, updates the cached settings and refetches the session", async () => {
    let body: unknown;
    let sessionReads = 0;
    server.use(
      http.put(api('profile/account'), async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ account: makeSettings({ name: 'Cheese Head' }) });
      }),
      http.get(api('session'), () => {
        sessionReads += 1;
        return HttpResponse.json(signedIn());
      }),
    );
    const { client } = makeClient();
    const saved = await saveAccountSettings(client, { name: 'Cheese Head' }, 'account');
    expect(body).toEqual({ name: 'Cheese Head' });
    expect(saved.name).toBe('Cheese Head');
    expect(client.cache.getSnapshot<AccountSettings>(ACCOUNT_SETTINGS_KEY).data?.name).toBe('Cheese Head');
    expect(toasts(client)).toEqual(['Account updated successfully!']);
    expect(sessionReads).toBe(1);

    await saveAccountSettings(client, { notifyMessageLikes: false }, 'notifications');
    await saveAccountSettings(client, { emailProduct: false }, 'emails');
    expect(toasts(client)).toEqual([
      'Account updated successfully!',
      'Notifications updated successfully!',
      'Email settings updated successfully!',
    ]);
  });

  it('rejects with the field errors and shows no toast', async () => {
    server.use(
      http.put(api('profile/account'), () =>
        HttpResponse.json(
          {
            errors: [
              { field: 'username', code: 'too_soon', title: 'Username can only be changed once a week' },
            ],
          },
          { status: 422 },
        ),
      ),
    );
    const { client } = makeClient();
    const error = await saveAccountSettings(client, { username: 'new_name' }, 'account').catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.firstError.field).toBe('username');
    expect(toasts(client)).toEqual([]);
  });

  it('sends only the fields that changed', () => {
    const saved = makeSettings({ name: 'Old' });
    expect(
      accountFormChanges(saved, {
        email: 'fan@example.com',
        username: 'fan_1',
        name: 'Old',
        linksInNewWindow: false,
      }),
    ).toEqual({});
    expect(
      accountFormChanges(saved, {
        email: ' new@example.com ',
        username: 'fan_2',
        name: '',
        linksInNewWindow: true,
      }),
    ).toEqual({
      email: 'new@example.com',
      currentPassword: '',
      username: 'fan_2',
      name: null,
      linksInNewWindow: true,
    });
  });

  it('sends the current password with a new e-mail only (the server asks for it)', () => {
    const saved = makeSettings();
    const form = { email: saved.email, username: saved.username, name: '', linksInNewWindow: false };
    expect(accountFormChanges(saved, { ...form, currentPassword: 'secret pass' })).toEqual({});
    expect(
      accountFormChanges(saved, { ...form, email: 'new@example.com', currentPassword: 'secret pass' }),
    ).toEqual({ email: 'new@example.com', currentPassword: 'secret pass' });
  });
});

describe('download my data', () => {
  it('answers a JSON file named after the member and the day', async () => {
    const accountExport = {
      format: 'sportspyder-account-export',
      version: 1,
      exportedAt: '2026-11-25T10:00:00.000Z',
      sections: { profile: { username: 'fan_1' }, followingTeams: [] },
    };
    server.use(http.get(api('profile/export'), () => HttpResponse.json({ accountExport })));
    const { client } = makeClient();
    const file = await downloadAccountData(client);
    expect(file.fileName).toBe('sportspyder-fan_1-2026-11-25.json');
    expect(JSON.parse(file.text)).toEqual(accountExport);
  });
});

describe('deleteAccount', () => {
  it('sends the password, signs this browser out and says so', async () => {
    let body: unknown;
    let signedInNow = true;
    server.use(
      http.delete(api('profile/account'), async ({ request }) => {
        body = await request.json();
        signedInNow = false;
        return HttpResponse.json(signedOut());
      }),
      http.get(api('session'), () => HttpResponse.json(signedInNow ? signedIn() : signedOut())),
    );
    const { client } = makeClient();
    await client.session.refetch();
    expect(client.session.getSnapshot().loggedIn).toBe(true);
    await deleteAccount(client, 'secret 123');
    expect(body).toEqual({ password: 'secret 123' });
    expect(client.session.getSnapshot().loggedIn).toBe(false);
    expect(toasts(client)).toEqual(['Your account has been deleted.']);
  });

  it('rejects a wrong password with the field error and stays signed in', async () => {
    server.use(
      http.delete(api('profile/account'), () =>
        HttpResponse.json(
          { errors: [{ field: 'password', code: 'invalid', title: 'Password is incorrect' }] },
          { status: 422 },
        ),
      ),
    );
    const { client } = makeClient();
    const error = await deleteAccount(client, 'nope').catch((e) => e);
    expect(error.firstError).toMatchObject({ field: 'password' });
    expect(toasts(client)).toEqual([]);
  });
});
