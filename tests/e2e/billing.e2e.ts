// PRO billing in Chromium against the built server on its local card provider (issue 13): the admin
// demo account (not PRO, so it sees ads; the member demo account is left alone for the other browser
// tests) sees ad slots and the sticky ad, subscribes to PRO on /settings/billing with Stripe's test
// card 4242 4242 4242 4242, and the ads go at once without a reload (the session is refetched); the
// billing details show the plan and the card; /settings/pro shows paid; Cancel plan asks for
// confirmation, then cancels. axe on every page: 0 serious or critical.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const MEMBER = { email: 'admin@sportspyder.test', password: 'sportspyder-admin' };
const TEAM_NEWS = '/nfl/green-bay-packers/news';

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

async function proState(page: Page): Promise<string | undefined> {
  const res = await page.request.get(new URL('/api/v1/session', page.url()).toString());
  return (await res.json()).session.user?.proState;
}

describe('PRO with the local test card', () => {
  it('subscribes, the ads go without a reload, the billing details show, and cancel asks first', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await page.goto('/login');
    const login = page.locator('form.ss-form');
    await login.getByLabel('Email').fill(MEMBER.email);
    await login.getByLabel('Password').fill(MEMBER.password);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();
    expect(await proState(page)).toBe('');

    // Not PRO: the team news has ad slots.
    await page.goto(TEAM_NEWS);
    await page.getByTestId('article-card').first().waitFor();
    await page.getByTestId('ad-slot').first().waitFor();
    expect(await page.getByTestId('ad-slot').count()).toBeGreaterThan(0);

    // /settings/pro: the $35/year call to action.
    await page.goto('/settings/pro');
    await page.getByRole('heading', { name: 'Go PRO for $35/year' }).waitFor();
    await expectAccessible(page, '/settings/pro (empty)');
    await page.getByRole('link', { name: 'Go PRO for $35/year' }).click();

    // /settings/billing: the subscribe form, yearly by default; the sticky ad is on the page.
    await page.getByRole('heading', { level: 1, name: 'Billing' }).waitFor();
    const yearly = page.getByLabel(/Yearly: \$35\/year/);
    await yearly.waitFor();
    expect(await yearly.isChecked()).toBe(true);
    // Each plan's radio sits just before its text, on the same line (a full-width radio once put the
    // text at the far edge of the form, away from the button it belongs to).
    const radio = await yearly.boundingBox();
    const text = await page.getByText('Yearly: $35/year').boundingBox();
    expect(radio && text && text.x - radio.x).toBeLessThan(48);
    const middle = (box: { y: number; height: number }) => box.y + box.height / 2;
    expect(radio && text && Math.abs(middle(radio) - middle(text))).toBeLessThan(8);
    await page.getByTestId('sticky-ad').waitFor();
    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    expect(await subscribe.isDisabled()).toBe(true);
    await expectAccessible(page, '/settings/billing (subscribe form)');

    // A declined test card first: Stripe's message in the error box.
    await page.getByLabel('Name on card').fill('Ada Admin');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await subscribe.click();
    await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    await expectAccessible(page, '/settings/billing (declined card)');

    // Then 4242 4242 4242 4242, with a marker that a reload would lose.
    await page.evaluate(() => {
      (window as unknown as { __noReload: boolean }).__noReload = true;
    });
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await subscribe.click();
    await page.getByText('You have successfully subscribed to SportSpyder Pro!').waitFor();
    const details = page.getByTestId('billing-details');
    await details.waitFor();
    expect(await details.textContent()).toContain('SportSpyder Pro Yearly: $35/year');
    expect(await details.textContent()).toMatch(/Visa ending in 4242, expires \d{2}\/\d{4}/);
    expect(await details.textContent()).toContain('Ada Admin');
    // The sticky ad is gone from this very page: no reload happened.
    await page.getByTestId('sticky-ad').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    expect(await proState(page)).toBe('paid');
    await expectAccessible(page, '/settings/billing (plan details)');

    // No ad slot in the team news any more.
    await page.goto(TEAM_NEWS);
    await page.getByTestId('article-card').first().waitFor();
    await page.waitForTimeout(1000);
    expect(await page.getByTestId('ad-slot').count()).toBe(0);
    expect(await page.getByTestId('sticky-ad').count()).toBe(0);

    // /settings/pro: paid, Pro since, the card on file.
    await page.goto('/settings/pro');
    await page.getByText(/^Pro since /).waitFor();
    await page.getByText('Card on file: Visa ending in 4242').waitFor();
    await expectAccessible(page, '/settings/pro (paid)');

    // Cancel plan asks first; 'Keep my plan' changes nothing; 'Yes, cancel my plan' cancels.
    await page.goto('/settings/billing');
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Cancel your SportSpyder Pro subscription?');
    await expectAccessible(page, '/settings/billing (cancel confirmation)');
    await page.getByRole('button', { name: 'Keep my plan' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('billing-details').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await page.getByRole('button', { name: 'Yes, cancel my plan' }).click();
    await page.getByText('Your SportSpyder Pro subscription was successfully cancelled.').waitFor();
    // It does not renew: the plan stays with its end and Resume plan; PRO lasts to the end of the paid period.
    await page.getByRole('button', { name: 'Resume plan' }).waitFor();
    expect(await page.getByTestId('billing-details').textContent()).toContain('ends on ');
    expect(await proState(page)).toBe('paid');
    // /settings/pro says the same.
    await page.goto('/settings/pro');
    await page.getByText(/was cancelled and ends on /).waitFor();
    await page.getByRole('button', { name: 'Resume plan' }).waitFor();
    await context.close();
  });
});
