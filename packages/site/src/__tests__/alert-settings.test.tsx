// /settings/alerts against msw (issue 49): a fieldset per followed team named by the team, the podcast
// choices named by title, quiet hours, Save with the toast and the whole form sent, a refusal in the
// error box with its field marked; and this device's switch over a fake Web Push browser (asks
// permission, subscribes and stores the subscription; explains a block or a browser without push).
import type { AlertSettings } from '@sportspyder/contract';
import { PUSH_DEVICE_TEXTS } from '@sportspyder/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { API, lakers, packers, server } from './fixtures.js';
import { renderSite } from './renderSite.js';
import { setUpSettingsTests } from './setUpSettingsTests.js';

setUpSettingsTests(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

/** The alerts endpoint keeping the choices; answers `refuse`'s answer instead when it gives one. */
function alertsBackend(refuse?: (body: AlertSettings) => object | undefined) {
  let stored: AlertSettings = {
    teams: [
      { teamId: packers.id, gameStart: false, finalScore: false, breaking: false },
      { teamId: lakers.id, gameStart: true, finalScore: false, breaking: false },
    ],
    podcasts: [{ podcastId: 41, newEpisode: false }],
    quietHours: null,
  };
  const puts: AlertSettings[] = [];
  server.use(
    http.get(`${API}/api/v1/profile/alerts`, () => HttpResponse.json(stored)),
    http.put(`${API}/api/v1/profile/alerts`, async ({ request }) => {
      const body = (await request.json()) as AlertSettings;
      puts.push(body);
      const refusal = refuse?.(body);
      if (refusal) return HttpResponse.json(refusal, { status: 422 });
      stored = body;
      return HttpResponse.json(stored);
    }),
    http.get(`${API}/api/v1/profile/podcasts`, () =>
      HttpResponse.json({
        podcasts: [{ id: 41, title: 'Packers Unscripted' }],
        meta: { pagination: { page: 1, perPage: 100, totalPages: 1, totalCount: 1 } },
      }),
    ),
  );
  return { puts };
}

/** A browser with Web Push whose permission prompt answers `answer`; records the subscription made. */
function stubWebPush(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const state = { permission, asked: 0, subscribed: null as null | { endpoint: string } };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission: async () => {
      state.asked += 1;
      state.permission = answer;
      return answer;
    },
  });
  const subscription = {
    endpoint: 'https://push.example/device-1',
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint: 'https://push.example/device-1', keys: { p256dh: 'BPkey', auth: 'secret' } }),
    unsubscribe: async () => {
      state.subscribed = null;
      return true;
    },
  };
  const registration = {
    active: {},
    pushManager: {
      getSubscription: async () => state.subscribed,
      subscribe: async () => {
        state.subscribed = subscription;
        return subscription;
      },
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return state;
}

describe('/settings/alerts choices', () => {
  it('names each team and podcast and saves the whole form with the toast', async () => {
    const { puts } = alertsBackend();
    await renderSite('/settings/alerts');
    const packersGroup = await screen.findByRole('group', { name: 'Green Bay Packers' }, { timeout: 5000 });
    const lakersGroup = screen.getByRole('group', { name: 'Los Angeles Lakers' });
    expect(
      (within(lakersGroup).getByRole('checkbox', { name: 'Game start' }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(within(packersGroup).getByRole('checkbox', { name: 'Final score' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Packers Unscripted' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'No alerts during quiet hours' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '23:30' } });
    fireEvent.change(screen.getByLabelText('Time zone'), { target: { value: 'America/Chicago' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Alerts updated successfully!')).toBeTruthy();
    expect(puts).toEqual([
      {
        teams: [
          { teamId: packers.id, gameStart: false, finalScore: true, breaking: false },
          { teamId: lakers.id, gameStart: true, finalScore: false, breaking: false },
        ],
        podcasts: [{ podcastId: 41, newEpisode: true }],
        quietHours: { start: '23:30', end: '07:00', timeZone: 'America/Chicago' },
      },
    ]);
    // The first render loads the page's lazy chunk: slower than the rest on a busy machine.
  }, 15_000);

  it("lists the server's problem and marks the field it names", async () => {
    alertsBackend(() => ({
      errors: [{ code: 'invalid', field: 'quietHours.timeZone', title: 'Time zone is not known' }],
    }));
    await renderSite('/settings/alerts');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'No alerts during quiet hours' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const box = await screen.findByRole('alert');
    expect(within(box).getByText('Time zone is not known')).toBeTruthy();
    expect(screen.getByLabelText('Time zone').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Alerts updated successfully!')).toBeNull();
  });

  it('is in the settings menu', async () => {
    alertsBackend();
    await renderSite('/settings/alerts');
    const menu = await screen.findByRole('navigation', { name: 'Settings' });
    expect(within(menu).getByRole('link', { name: 'Alerts' }).getAttribute('href')).toBe('/settings/alerts');
  });
});

describe('/settings/alerts on this device', () => {
  it('asks permission on the click, subscribes and stores the subscription', async () => {
    alertsBackend();
    const posted: unknown[] = [];
    const key = Buffer.from(Uint8Array.from({ length: 65 }, (_, i) => i)).toString('base64url');
    server.use(
      http.get(`${API}/api/v1/push/public_key`, () => HttpResponse.json({ publicKey: key })),
      http.post(`${API}/api/v1/profile/push_subscriptions`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ id: 3 }, { status: 201 });
      }),
    );
    const browser = stubWebPush('default', 'granted');
    await renderSite('/settings/alerts');
    const turnOn = await screen.findByRole('button', { name: 'Turn on alerts on this device' });
    expect(browser.asked).toBe(0);
    fireEvent.click(turnOn);
    await waitFor(() => expect(screen.getByText(PUSH_DEVICE_TEXTS.on)).toBeTruthy());
    expect(browser.asked).toBe(1);
    expect(posted).toEqual([
      { endpoint: 'https://push.example/device-1', keys: { p256dh: 'BPkey', auth: 'secret' } },
    ]);
    expect(screen.getByRole('button', { name: 'Turn off alerts on this device' })).toBeTruthy();
  });

  it('explains a refused permission and offers no switch', async () => {
    alertsBackend();
    stubWebPush('default', 'denied');
    await renderSite('/settings/alerts');
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on alerts on this device' }));
    expect(await screen.findByText(PUSH_DEVICE_TEXTS.denied)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /alerts on this device/ })).toBeNull();
  });

  it('explains a browser without Web Push', async () => {
    alertsBackend();
    await renderSite('/settings/alerts');
    expect(await screen.findByText(PUSH_DEVICE_TEXTS.unsupported)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /alerts on this device/ })).toBeNull();
  });
});
