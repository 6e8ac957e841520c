// The account settings hook: a screen shows the settings, and a save through core shows at once on
// every screen reading them (the name in one place, the toggles in another).
import type { AccountSettings } from '@sportspyder/contract';
import { createClient, type SportSpyderClient, saveAccountSettings } from '@sportspyder/core';
import { createFakeCable, memoryStorage } from '@sportspyder/core/testing';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { useAccountSettings } from '../hooks/useAccountSettings.js';
import { SportSpyderProvider } from '../SportSpyderProvider.js';

let settings = {
  id: 1,
  username: 'fan_1',
  name: null,
  notifyMessageLikes: true,
} as unknown as AccountSettings;
const server = setupServer(
  http.get('http://localhost/api/v1/profile/account', () => HttpResponse.json({ account: settings })),
  http.put('http://localhost/api/v1/profile/account', async ({ request }) => {
    settings = { ...settings, ...((await request.json()) as Partial<AccountSettings>) };
    return HttpResponse.json({ account: settings });
  }),
  http.get('http://localhost/api/v1/session', () =>
    HttpResponse.json({
      session: { id: 'current', version: '1', loggedIn: false, user: null, promoTeams: [], exp: null },
    }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => cleanup());
afterAll(() => server.close());

function Name() {
  const { data, status } = useAccountSettings();
  return <p>{status === 'success' ? `name ${data?.name ?? data?.username}` : status}</p>;
}
function Likes() {
  const { data } = useAccountSettings();
  return <p>likes {data ? String(data.notifyMessageLikes) : '-'}</p>;
}

it('shows the settings, and a save on every screen reading them', async () => {
  const client: SportSpyderClient = createClient({
    baseUrl: 'http://localhost',
    storage: memoryStorage(),
    realtime: createFakeCable(),
  });
  render(
    <SportSpyderProvider client={client}>
      <Name />
      <Likes />
    </SportSpyderProvider>,
  );
  await waitFor(() => expect(screen.getByText('name fan_1')).toBeTruthy());
  expect(screen.getByText('likes true')).toBeTruthy();
  await act(async () => {
    await saveAccountSettings(client, { name: 'Cheese Head', notifyMessageLikes: false }, 'account');
  });
  expect(screen.getByText('name Cheese Head')).toBeTruthy();
  expect(screen.getByText('likes false')).toBeTruthy();
});
