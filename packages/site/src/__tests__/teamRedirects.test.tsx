import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backend, server, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  backend.requests = [];
});
afterEach(() => cleanup());

describe('team URLs', () => {
  it('shows a team page under its own sport, titled with the team', async () => {
    const site = await renderSite('/nfl/green-bay-packers/news');
    expect(await screen.findByRole('heading', { name: 'Green Bay Packers News' })).toBeTruthy();
    expect(site.path()).toBe('/nfl/green-bay-packers/news');
    await waitFor(() => expect(document.title).toBe('Green Bay Packers News | SportSpyder'));
    expect(backend.requests.some((r) => r.startsWith('GET team'))).toBe(false);
  });

  it('redirects a legacy slug to the renamed team, asking the server', async () => {
    const site = await renderSite('/nfl/oakland-raiders/news');
    await waitFor(() => expect(site.path()).toBe('/nfl/las-vegas-raiders/news'));
    expect(backend.requests).toContain('GET team oakland-raiders');
    expect(await screen.findByRole('heading', { name: 'Las Vegas Raiders News' })).toBeTruthy();
  });

  it('redirects the "teams" sport segment to the team\'s own sport, keeping the page', async () => {
    const site = await renderSite('/teams/green-bay-packers/podcasts');
    await waitFor(() => expect(site.path()).toBe('/nfl/green-bay-packers/podcasts'));
    expect(await screen.findByRole('heading', { name: 'Green Bay Packers Podcasts' })).toBeTruthy();
  });

  it("redirects a sport that is not the team's to /{sport}/{team}/news", async () => {
    const site = await renderSite('/nba/green-bay-packers/videos');
    await waitFor(() => expect(site.path()).toBe('/nfl/green-bay-packers/news'));
  });

  it('sends an unknown team to the 404 page', async () => {
    const site = await renderSite('/nfl/no-such-team/news');
    await waitFor(() => expect(site.path()).toBe('/page-not-found'));
    expect(
      await screen.findByRole('heading', { name: "Whoops. The page you're looking for doesn't exist." }),
    ).toBeTruthy();
  });

  it('mounts every team subpath', async () => {
    const site = await renderSite('/nfl/green-bay-packers/chat/3/99');
    expect(await screen.findByRole('heading', { name: 'Green Bay Packers Chat' })).toBeTruthy();
    site.router.navigate('/nfl/green-bay-packers/sources/12/videos');
    expect(await screen.findByRole('heading', { name: 'Green Bay Packers Videos' })).toBeTruthy();
    site.router.navigate('/nfl/green-bay-packers/players');
    expect(await screen.findByRole('heading', { name: 'Green Bay Packers Roster' })).toBeTruthy();
  });
});
