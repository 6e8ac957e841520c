// The header's live search in a real browser against the real server and its search index
// (spec 1 §4.3, issue 12): type, arrow down twice, Enter lands on the highlighted result's page;
// a typo still finds the team; the open dropdown passes axe without serious or critical findings.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const PLACEHOLDER = 'Search for Teams or Players';

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

async function openHome(): Promise<Page> {
  const context = await newContext(browser(), baseUrl);
  const page = await context.newPage();
  await page.goto('/');
  return page;
}

/** Types into the header box and waits until the rows answer exactly what was typed. */
async function typeInHeader(page: Page, text: string) {
  const box = page.locator('.ss-header').getByRole('combobox', { name: PLACEHOLDER });
  await box.click();
  await box.pressSequentially(text, { delay: 40 });
  const listbox = page.locator('.ss-header').getByRole('listbox');
  await listbox.getByRole('option', { name: `See all results for "${text}"` }).waitFor();
  // The answer for the full text is in when the list is no longer busy.
  await page.locator('.ss-header [role=listbox]:not([aria-busy])').waitFor();
  return { box, listbox };
}

describe('live search in the header', () => {
  it('goes to the result highlighted with the arrows when Enter is pressed', async () => {
    const page = await openHome();
    const { box, listbox } = await typeInHeader(page, 'kan');
    const options = listbox.getByRole('option');
    // At least two results plus "see all".
    expect(await options.count()).toBeGreaterThanOrEqual(3);
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    const second = options.nth(1);
    expect(await box.getAttribute('aria-activedescendant')).toBe(await second.getAttribute('id'));
    expect(await second.getAttribute('aria-selected')).toBe('true');
    const name = (await second.locator('.ss-live__name').textContent()) ?? '';
    expect(name.toLowerCase()).toContain('kan');
    // Where the row leads: the result's url, as the server gave it.
    const url = await page.evaluate(async () => {
      const response = await fetch('/api/v1/search/live_results?q=kan');
      const body = (await response.json()) as { liveResults: { url: string }[] };
      return body.liveResults[1]?.url ?? '';
    });
    expect(url).not.toBe('');
    await box.press('Enter');
    await page.waitForURL((current) => current.pathname === new URL(url, baseUrl).pathname);
    // A client-side navigation: the address changes first, and the home page stays up until the
    // result's page has loaded. Wait for that page's heading, not whichever h1 is there at the change
    // (on a loaded CI machine it was still the home page's).
    await page.getByRole('heading', { level: 1, name }).waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('finds the Green Bay Packers through a typo, and the open list passes axe', async () => {
    const page = await openHome();
    const { box, listbox } = await typeInHeader(page, 'packrs');
    await listbox.getByRole('option', { name: /Green Bay Packers/ }).waitFor();
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await expectAccessible(page, 'the home page with the search list open');
    // axe scrolled the page; the list is still open and announced.
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await page.context().close();
  });
});
