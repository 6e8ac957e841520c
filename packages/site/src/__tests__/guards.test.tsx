import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_ORIGIN_KEY } from '../guards/loginOrigin.js';
import { backend, server, signedInSession, signedOutSession } from './fixtures.js';
import { renderSite } from './renderSite.js';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  backend.session = signedOutSession;
  backend.sessionDelay = null;
  backend.requests = [];
  sessionStorage.clear();
});
afterEach(() => cleanup());

describe('guards', () => {
  it('sends a signed-out visitor of a protected screen to /login?out and remembers the origin', async () => {
    const site = await renderSite('/settings/following?tab=1');
    await waitFor(() => expect(site.path()).toBe('/login?out'));
    expect((site.router.state.location.state as { from?: string }).from).toBe('/settings/following?tab=1');
    expect(sessionStorage.getItem(LOGIN_ORIGIN_KEY)).toBe('/settings/following?tab=1');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('guards /profile and /notifications too, but not /my/podcasts', async () => {
    const profile = await renderSite('/profile');
    await waitFor(() => expect(profile.path()).toBe('/login?out'));
    cleanup();
    const notifications = await renderSite('/notifications');
    await waitFor(() => expect(notifications.path()).toBe('/login?out'));
    cleanup();
    const pods = await renderSite('/my/podcasts');
    await screen.findByText(/Only podcasts played on this device/);
    expect(pods.path()).toBe('/my/podcasts');
  });

  it('waits for the session before deciding (no redirect of a member while it loads)', async () => {
    let release: () => void = () => undefined;
    backend.sessionDelay = new Promise<void>((resolve) => {
      release = resolve;
    });
    backend.session = signedInSession();
    const site = await renderSite('/settings/account', { start: false });
    const started = site.client.start();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(site.path()).toBe('/settings/account');
    await act(async () => {
      release();
      await started;
    });
    expect(site.path()).toBe('/settings/account');
    expect(await screen.findByRole('heading', { name: 'Account Settings' })).toBeTruthy();
  });

  it('sends a signed-in member on /login back to the remembered origin', async () => {
    backend.session = signedInSession();
    sessionStorage.setItem(LOGIN_ORIGIN_KEY, '/settings/following');
    const site = await renderSite('/login?out');
    await waitFor(() => expect(site.path()).toBe('/settings/following'));
    expect(sessionStorage.getItem(LOGIN_ORIGIN_KEY)).toBeNull();
  });

  it('prefers the origin in the location state, and goes home without one', async () => {
    backend.session = signedInSession();
    const withState = await renderSite({ pathname: '/join', state: { from: '/profile' } });
    await waitFor(() => expect(withState.path()).toBe('/profile'));
    cleanup();
    const plain = await renderSite('/login');
    await waitFor(() => expect(plain.path()).toBe('/'));
  });

  it('never follows an origin outside the site', async () => {
    backend.session = signedInSession();
    sessionStorage.setItem(LOGIN_ORIGIN_KEY, '//evil.example/steal');
    const site = await renderSite('/login');
    await waitFor(() => expect(site.path()).toBe('/'));
  });

  it('signs in from the form: a refusal shows the server error, success reloads the page', async () => {
    const site = await renderSite('/login?out');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'demo@sportspyder.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid email or password');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(site.reload).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(site.reload).toHaveBeenCalledTimes(1));
    expect(backend.requests).toContain('POST session demo@sportspyder.test');
  });
});
