// Account settings in Chromium against the built server (issue 13): a new member changes the display
// name on /settings/account (toast, the session has it), saves notification and e-mail settings,
// uses the settings menu as a disclosure on a phone-width screen, sees the notifications card of
// /profile, downloads their data (one JSON file with the new name and no secrets), then deletes the
// account after the password and the confirmation dialog, is signed out, and cannot sign in again.
// axe on every page visited: 0 serious or critical.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

async function session(
  page: Page,
): Promise<{ loggedIn: boolean; user: { email: string; displayName: string | null } | null }> {
  const res = await page.request.get(new URL('/api/v1/session', page.url()).toString());
  return (await res.json()).session;
}

describe('account settings', () => {
  it('changes the display name, saves settings, downloads the data and deletes the account', async () => {
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const email = `set_${stamp}@example.com`;
    const username = `set_${stamp}`.slice(0, 30);
    const password = 'settings password 1';
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();

    await page.goto('/join');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await session(page)).user?.email).toBe(email);

    // /settings/account: the tip, then a new display name with the toast.
    await page.goto('/settings/account');
    const displayName = page.getByLabel('Display name');
    await displayName.waitFor();
    await page.getByText('At least 4 characters, changeable once a week.').waitFor();
    await expectAccessible(page, '/settings/account');
    await displayName.fill('Cheese Head');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Account updated successfully!').waitFor();
    expect((await session(page)).user?.displayName).toBe('Cheese Head');

    // A server refusal lands in the error box with the field marked.
    await page.getByLabel('Username').fill('sportspyder');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const box = page.getByRole('alert').filter({ hasText: 'The following problems were encountered:' });
    await box.waitFor();
    expect(await box.textContent()).toContain('Username has already been taken');
    expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, '/settings/account (error box)');
    await page.getByLabel('Username').fill(username);

    // /settings/notifications and /settings/emails.
    await page.goto('/settings/notifications');
    const likes = page.getByRole('checkbox', { name: 'Likes of my messages' });
    await likes.waitFor();
    await expectAccessible(page, '/settings/notifications');
    await likes.uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Notifications updated successfully!').waitFor();

    await page.goto('/settings/emails');
    const daily = page.getByRole('radio', { name: 'Daily recap' });
    await daily.waitFor();
    await expectAccessible(page, '/settings/emails');
    await daily.check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Email settings updated successfully!').waitFor();
    await page.reload();
    await page.getByRole('radio', { name: 'Daily recap' }).waitFor();
    expect(await page.getByRole('radio', { name: 'Daily recap' }).isChecked()).toBe(true);

    // /profile: the notification messages (a new member has none).
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await page.getByText('You have no notifications').waitFor();
    await expectAccessible(page, '/profile');

    // Download my data: one JSON file with the new name and no secrets.
    await page.goto('/settings/account');
    const downloadButton = page.getByRole('button', { name: 'Download my data' });
    await downloadButton.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^sportspyder-${username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    );
    const text = await readFile((await download.path()) as string, 'utf8');
    const data = JSON.parse(text);
    expect(data.sections.profile).toMatchObject({ email, username, displayName: 'Cheese Head' });
    expect(data.sections.profile.notifyMessageLikes).toBe(false);
    expect(text).not.toMatch(/argon2|password_?hash|"digest"/i);

    // Delete: the password, the dialog, then signed out.
    await page.getByLabel('Type your password to confirm').fill(password);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await expectAccessible(page, '/settings/account (delete confirmation)');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.getByText('Your account has been deleted.').waitFor();
    await page.waitForURL((url) => !url.pathname.startsWith('/settings'));
    expect((await session(page)).loggedIn).toBe(false);

    // Signing in again fails.
    await page.goto('/login');
    const login = page.locator('form.ss-form');
    await login.getByLabel('Email').fill(email);
    await login.getByLabel('Password').fill(password);
    await login.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect((await session(page)).loggedIn).toBe(false);
    await context.close();
  });

  it('collapses the settings menu on a phone-width screen into a disclosure naming the section', async () => {
    const context = await newContext(browser(), baseUrl, { width: 390, height: 800 });
    const page = await context.newPage();
    await page.goto('/login');
    const login = page.locator('form.ss-form');
    await login.getByLabel('Email').fill('demo@sportspyder.test');
    await login.getByLabel('Password').fill('sportspyder-demo');
    await login.getByRole('button', { name: 'Sign in', exact: true }).click();
    // Signing in reloads the page, which then goes home (the Account menu is not in the phone
    // header): a navigation started before that would be cut by the reload.
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await session(page)).loggedIn).toBe(true);

    await page.goto('/settings/password');
    const menu = page.getByRole('navigation', { name: 'Settings' });
    const toggle = menu.getByRole('button', { name: /Settings: Password/ });
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.getByRole('link', { name: 'Emails' }).isVisible()).toBe(false);
    await expectAccessible(page, '/settings/password (phone, menu closed)');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('link', { name: 'Emails' }).waitFor();
    await expectAccessible(page, '/settings/password (phone, menu open)');
    await menu.getByRole('link', { name: 'Emails' }).click();
    await page.waitForURL((url) => url.pathname === '/settings/emails');
    const after = menu.getByRole('button', { name: /Settings: Emails/ });
    await after.waitFor();
    expect(await after.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.getByRole('link', { name: 'Account' }).isVisible()).toBe(false);

    // On a wide screen the menu is a plain list and the button is not there.
    await page.setViewportSize({ width: 1280, height: 900 });
    await menu.getByRole('link', { name: 'Account' }).waitFor();
    expect(await toggle.isVisible()).toBe(false);
    await context.close();
  });
});
