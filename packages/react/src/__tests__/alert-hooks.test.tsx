// The alert hooks (issue 49): the choices read through the cache and updated by core's save, and the
// device's switch over a fake Web Push browser (checked on mount, turned on by enable).
import type { AlertSettings } from '@sportspyder/contract';
import { createClient, type PushBrowser, type PushRegistration, saveAlertSettings } from '@sportspyder/core';
import { createFakeCable, memoryStorage } from '@sportspyder/core/testing';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { useAlertSettings } from '../hooks/useAlertSettings.js';
import { usePushDevice } from '../hooks/usePushDevice.js';
import { SportSpyderProvider } from '../SportSpyderProvider.js';

let stored: AlertSettings = {
  teams: [{ teamId: 5, gameStart: false, finalScore: false, breaking: false }],
  podcasts: [],
  quietHours: null,
};
const posted: unknown[] = [];
const server = setupServer(
  http.get('http://localhost/api/v1/profile/alerts', () => HttpResponse.json(stored)),
  http.put('http://localhost/api/v1/profile/alerts', async ({ request }) => {
    stored = (await request.json()) as AlertSettings;
    return HttpResponse.json(stored);
  }),
  http.get('http://localhost/api/v1/push/public_key', () => HttpResponse.json({ publicKey: 'BAEC' })),
  http.post('http://localhost/api/v1/profile/push_subscriptions', async ({ request }) => {
    posted.push(await request.json());
    return HttpResponse.json({ id: 1 }, { status: 201 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => cleanup());
afterAll(() => server.close());

const client = () =>
  createClient({ baseUrl: 'http://localhost', storage: memoryStorage(), realtime: createFakeCable() });

function FinalScore() {
  const { data } = useAlertSettings();
  return <p>final score {data ? String(data.teams[0]?.finalScore) : '-'}</p>;
}

it('shows the stored choices and a save at once', async () => {
  const c = client();
  render(
    <SportSpyderProvider client={c}>
      <FinalScore />
    </SportSpyderProvider>,
  );
  await waitFor(() => expect(screen.getByText('final score false')).toBeTruthy());
  await act(async () => {
    await saveAlertSettings(c, {
      ...stored,
      teams: [{ teamId: 5, gameStart: false, finalScore: true, breaking: false }],
    });
  });
  expect(screen.getByText('final score true')).toBeTruthy();
});

// Stable across renders, as a page's browser is.
let subscribed = false;
const subscription = {
  endpoint: 'https://push.example/1',
  toJSON: () => ({ endpoint: 'https://push.example/1', keys: { p256dh: 'k', auth: 'a' } }),
  unsubscribe: async () => true,
};
const registration: PushRegistration = {
  pushManager: {
    getSubscription: async () => (subscribed ? subscription : null),
    subscribe: async () => {
      subscribed = true;
      return subscription;
    },
  },
};
let permission: 'default' | 'granted' = 'default';
const browser: PushBrowser = {
  permission: () => permission,
  requestPermission: async () => (permission = 'granted'),
  registration: async () => registration,
};

function Device() {
  const device = usePushDevice(browser);
  return (
    <button type="button" onClick={() => void device.enable()}>
      {device.status}
    </button>
  );
}

it('checks the device on mount and turns alerts on', async () => {
  render(
    <SportSpyderProvider client={client()}>
      <Device />
    </SportSpyderProvider>,
  );
  const button = await screen.findByRole('button', { name: 'off' });
  await act(async () => {
    button.click();
  });
  await waitFor(() => expect(screen.getByRole('button', { name: 'on' })).toBeTruthy());
  expect(posted).toEqual([{ endpoint: 'https://push.example/1', keys: { p256dh: 'k', auth: 'a' } }]);
});
