import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { backend, server, signedInSession, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
});
afterEach(() => cleanup());

const NOT_FOUND = "Whoops. The page you're looking for doesn't exist.";

describe('pages and error pages', () => {
  it('shows the 404 page with Home, Search and team links on an unknown path', async () => {
    const site = await renderSite('/this/path/does-not-exist');
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeTruthy();
    expect(site.path()).toBe('/this/path/does-not-exist');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search');
    expect(screen.getByRole('link', { name: 'Green Bay Packers' }).getAttribute('href')).toBe(
      '/nfl/green-bay-packers/news',
    );
    await waitFor(() => expect(document.title).toBe('Page Not Found | SportSpyder'));
  });

  it('also shows it on /page-not-found and for a single unknown segment', async () => {
    await renderSite('/page-not-found');
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeTruthy();
    cleanup();
    await renderSite('/nothing-here');
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeTruthy();
  });

  it('goes to /too-many-tries when a call is rate limited', async () => {
    const site = await renderSite('/');
    await act(async () => {
      await site.client.api.get('api/v1/limited').catch(() => undefined);
    });
    await waitFor(() => expect(site.path()).toBe('/too-many-tries'));
    expect(screen.getByText(/bots and abuse/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/contact/1');
  });

  it('goes to /page-not-found when a data call answers 404', async () => {
    const site = await renderSite('/about');
    await act(async () => {
      await site.client.api.get('api/v1/teams/unknown-slug').catch(() => undefined);
    });
    await waitFor(() => expect(site.path()).toBe('/page-not-found'));
  });

  it('shows the 500 page inside the layout when a page throws (/test-error)', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await renderSite('/test-error');
      expect(await screen.findByRole('heading', { name: 'Looks like something went wrong.' })).toBeTruthy();
      expect(screen.getByText(/team has been notified/)).toBeTruthy();
      expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/contact/1');
      expect(screen.getByRole('navigation', { name: 'Sports' })).toBeTruthy();
    } finally {
      quiet.mockRestore();
    }
  });

  it('titles sport pages with the sport name and shows the sport tabs', async () => {
    await renderSite('/sports/nfl/news');
    expect(await screen.findByRole('heading', { name: 'The Latest NFL News' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('The Latest NFL News | SportSpyder'));
    expect(screen.getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe('/sports/nfl/chat');
  });

  // One test per area, each navigating from the home page as a reader would: a single test of all
  // of them spent 17 whole-document role queries in one 5 s budget and timed out on a loaded machine.
  it.each([
    ['/about/pro', 'SportSpyder PRO'],
    ['/contact/5', 'Contact Us'],
    ['/email/newsletter/frequency/abc', 'Newsletter Frequency'],
    ['/settings/fantasy/3/edit', 'Edit Fantasy Team'],
    ['/settings/configure/sources/green-bay-packers', 'Configure Green Bay Packers'],
    ['/search/episodes', 'Search Episodes'],
    ['/channels/1/messages/2', 'Chat Message'],
    ['/news/demo', "demo's Teams News"],
    ['/fantasy_teams/4/news', 'Fantasy Team News'],
    ['/sources/9/news', 'Source News'],
    ['/players/aaron-rodgers/podcasts', 'Player Podcasts'],
    ['/topics', 'Other Sports'],
    ['/s/golf', 'Golf News'],
    ['/podcasts/5/episodes/6', 'Episode'],
    ['/sports/mcb/podcasts/discover', 'Discover College Basketball Podcasts'],
    ['/too-many-tries', 'Too many tries'],
    ['/server-error', 'Looks like something went wrong.'],
  ])('mounts %s with its title "%s"', async (path, heading) => {
    backend.session = signedInSession();
    const site = await renderSite('/');
    await act(async () => {
      await site.router.navigate(path);
    });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(site.path()).toBe(path);
  });

  it('sends members from /my/podcasts to their podcast settings', async () => {
    backend.session = signedInSession();
    const site = await renderSite('/my/podcasts');
    await waitFor(() => expect(site.path()).toBe('/settings/podcasts'));
    expect(await screen.findByRole('heading', { name: 'My Podcasts' })).toBeTruthy();
  });
});
