// Offline reading on the team pages (issue 49), with the service worker's part played by msw: an
// answer carrying the copy header is the worker's copy. Offline, the news shows with "Offline, updated
// {time}"; a news list that cannot load offline says the page needs a connection.
import { createClient, OFFLINE_COPY_HEADER, type OnlineAdapter } from '@sportspyder/core';
import { createFakeCable, memoryStorage } from '@sportspyder/core/testing';
import { SportSpyderProvider } from '@sportspyder/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyTime } from '../offline/OfflineStatus.js';
import { makeArticle, page } from './content-fixtures.js';
import { API, backend, server, signedOutSession } from './fixtures.js';
import { siteInMemoryRouter } from './testRouter.js';

const base = `${API}/api/v1/teams/:teamId`;
const COPY_TIME = Date.UTC(2026, 11, 3, 9, 30);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  server.use(
    http.get(`${base}/games`, () => HttpResponse.json(page('games', []))),
    http.get(`${base}/hot_players`, () => HttpResponse.json(page('players', []))),
    http.get(`${base}/podcast_episodes`, () => HttpResponse.json(page('podcastEpisodes', []))),
    http.get(`${base}/summary_sections`, () => HttpResponse.json(page('summarySections', []))),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

const offline: OnlineAdapter = { isOnline: () => false, subscribe: () => () => undefined };

async function renderOffline(path: string) {
  const client = createClient({
    baseUrl: API,
    storage: memoryStorage(),
    realtime: createFakeCable(),
    reload: vi.fn(),
    location: () => `${API}/`,
    online: offline,
    // No waits between the transport's retries of a read that got no answer.
    sleep: async () => undefined,
  });
  const { element } = siteInMemoryRouter(path);
  render(<SportSpyderProvider client={client}>{element}</SportSpyderProvider>);
  await act(async () => {
    await client.start();
  });
}

describe('a team page offline', () => {
  it('shows the stored news with "Offline, updated" and the time of the copy', async () => {
    server.use(
      http.get(`${base}/articles`, () =>
        HttpResponse.json(page('articles', [makeArticle('Stored Packers story')]), {
          headers: { [OFFLINE_COPY_HEADER]: String(COPY_TIME) },
        }),
      ),
    );
    await renderOffline('/nfl/green-bay-packers/news');
    expect(await screen.findByRole('link', { name: 'Stored Packers story' }, { timeout: 5000 })).toBeTruthy();
    const line = await screen.findByText(/^Offline, updated/);
    expect(line.textContent).toBe(`Offline, updated ${copyTime(COPY_TIME)}`);
    expect(line.querySelector('time')?.getAttribute('datetime')).toBe(new Date(COPY_TIME).toISOString());
    expect(screen.queryByText('This page needs a connection')).toBeNull();
  });

  it('says the page needs a connection when its news has no copy', async () => {
    server.use(http.get(`${base}/articles`, () => HttpResponse.error()));
    await renderOffline('/nfl/green-bay-packers/news');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain('This page needs a connection');
    expect(screen.queryByText('The news could not be loaded. Try again later.')).toBeNull();
  });
});

describe('the time of a copy', () => {
  it('is a time of day today and carries the day before', () => {
    const now = Date.UTC(2026, 11, 3, 12);
    expect(copyTime(now - 3600_000, now)).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    expect(copyTime(now - 3 * 86_400_000, now)).toMatch(/^Nov 30, \d{1,2}:\d{2} (AM|PM)$/);
  });
});
