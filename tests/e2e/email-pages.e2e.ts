// E-mail pages and notifications end to end in Chromium against the real server (issue 13): sign up
// for a team's recap newsletter on the team news page, find the hash link in the welcome mail at
// /dev/mail, open the unsubscribe page of that hash (no sign-in): it unsubscribes once open (the page's
// PUT, the link's GET changes nothing), shows the toggles, answers Referrer-Policy no-referrer, and the
// toggle subscribes again; the preferences page switches the frequency. Then /notifications as the
// demo member shows the list or the empty state. axe on every page: 0 serious or critical.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

/** The hash of the newest /dev/mail link to `to` under `path` (the page is reloaded until it is there). */
async function mailedHash(page: Page, to: string, path: string): Promise<string> {
  const link = page
    .locator('li.mail', { has: page.locator('.to', { hasText: to }) })
    .locator(`pre a[href*="${path}"]`)
    .first();
  const deadline = Date.now() + 15_000;
  do {
    await page.goto(`${baseUrl}/dev/mail`);
    if ((await link.count()) > 0) break;
    await page.waitForTimeout(250);
  } while (Date.now() < deadline);
  const href = (await link.getAttribute('href')) ?? '';
  const hash = new URL(href).pathname.split('/').pop() ?? '';
  expect(hash).toMatch(/^[A-Za-z0-9_-]{22}$/);
  return hash;
}

async function subscriber(page: Page, hash: string): Promise<{ subscribed: boolean; frequency: string }> {
  const res = await page.request.get(`${baseUrl}/api/v1/subscribers/${hash}`);
  return (await res.json()).subscriber;
}

describe('e-mail pages', () => {
  it('unsubscribes from the newsletter through the mailed hash link and shows the toggles', async () => {
    const email = `e2e_news_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();

    await page.goto('/nfl/green-bay-packers/news');
    const signup = page.locator('section.ss-newsletter').first();
    await signup.scrollIntoViewIfNeeded();
    await signup.getByLabel('Email').fill(email);
    await signup.getByRole('button', { name: 'Sign Up' }).click();
    await signup.getByRole('status').waitFor();

    const hash = await mailedHash(page, email, '/email/subscriber/preferences/');
    // Opening the link (a scanner's prefetch would do the same GET) changes nothing by itself.
    await page.request.get(`${baseUrl}/email/subscriber/unsubscribe/${hash}`);
    expect((await subscriber(page, hash)).subscribed).toBe(true);

    const response = await page.goto(`/email/subscriber/unsubscribe/${hash}`);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await page.getByText(`${email} is unsubscribed from the`).waitFor();
    const recap = page.getByRole('checkbox', { name: /recap newsletter$/ });
    expect(await recap.isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: 'Unsubscribe from all emails' }).isChecked()).toBe(false);
    expect((await subscriber(page, hash)).subscribed).toBe(false);
    await expectAccessible(page, '/email/subscriber/unsubscribe');

    // Changing one's mind: the toggle subscribes again, with the spec's toast.
    await recap.check();
    await page.getByText('Email preferences updated successfully!').waitFor();
    expect((await subscriber(page, hash)).subscribed).toBe(true);

    await page.goto(`/email/subscriber/preferences/${hash}`);
    await page.getByRole('radio', { name: 'Daily' }).check();
    await page.getByText('Newsletter frequency updated successfully!').waitFor();
    expect((await subscriber(page, hash)).frequency).toBe('daily');
    await expectAccessible(page, '/email/subscriber/preferences');
    await context.close();
  });

  it('opens /notifications as the demo member: the list or the empty state', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await page.goto('/login');
    const form = page.locator('form.ss-form');
    await form.getByLabel('Email').fill('demo@sportspyder.test');
    await form.getByLabel('Password').fill('sportspyder-demo');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();

    await page.goto('/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const list = page.getByRole('list', { name: 'Notifications' });
    const empty = page.getByText('You have no notifications');
    await list.or(empty).first().waitFor();
    if ((await empty.count()) > 0) {
      await page
        .getByText('Notifications will show up here when you have new messages, likes, or recommendations.')
        .waitFor();
    } else {
      expect(await list.getByRole('listitem').count()).toBeGreaterThan(0);
    }
    // Opening the list leaves no unread notifications.
    await expect
      .poll(async () => {
        const res = await page.request.get(`${baseUrl}/api/v1/session`);
        return (await res.json()).session.user.notificationsCount;
      })
      .toBe(0);
    await expectAccessible(page, '/notifications');
    await context.close();
  });
});
