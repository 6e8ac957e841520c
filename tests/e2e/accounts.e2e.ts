// Accounts end to end in Chromium against the real server (issue 13): sign up, open the verification
// mail in /dev/mail (the database outbox, no SMTP) and verify; ask for a reset, follow the mailed
// link, set a new password, sign in with it, and see the used link refused; the old password and the
// signed-up browser's session no longer work. axe runs on every page (0 serious or critical).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

async function session(
  page: Page,
): Promise<{ loggedIn: boolean; user: { email: string; proState: string } | null }> {
  const res = await page.request.get(new URL('/api/v1/session', page.url()).toString());
  return (await res.json()).session;
}

/**
 * Opens /dev/mail and follows the link of the newest mail to `to` whose link path starts with `path`.
 * Mails are written just after the answer of the call that sends them, so the page is reloaded until
 * the mail is listed.
 */
async function followMailLink(page: Page, to: string, path: '/verify/' | '/reset/'): Promise<string> {
  const mail = page
    .locator('li.mail', { has: page.locator('.to', { hasText: to }) })
    .filter({ has: page.locator(`pre a[href*="${path}"]`) })
    .first();
  const deadline = Date.now() + 15_000;
  do {
    await page.goto(`${baseUrl}/dev/mail`);
    if ((await mail.count()) > 0) break;
    await page.waitForTimeout(250);
  } while (Date.now() < deadline);
  const link = mail.locator(`pre a[href*="${path}"]`);
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  await page.waitForURL((url) => url.pathname.startsWith(path));
  return href;
}

describe('accounts', () => {
  it('signs up, verifies from the mail, resets the password, signs in with it and refuses the used link', async () => {
    const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
    const email = `e2e_${stamp}@example.com`;
    const username = `e2e_${stamp}`.slice(0, 30);
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();

    // Sign up: the on-blur check of a taken address shows the account-exists message with its links.
    await page.goto('/join');
    const emailField = page.getByLabel('Email');
    await emailField.fill('demo@sportspyder.test');
    await emailField.blur();
    const exists = page.getByText('An account with this email address already exists.');
    await exists.waitFor();
    expect(await page.getByRole('link', { name: 'reset your password' }).getAttribute('href')).toBe(
      '/forgot',
    );
    await expectAccessible(page, '/join with a field error');

    await page.getByLabel('Username').fill(username);
    await emailField.fill(email);
    await page.getByLabel('Password').fill('first password 1');
    await page.getByRole('button', { name: 'Create account' }).click();
    // The page reloads signed in and the guest guard sends the new member home.
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await session(page)).user?.email).toBe(email);
    expect((await session(page)).user?.proState).toBe('trial');

    // The verification mail, in the outbox page.
    await page.goto('/dev/mail');
    await expectAccessible(page, '/dev/mail');
    const verifyHref = await followMailLink(page, email, '/verify/');
    expect(verifyHref).toMatch(/\/verify\/[A-Za-z0-9_-]{22}$/);
    await page.getByText('Email verified successfully').first().waitFor();
    await expectAccessible(page, '/verify/:id');

    // Forgot: the same answer for any address; the reset mail arrives for this one.
    const visitor = await (await newContext(browser(), baseUrl)).newPage();
    await visitor.goto('/forgot');
    await expectAccessible(visitor, '/forgot');
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByRole('button', { name: 'Send reset link' }).click();
    await visitor.getByText(/If an account exists for that email address/).waitFor();

    const resetHref = await followMailLink(visitor, email, '/reset/');
    const newPassword = visitor.getByLabel('New password');
    await newPassword.waitFor();
    await expectAccessible(visitor, '/reset/:id');
    await newPassword.fill('second password 2');
    await visitor.getByRole('button', { name: 'Change password' }).click();
    await visitor.waitForURL((url) => url.pathname === '/login');
    await visitor.getByText('Password changed successfully').waitFor();

    // The reset ended the signed-up browser's session.
    expect((await session(page)).loggedIn).toBe(false);

    // Sign in: the old password gets the one failure message, the new one works.
    await expectAccessible(visitor, '/login');
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Password').fill('first password 1');
    await visitor.locator('form.ss-form').getByRole('button', { name: 'Sign in', exact: true }).click();
    await visitor.getByText('Invalid email or password').waitFor();
    await visitor.getByLabel('Password').fill('second password 2');
    await visitor.locator('form.ss-form').getByRole('button', { name: 'Sign in', exact: true }).click();
    await visitor.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await session(visitor)).user?.email).toBe(email);

    // The used link is refused, with the way to a new one.
    await visitor.goto(resetHref);
    await visitor.getByText('This password reset link has already been used and has expired.').waitFor();
    expect(await visitor.getByRole('link', { name: 'generate new link' }).getAttribute('href')).toBe(
      '/forgot',
    );
    expect(await visitor.getByLabel('New password').count()).toBe(0);
    await expectAccessible(visitor, '/reset/:id used');
    await context.close();
    await visitor.context().close();
  }, 120_000);
});
