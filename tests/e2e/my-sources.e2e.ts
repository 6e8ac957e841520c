// My Sources in Chromium against the built server (issue 13, spec 3 §2): a member who follows no
// source sees the empty states of Latest, Subscribed and Reads; after subscribing to a Packers source
// on the discover page, Latest lists its articles and Subscribed lists it with Unsubscribe, which
// brings the empty state back. axe on every tab: 0 serious or critical.
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

// The PRO demo account: no ads to wait for, and no other browser test follows sources with it.
const MEMBER = { email: 'pro@sportspyder.test', password: 'sportspyder-pro' };

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

describe('My Sources', () => {
  it('shows the empty states, then the articles and the source once subscribed', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await page.goto('/login');
    const login = page.locator('form.ss-form');
    await login.getByLabel('Email').fill(MEMBER.email);
    await login.getByLabel('Password').fill(MEMBER.password);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();

    await page.goto('/settings/sources');
    await page.getByRole('heading', { level: 1, name: 'My Sources' }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'My Sources sections' });
    await page.getByText(/^You either haven't followed any sources/).waitFor();
    await expectAccessible(page, '/settings/sources (latest, empty)');
    await tabs.getByRole('link', { name: 'Subscribed' }).click();
    await page.getByText("You haven't subscribed to any sources yet.").waitFor();
    await tabs.getByRole('link', { name: 'Reads' }).click();
    await page.getByText(/^You haven't read any articles yet\./).waitFor();
    await expectAccessible(page, '/settings/sources/reads (empty)');

    // Subscribe to the first Packers news source.
    await page.goto('/nfl/green-bay-packers/news/discover');
    const subscribe = page.getByRole('button', { name: /^Subscribe / }).first();
    const label = (await subscribe.getAttribute('aria-label')) ?? (await subscribe.textContent()) ?? '';
    const name = label.replace(/^Subscribe /, '');
    await subscribe.click();
    await page.getByRole('button', { name: `Unsubscribe ${name}` }).waitFor();

    await page.goto('/settings/sources');
    await page.getByTestId('article-card').first().waitFor();
    expect(await page.getByTestId('article-card').count()).toBeGreaterThan(0);
    await expectAccessible(page, '/settings/sources (latest)');
    await tabs.getByRole('link', { name: 'Subscribed' }).click();
    await page.getByRole('link', { name, exact: true }).first().waitFor();
    await expectAccessible(page, '/settings/sources/subscribed');
    await page.getByRole('button', { name: `Unsubscribe ${name}` }).click();
    await page.getByText("You haven't subscribed to any sources yet.").waitFor();
    await context.close();
  });
});
