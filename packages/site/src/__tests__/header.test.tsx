import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_ORIGIN_KEY } from '../guards/loginOrigin.js';
import { backend, makeUser, packers, server, signedInSession, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  backend.requests = [];
  sessionStorage.clear();
  (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM.setViewport({
    width: 1280,
  });
});
afterEach(() => cleanup());

function openAccountMenu(username: string): HTMLElement {
  fireEvent.click(screen.getByRole('button', { name: `Account menu for ${username}` }));
  return screen.getByRole('menu');
}

const menuNames = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('header', () => {
  it('shows "Sign in" to visitors, the search box and the sport navigation', async () => {
    await renderSite('/');
    const header = document.querySelector('.ss-header') as HTMLElement;
    expect(within(header).getByRole('button', { name: 'Sign in menu' }).textContent).toBe('Sign in');
    expect(within(header).getByPlaceholderText('Search for Teams or Players')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Sports' });
    expect(within(nav).getByRole('link', { name: 'NCAAB' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'More sports' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Your SportSpyder' })).toBeNull();
  });

  it('opens the visitor menu with Sign In, Register and My Podcasts', async () => {
    await renderSite('/nfl/green-bay-packers/news');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in menu' }));
    const menu = screen.getByRole('menu', { name: 'Sign in' });
    expect(menuNames(menu)).toEqual(['Sign In', 'Register', 'My Podcasts']);
    const hrefs = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.getAttribute('href'));
    expect(hrefs).toEqual(['/login', '/join', '/my/podcasts']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Sign In' }));
    // Signing in comes back to the page the visitor was reading.
    expect(sessionStorage.getItem(LOGIN_ORIGIN_KEY)).toBe('/nfl/green-bay-packers/news');
  });

  it('moves through a menu with the keyboard, as the WAI-ARIA menu button pattern says', async () => {
    await renderSite('/');
    const toggle = screen.getByRole('button', { name: 'Sign in menu' });
    toggle.focus();
    fireEvent.keyDown(toggle, { key: 'ArrowDown' });
    const menu = await screen.findByRole('menu', { name: 'Sign in' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Sign In'));
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Register');
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('My Podcasts');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Sign In');
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement?.textContent).toBe('My Podcasts');
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(toggle);
    fireEvent.keyDown(toggle, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('My Podcasts'));
  });

  it('hides the header and navigation when scrolling down past 150 px and shows them on scroll up', async () => {
    await renderSite('/');
    const bar = screen.getByTestId('top-bar');
    const scrollTo = (y: number) => {
      window.scrollTo(0, y);
      window.dispatchEvent(new Event('scroll'));
    };
    try {
      scrollTo(120);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(bar.className).not.toContain('is-hidden');
      scrollTo(400);
      await waitFor(() => expect(bar.className).toContain('is-hidden'));
      expect(document.documentElement.style.getPropertyValue('--ss-topbar-offset')).toBe('0px');
      scrollTo(380);
      await waitFor(() => expect(bar.className).not.toContain('is-hidden'));
      scrollTo(700);
      await waitFor(() => expect(bar.className).toContain('is-hidden'));
      // Keyboard focus inside the hidden bar brings it back: a hidden control never holds focus.
      (within(bar).getByPlaceholderText('Search for Teams or Players') as HTMLInputElement).focus();
      await waitFor(() => expect(bar.className).not.toContain('is-hidden'));
    } finally {
      scrollTo(0);
    }
  });

  it('invites visitors to register from the bell, listing the benefits', async () => {
    await renderSite('/');
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(panel.textContent).toMatch(/Comment/);
    expect(panel.textContent).toMatch(/Chat/);
    expect(panel.textContent).toMatch(/podcast notifications/);
    expect(panel.textContent).toMatch(/across devices/);
    expect(panel.textContent).toMatch(/Customise your news feeds/);
    expect(within(panel).getByRole('link', { name: 'Join SportSpyder' }).getAttribute('href')).toBe('/join');
  });

  it('shows the username and the member menu with GO Pro and without Admin', async () => {
    backend.session = signedInSession(makeUser({ username: 'demo' }));
    await renderSite('/');
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
    const menu = openAccountMenu('demo');
    expect(menuNames(menu)).toEqual([
      'Profile',
      'GO Pro',
      'Settings',
      'My Podcasts',
      'My Sources',
      'Sign out',
    ]);
    expect(within(menu).getByRole('menuitem', { name: 'Profile' }).getAttribute('href')).toBe('/profile');
  });

  it('hides GO Pro from PRO members', async () => {
    backend.session = signedInSession(makeUser({ username: 'profan', pro: true, proState: 'paid' }));
    await renderSite('/');
    expect(menuNames(openAccountMenu('profan'))).not.toContain('GO Pro');
  });

  it('shows Admin to admins, as an external link in a new tab', async () => {
    backend.session = signedInSession(makeUser({ username: 'admin', admin: true }));
    await renderSite('/');
    const admin = within(openAccountMenu('admin')).getByRole('menuitem', { name: 'Admin' });
    expect(admin.getAttribute('href')).toBe('/admin');
    expect(admin.getAttribute('target')).toBe('_blank');
  });

  it('shows the unread count on the bell, capped at 20+', async () => {
    backend.session = signedInSession(makeUser({ notificationsCount: 21 }));
    await renderSite('/');
    const bell = screen.getByRole('link', { name: /Notifications/ });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(within(bell).getByTestId('notification-badge').textContent).toBe('20+');
  });

  it('signs out: DELETE, back to "Sign in", and the toast', async () => {
    backend.session = signedInSession();
    await renderSite('/');
    fireEvent.click(within(openAccountMenu('demo')).getByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in menu' })).toBeTruthy();
    expect(backend.requests).toContain('DELETE session');
    await waitFor(() =>
      expect(document.querySelector('.ss-toasts')?.textContent).toContain('Signed out successfully'),
    );
  });

  it('shows the user bar with followed teams and the fantasy entry', async () => {
    backend.session = signedInSession(makeUser({ followingTeams: [{ id: 1, teamId: packers.id }] }));
    await renderSite('/');
    const bar = screen.getByRole('navigation', { name: 'Your SportSpyder' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Following' }));
    const following = screen.getByRole('menu');
    expect(within(following).getByRole('menuitem', { name: 'All my teams' }).getAttribute('href')).toBe(
      '/news/demo',
    );
    expect(within(following).getByRole('menuitem', { name: 'Green Bay Packers' }).getAttribute('href')).toBe(
      '/nfl/green-bay-packers/news',
    );
    expect(within(following).getByRole('menuitem', { name: 'Edit teams' }).getAttribute('href')).toBe(
      '/settings/following',
    );
    fireEvent.click(within(bar).getByRole('button', { name: 'Fantasy' }));
    expect(screen.getByRole('menuitem', { name: 'Create a fantasy team' }).getAttribute('href')).toBe(
      '/settings/fantasy/new',
    );
  });

  it('tells a member who follows no team so', async () => {
    backend.session = signedInSession();
    await renderSite('/');
    fireEvent.click(screen.getByRole('button', { name: 'Following' }));
    expect(screen.getByText("You aren't following any teams")).toBeTruthy();
  });

  it('submits the search to /search?q=, dropping a blank query', async () => {
    const site = await renderSite('/');
    const input = screen.getByPlaceholderText('Search for Teams or Players');
    fireEvent.change(input, { target: { value: '  packers  ' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    await waitFor(() => expect(site.path()).toBe('/search?q=packers'));
    fireEvent.change(screen.getByPlaceholderText('Search for Teams or Players'), {
      target: { value: '   ' },
    });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(site.path()).toBe('/search'));
  });
});
