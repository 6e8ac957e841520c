// The app shell in a real browser against the real server and database: navigation from the
// seeded data, sign in and out with the demo account, guards, the 404 page and legacy redirects.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const DEMO = { email: 'demo@sportspyder.test', password: 'sportspyder-demo', username: 'demo' };

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

async function openPage(path: string): Promise<Page> {
  const context = await newContext(browser(), baseUrl);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

async function signIn(page: Page) {
  const form = page.locator('form.ss-form');
  await form.getByLabel('Email').fill(DEMO.email);
  await form.getByLabel('Password').fill(DEMO.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

describe('the app shell', () => {
  it('loads the home page with the sport navigation from the seeded data', async () => {
    const page = await openPage('/');
    const nav = page.getByRole('navigation', { name: 'Sports' });
    const nfl = nav.getByRole('link', { name: 'NFL', exact: true });
    await nfl.waitFor();
    expect(await nfl.getAttribute('href')).toBe('/sports/nfl');
    for (const name of ['NBA', 'MLB', 'NHL', 'NCAAB', 'NCAAF', 'Premier', 'MLS', 'WNBA', 'More']) {
      await nav.getByText(name, { exact: true }).first().waitFor();
    }
    expect(await page.title()).toContain('SportSpyder');
    await page.context().close();
  });

  it('opens a sport menu with its divisions and teams on hover', async () => {
    const page = await openPage('/');
    const nav = page.getByRole('navigation', { name: 'Sports' });
    await nav.getByRole('link', { name: 'NFL', exact: true }).hover();
    const menu = page.getByTestId('sport-menu-nfl');
    await menu.waitFor();
    await menu.getByText('AFC East').waitFor();
    const bills = menu.locator('a[href="/nfl/buffalo-bills/news"]');
    await bills.waitFor();
    expect(await menu.locator('a[href="/sports/nfl/teams"]').count()).toBe(1);
    await expectAccessible(page, 'the home page with the NFL menu open');
    expect(await menu.isVisible()).toBe(true);
    await page.context().close();
  });

  it('signs in with the demo account, shows the username and menu, and signs out with a toast', async () => {
    const page = await openPage('/login');
    await signIn(page);
    const account = page.getByRole('button', { name: `Account menu for ${DEMO.username}` });
    await account.waitFor();
    expect(await account.textContent()).toContain(DEMO.username);
    await account.click();
    const menu = page.locator('.ss-account').getByRole('menu');
    for (const item of ['Profile', 'GO Pro', 'Settings', 'My Podcasts', 'My Sources', 'Sign out']) {
      await menu.getByRole('menuitem', { name: item }).waitFor();
    }
    expect(await menu.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);
    // The open menu passes axe: its amber "GO Pro" item once read 3.3:1 on the white panel.
    await expectAccessible(page, 'the signed-in page with the account menu open');
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await account.click();
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByText('Signed out successfully').waitFor();
    await page.getByRole('button', { name: 'Sign in menu' }).waitFor();
    await page.context().close();
  });

  it("opens each menu of the member's user bar, which passes axe while open", async () => {
    const page = await openPage('/login');
    await signIn(page);
    await page.getByRole('button', { name: `Account menu for ${DEMO.username}` }).waitFor();
    // Their items once sat in lists a menu may not hold.
    const userBar = page.getByRole('navigation', { name: 'Your SportSpyder' });
    for (const name of ['My Podcasts', 'Following', 'Fantasy']) {
      await userBar.getByRole('button', { name }).click();
      const opened = page.getByRole('menu', { name });
      await opened.getByRole('menuitem').first().waitFor();
      await expectAccessible(page, `the signed-in page with the ${name} menu open`);
      expect(await opened.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await opened.waitFor({ state: 'hidden' });
    }
    await page.context().close();
  });

  it('sends a protected route to /login?out and back to it after sign-in', async () => {
    const page = await openPage('/settings/account');
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.has('out'));
    await signIn(page);
    await page.waitForURL((url) => url.pathname === '/settings/account');
    await page.getByRole('button', { name: `Account menu for ${DEMO.username}` }).waitFor();
    await page.context().close();
  });

  it('shows the 404 page for an unknown path', async () => {
    const page = await openPage('/this/does/not/exist/at/all');
    await page.getByText("Whoops. The page you're looking for doesn't exist.").waitFor();
    expect(await page.getByRole('link', { name: 'Home' }).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('redirects a legacy team slug to the renamed team', async () => {
    const page = await openPage('/nfl/oakland-raiders/news');
    await page.waitForURL((url) => url.pathname === '/nfl/las-vegas-raiders/news');
    await page
      .getByRole('heading', { name: /Las Vegas Raiders/ })
      .first()
      .waitFor();
    await page.context().close();
  });
});
