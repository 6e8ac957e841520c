import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { backend, makeUser, packers, server, signedInSession, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

const happyDOM = () =>
  (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  document.body.style.overflow = '';
  happyDOM().setViewport({ width: 400 });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  happyDOM().setViewport({ width: 1280 });
});

describe('mobile header', () => {
  it('shows the menu toggle, Search, Pods and Sign In instead of the desktop header', async () => {
    await renderSite('/');
    await screen.findByRole('button', { name: 'Menu' });
    expect(document.querySelector('.ss-header')).toBeNull();
    expect(screen.getByRole('button', { name: 'Menu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Search' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pods' }).getAttribute('href')).toBe('/my/podcasts');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it("opens the visitor's panel with Sign In, Register and My Podcasts", async () => {
    await renderSite('/');
    await screen.findByRole('button', { name: 'Menu' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const panel = screen.getByRole('dialog', { name: 'Sign in menu' });
    const links = within(panel).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Sign In', '/login'],
      ['Register', '/join'],
      ['My Podcasts', '/my/podcasts'],
    ]);
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('locks the page scroll while a panel is open', async () => {
    await renderSite('/');
    await screen.findByRole('button', { name: 'Menu' });
    expect(document.body.style.overflow).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.getByRole('dialog', { name: 'Sports menu' })).toBeTruthy();
    expect(document.body.style.overflow).toBe('hidden');
    // Switching panels keeps the lock; closing releases it.
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });

  it('focuses the search input 110 ms after the search panel opens', async () => {
    await renderSite('/');
    await screen.findByRole('button', { name: 'Menu' });
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    const input = within(screen.getByRole('dialog', { name: 'Search' })).getByPlaceholderText(
      'Search for Teams or Players',
    );
    act(() => {
      vi.advanceTimersByTime(109);
    });
    expect(document.activeElement).not.toBe(input);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(document.activeElement).toBe(input);
  });

  it('lists the sports with "Other", and titles division 50 "Teams" and leaves 56 untitled', async () => {
    await renderSite('/');
    await screen.findByRole('button', { name: 'Menu' });
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const panel = screen.getByRole('dialog', { name: 'Sports menu' });
    const sportsList = within(panel).getByRole('list', { name: 'Sports' });
    expect(
      within(sportsList)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['NFL', 'NBA', 'MLS', 'NCAAB', 'Other']);
    const teams = screen.getByTestId('mobile-teams-panel');
    fireEvent.click(within(sportsList).getByRole('button', { name: 'NBA' }));
    expect(
      within(teams)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Teams']);
    expect(within(teams).getByRole('link', { name: 'Los Angeles Lakers' }).getAttribute('href')).toBe(
      '/nba/los-angeles-lakers/news',
    );
    fireEvent.click(within(sportsList).getByRole('button', { name: 'MLS' }));
    expect(within(teams).queryAllByRole('heading')).toHaveLength(0);
    expect(within(teams).getByRole('link', { name: 'Orlando City SC' })).toBeTruthy();
    fireEvent.click(within(sportsList).getByRole('button', { name: 'Other' }));
    expect(within(teams).getByRole('link', { name: 'Formula 1' }).getAttribute('href')).toBe('/s/formula-1');
  });

  it('adds "Following" for members who follow teams, and the profile menu', async () => {
    backend.session = signedInSession(makeUser({ followingTeams: [{ id: 1, teamId: packers.id }] }));
    await renderSite('/');
    await screen.findByRole('button', { name: 'Menu' });
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const sportsList = within(screen.getByRole('dialog', { name: 'Sports menu' })).getByRole('list', {
      name: 'Sports',
    });
    expect(within(sportsList).getAllByRole('button')[0]?.textContent).toBe('Following');
    expect(
      within(screen.getByTestId('mobile-teams-panel')).getByRole('link', { name: 'Green Bay Packers' }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Profile' }));
    const profile = screen.getByRole('dialog', { name: 'Profile menu' });
    expect(
      within(profile)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Profile',
      'Notifications',
      'Following',
      'My Podcasts',
      'My Sources',
      'Fantasy',
      'Settings',
      'Sign out',
    ]);
  });

  it('closes the panel and unlocks scrolling after navigating', async () => {
    const site = await renderSite('/');
    fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
    fireEvent.click(
      within(screen.getByTestId('mobile-teams-panel')).getByRole('link', { name: 'Green Bay Packers' }),
    );
    expect(await screen.findByRole('heading', { name: 'Green Bay Packers News' })).toBeTruthy();
    expect(site.path()).toBe('/nfl/green-bay-packers/news');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
  });
});
