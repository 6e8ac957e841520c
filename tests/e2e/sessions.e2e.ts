// Signed-in sessions in Chromium against the built server (issue 47): a member signs in on two browsers
// (two contexts, a phone and a laptop by their User-Agents); on /settings/password the laptop lists both,
// itself marked, signs the phone out from its row, and the phone's next page load is a visitor's. Then
// "Sign out all other sessions" after its confirmation. axe on the page with the list and the dialog:
// 0 serious or critical.
import type { Browser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile } from './browser.js';

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const TABLET =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function session(page: Page): Promise<{ loggedIn: boolean; user: { email: string } | null }> {
  const res = await page.request.get(new URL('/api/v1/session', page.url()).toString());
  return (await res.json()).session;
}

/** A page in a fresh context (own cookies) that says it is the given browser. */
async function pageAs(b: Browser, userAgent: string): Promise<Page> {
  const context = await b.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 }, userAgent });
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.locator('form.ss-form').getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(async () => (await session(page)).user?.email).toBe(email);
}

describe('signed-in sessions', () => {
  it('one browser signs another out, then every other one', async () => {
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const email = `sess_${stamp}@example.com`;
    const username = `sess_${stamp}`.slice(0, 30);
    const password = 'sessions password 1';

    const phone = await pageAs(browser(), PHONE);
    await phone.goto('/join');
    await phone.getByLabel('Username').fill(username);
    await phone.getByLabel('Email').fill(email);
    await phone.getByLabel('Password').fill(password);
    await phone.getByRole('button', { name: 'Create account' }).click();
    await phone.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await session(phone)).user?.email).toBe(email);

    const laptop = await pageAs(browser(), LAPTOP);
    await signIn(laptop, email, password);

    // The laptop lists both sessions, itself first and marked, the phone with its own button.
    await laptop.goto('/settings/password');
    const list = laptop.getByRole('list', { name: 'Signed-in sessions' });
    await list.waitFor();
    await expect.poll(async () => list.getByRole('listitem').count()).toBe(2);
    expect(await list.getByRole('listitem').first().textContent()).toContain(
      'Firefox on Windows (this browser)',
    );
    expect(await list.getByRole('listitem').nth(1).textContent()).toContain('Chrome on Android');
    expect(await list.getByRole('listitem').nth(1).textContent()).toContain('Unknown place');
    await expectAccessible(laptop, '/settings/password (signed-in sessions)');

    // Sign the phone out: its next request is a visitor's.
    await laptop.getByRole('button', { name: /^Sign out Chrome on Android/ }).click();
    await laptop.getByText('The session was signed out.').waitFor();
    await expect.poll(async () => list.getByRole('listitem').count()).toBe(1);
    expect((await session(phone)).loggedIn).toBe(false);
    // The phone's page, reloaded, shows the visitor's account menu.
    await phone.reload();
    await phone.getByRole('button', { name: 'Sign in menu' }).first().waitFor();
    expect((await session(laptop)).loggedIn).toBe(true);

    // A third browser, then "Sign out all other sessions" after the confirmation.
    const tablet = await pageAs(browser(), TABLET);
    await signIn(tablet, email, password);
    await laptop.reload();
    await expect.poll(async () => list.getByRole('listitem').count()).toBe(2);
    await laptop.getByRole('button', { name: 'Sign out all other sessions' }).click();
    const dialog = laptop.getByRole('alertdialog', { name: 'Sign out all other sessions?' });
    await dialog.waitFor();
    await expectAccessible(laptop, '/settings/password (sign out all other sessions dialog)');
    await dialog.getByRole('button', { name: 'Sign out all other sessions' }).click();
    await laptop.getByText('All other sessions were signed out.').waitFor();
    await expect.poll(async () => list.getByRole('listitem').count()).toBe(1);
    expect((await session(tablet)).loggedIn).toBe(false);
    expect((await session(laptop)).loggedIn).toBe(true);

    for (const page of [phone, laptop, tablet]) await page.context().close();
  });
});
