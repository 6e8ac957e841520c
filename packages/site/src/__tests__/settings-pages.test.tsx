// The settings screens against msw: /settings/account (the username tip, only changed fields sent,
// the toast, the error box with the field marked, the re-verification notice, Download my data,
// Delete account with its dialog), /settings/notifications and /settings/emails (labelled toggles,
// unsubscribe-all disabling the rest and the frequency, the toasts), the collapsing settings menu,
// and the notification messages of /profile.
import type { AccountSettings } from '@sportspyder/contract';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, backend, server, signedInSession, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedInSession();
  backend.requests = [];
  // Other parts of the pages (the profile's listens, the home page after a deletion) are not under
  // test here: they get an error answer rather than an unhandled request.
  server.use(
    http.get(`${API}/api/v1/podcast_listens`, () =>
      HttpResponse.json({
        podcastListens: [],
        meta: { pagination: { page: 1, perPage: 8, totalPages: 0, totalCount: 0 } },
      }),
    ),
    http.get(`${API}/api/v1/top_stories`, () =>
      HttpResponse.json({ errors: [{ code: 'unavailable', title: 'Unavailable' }] }, { status: 503 }),
    ),
    http.get(`${API}/api/v1/sports/:sport/feeds`, () =>
      HttpResponse.json({ errors: [{ code: 'unavailable', title: 'Unavailable' }] }, { status: 503 }),
    ),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  vi.restoreAllMocks();
});

function makeSettings(overrides: Partial<AccountSettings> = {}): AccountSettings {
  return {
    id: 7,
    name: null,
    username: 'demo',
    email: 'demo@sportspyder.test',
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

/** An account endpoint keeping the settings; answers what `refuse` returns instead when it returns. */
function accountBackend(refuse?: (body: Record<string, unknown>) => object | undefined) {
  let settings = makeSettings();
  const puts: Record<string, unknown>[] = [];
  server.use(
    http.get(`${API}/api/v1/profile/account`, () => HttpResponse.json({ account: settings })),
    http.put(`${API}/api/v1/profile/account`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push(body);
      const refusal = refuse?.(body);
      if (refusal) return HttpResponse.json(refusal, { status: 422 });
      settings = { ...settings, ...(body as Partial<AccountSettings>) };
      return HttpResponse.json({ account: settings });
    }),
  );
  return { puts };
}

describe('/settings/account', () => {
  it('shows the username tip and saves only the changed display name with the toast', async () => {
    const { puts } = accountBackend();
    await renderSite('/settings/account');
    const username = (await screen.findByLabelText('Username')) as HTMLInputElement;
    expect(username.value).toBe('demo');
    const tip = document.getElementById(username.getAttribute('aria-describedby') ?? '');
    expect(tip?.textContent).toBe('At least 4 characters, changeable once a week.');
    fireEvent.change(screen.getByLabelText('Display name'), { target: { value: 'Cheese Head' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(await screen.findByText('Account updated successfully!')).toBeTruthy();
    expect(puts).toEqual([{ name: 'Cheese Head' }]);
  });

  it("lists the server's problems in the error box and marks the field", async () => {
    accountBackend((body) =>
      body.username
        ? {
            errors: [
              { field: 'username', code: 'too_soon', title: 'Username can only be changed once a week' },
            ],
          }
        : undefined,
    );
    await renderSite('/settings/account');
    fireEvent.change(await screen.findByLabelText('Username'), { target: { value: 'demo_two' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    const box = await screen.findByRole('alert');
    expect(box.textContent).toContain('The following problems were encountered:');
    expect(box.textContent).toContain('Username can only be changed once a week');
    expect(box.textContent).toContain('Please correct the above issues and try again.');
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Account updated successfully!')).toBeNull();
  });

  it('asks for the current password with a new e-mail and says where the verification link went', async () => {
    const { puts } = accountBackend();
    await renderSite('/settings/account');
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'moved@example.com' } });
    const password = screen.getByLabelText('Current password') as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    fireEvent.change(password, { target: { value: 'my password' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(
      (await screen.findByText(/We sent a verification link to moved@example.com/)).getAttribute('role'),
    ).toBe('status');
    expect(puts).toEqual([{ email: 'moved@example.com', currentPassword: 'my password' }]);
    // Saved: the address is the account's, so the field goes away.
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });

  it('marks the current password when the server refuses it, and keeps the new address', async () => {
    accountBackend((body) =>
      body.currentPassword !== 'right'
        ? { errors: [{ field: 'currentPassword', code: 'invalid', title: 'Current password is incorrect' }] }
        : undefined,
    );
    await renderSite('/settings/account');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'moved@example.com' } });
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'wrong' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Current password is incorrect');
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('moved@example.com');
  });

  it('downloads the data as one JSON file', async () => {
    accountBackend();
    const accountExport = {
      format: 'sportspyder-account-export',
      version: 1,
      exportedAt: '2026-11-25T10:00:00.000Z',
      sections: { profile: { username: 'demo' } },
    };
    server.use(http.get(`${API}/api/v1/profile/export`, () => HttpResponse.json({ accountExport })));
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:export';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    await renderSite('/settings/account');
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    });
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0]).toEqual({ download: 'sportspyder-demo-2026-11-25.json', href: 'blob:export' });
    expect(JSON.parse(await (blobs[0] as Blob).text())).toEqual(accountExport);
  });

  it('deletes the account after the password and the confirmation dialog, then leaves the settings', async () => {
    accountBackend();
    const deletes: unknown[] = [];
    server.use(
      http.delete(`${API}/api/v1/profile/account`, async ({ request }) => {
        const body = (await request.json()) as { password: string };
        deletes.push(body);
        if (body.password !== 'right') {
          return HttpResponse.json(
            { errors: [{ field: 'password', code: 'invalid', title: 'Password is incorrect' }] },
            { status: 422 },
          );
        }
        backend.session = signedOutSession;
        return HttpResponse.json({ session: signedOutSession });
      }),
    );
    const site = await renderSite('/settings/account');
    const deleteButton = (await screen.findByRole('button', {
      name: 'Delete my account',
    })) as HTMLButtonElement;
    expect(deleteButton.disabled).toBe(true);
    const password = screen.getByLabelText('Type your password to confirm');

    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(deleteButton);
    let dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    // Tab stays inside the dialog.
    fireEvent.keyDown(document.activeElement as Element, { key: 'Tab', shiftKey: true });
    expect(document.activeElement?.textContent).toBe('Delete account');
    fireEvent.keyDown(document.activeElement as Element, { key: 'Tab' });
    expect(document.activeElement?.textContent).toBe('Cancel');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    });
    expect((await screen.findByRole('alert')).textContent).toContain('Password is incorrect');
    expect(password.getAttribute('aria-invalid')).toBe('true');

    // Cancel does nothing.
    fireEvent.click(deleteButton);
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deletes).toHaveLength(1);

    fireEvent.change(password, { target: { value: 'right' } });
    fireEvent.click(deleteButton);
    dialog = screen.getByRole('alertdialog');
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    });
    expect(await screen.findByText('Your account has been deleted.')).toBeTruthy();
    expect(deletes).toEqual([{ password: 'wrong' }, { password: 'right' }]);
    await waitFor(() => expect(site.path().startsWith('/settings')).toBe(false));
    expect(site.client.session.getSnapshot().loggedIn).toBe(false);
  });
});

describe('/settings/notifications and /settings/emails', () => {
  it('saves the notify toggles with the notifications toast', async () => {
    const { puts } = accountBackend();
    await renderSite('/settings/notifications');
    const likes = (await screen.findByRole('checkbox', { name: 'Likes of my messages' })) as HTMLInputElement;
    expect(likes.checked).toBe(true);
    fireEvent.click(likes);
    expect(likes.checked).toBe(false);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(await screen.findByText('Notifications updated successfully!')).toBeTruthy();
    expect(puts[0]).toMatchObject({ notifyMessageLikes: false, notifyMessageReplies: true });
    expect(Object.keys(puts[0] ?? {}).every((key) => key.startsWith('notify'))).toBe(true);
  });

  it('unsubscribe-all disables the other toggles and the frequency; the frequency is weekly or daily', async () => {
    const { puts } = accountBackend();
    await renderSite('/settings/emails');
    const daily = (await screen.findByRole('radio', { name: 'Daily recap' })) as HTMLInputElement;
    expect((screen.getByRole('radio', { name: 'Weekly recap' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(daily);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(await screen.findByText('Email settings updated successfully!')).toBeTruthy();
    expect(puts[0]).toMatchObject({ emailNewsletterRecapFrequency: 'daily', emailProduct: true });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Unsubscribe from all emails' }));
    expect(
      (screen.getByRole('checkbox', { name: 'Team recap newsletter' }) as HTMLInputElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('group', { name: 'Newsletter frequency' }) as HTMLFieldSetElement).disabled,
    ).toBe(true);
  });
});

describe('the settings menu', () => {
  it('is a disclosure naming the current section, closing on navigation and on Escape', async () => {
    accountBackend();
    const site = await renderSite('/settings/account');
    const nav = await screen.findByRole('navigation', { name: 'Settings' });
    const toggle = within(nav).getByRole('button', { name: /Settings: Account/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list?.tagName).toBe('UL');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(within(nav).getByRole('link', { name: 'Password' }), { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);

    fireEvent.click(toggle);
    await act(async () => {
      fireEvent.click(within(nav).getByRole('link', { name: 'Notifications' }));
    });
    await waitFor(() => expect(site.path()).toBe('/settings/notifications'));
    const after = within(nav).getByRole('button', { name: /Settings: Notifications/ });
    expect(after.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('/profile notification messages', () => {
  it('shows the newest notifications with a link to all, or the empty state', async () => {
    let marked = 0;
    server.use(
      http.put(`${API}/api/v1/profile/account`, () => {
        marked += 1;
        return HttpResponse.json({ account: makeSettings() });
      }),
      http.get(`${API}/api/v1/profile/notifications`, () =>
        HttpResponse.json({
          notifications: [
            {
              id: 1,
              type: 'podcast_popular',
              event: 'A popular episode you might like',
              readAt: null,
              createdAt: '2026-11-24T12:00:00.000Z',
              messagesCount: 0,
              message: null,
              episode: null,
              article: null,
            },
          ],
          meta: { pagination: { page: 1, perPage: 25, totalPages: 1, totalCount: 1 } },
        }),
      ),
    );
    await renderSite('/profile');
    const card = (await screen.findByRole('heading', { name: 'Notifications' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(card).findByText('A popular episode you might like')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'See all notifications' }).getAttribute('href')).toBe(
      '/notifications',
    );
    // Reading them on the profile does not mark them read (only opening /notifications does).
    expect(marked).toBe(0);
  });

  it('says there are none', async () => {
    await renderSite('/profile');
    expect(await screen.findByText('You have no notifications')).toBeTruthy();
  });
});
