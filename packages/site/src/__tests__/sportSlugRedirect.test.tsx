// A sport's slug alone (/nfl), as fans type it, leads to the sport's page; other single segments 404.

import { OTHER_SPORTS_TITLE } from '@sportspyder/core';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeArticle, page } from './content-fixtures.js';
import { API, backend, server, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

const NOT_FOUND = "Whoops. The page you're looking for doesn't exist.";

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  // What the sport's popular page loads once the redirect lands there.
  server.use(
    http.get(`${API}/api/v1/sports/:sportId/feeds`, ({ params }) =>
      HttpResponse.json({
        feed: {
          id: params.sportId,
          articles: [makeArticle(`Popular ${String(params.sportId)} story`)],
          videos: [],
          episodes: [],
        },
      }),
    ),
    http.get(`${API}/api/v1/sports/:sportId/hot_players`, () =>
      HttpResponse.json(page('players', [], { page: 1, totalPages: 1 })),
    ),
    http.get(`${API}/api/v1/sports/:sportId/games`, () =>
      HttpResponse.json(page('games', [], { page: 1, totalPages: 1 })),
    ),
  );
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
});

describe('a sport slug alone', () => {
  it('goes to /sports/{sport}, keeping the query and the hash', async () => {
    const site = await renderSite('/nfl?ref=typed#top');
    await waitFor(() => expect(site.path()).toBe('/sports/nfl?ref=typed'));
    expect(site.router.state.location.hash).toBe('#top');
    expect(await screen.findByText('Popular nfl story')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: NOT_FOUND })).toBeNull();
  });

  it('takes the slug in any case and with a trailing slash', async () => {
    const site = await renderSite('/NBA/');
    await waitFor(() => expect(site.path()).toBe('/sports/nba'));
    expect(await screen.findByText('Popular nba story')).toBeTruthy();
  });

  it('still shows the 404 page for a segment that is no sport', async () => {
    const site = await renderSite('/curling');
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeTruthy();
    expect(site.path()).toBe('/curling');
  });

  it('leaves the named pages of one segment alone', async () => {
    const site = await renderSite('/topics');
    expect(await screen.findByRole('heading', { level: 1, name: OTHER_SPORTS_TITLE })).toBeTruthy();
    expect(site.path()).toBe('/topics');
  });
});
