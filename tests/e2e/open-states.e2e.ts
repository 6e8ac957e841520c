// The states a reader opens on top of a page, in Chromium against the built server and its demo data,
// each checked by axe while it is open (no serious or critical finding) and checked to still be open
// after it: a visitor's More and college sports menus (opened by keyboard), the notification panel and
// the sign-in prompt of Follow Team, and an episode page; on a phone the sports menu, the search panel
// with its results and the expanded player. Contrast defects have shown only in such states (the
// account menu's GO Pro, the player's speed badge) after the pages under them had passed.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const TEAM = { path: '/nfl/green-bay-packers', name: 'Green Bay Packers' };
const PHONE = { width: 390, height: 844 };

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

async function openPage(path: string, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await newContext(browser(), baseUrl, viewport);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

describe('open states on a desktop, as a visitor', () => {
  it('the More and NCAAB menus, opened from the keyboard', async () => {
    const page = await openPage('/');
    const nav = page.getByRole('navigation', { name: 'Sports' });
    // What each menu shows once it is open: the topics' footer link, the college conferences list.
    for (const [entry, shows] of [
      ['More sports', (menu: Locator) => menu.getByRole('link', { name: 'All other sports' })],
      ['NCAAB', (menu: Locator) => menu.getByRole('list', { name: 'Conferences' })],
    ] as const) {
      await nav.getByRole('link', { name: entry, exact: true }).focus();
      const menu = nav.locator('.ss-sportnav__menu');
      await shows(menu).waitFor();
      expect(await menu.count()).toBe(1);
      await expectAccessible(page, `the home page with the ${entry} menu open`);
      expect(await menu.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
    }
    await page.context().close();
  });

  it("the visitor's notification panel", async () => {
    const page = await openPage(`${TEAM.path}/news`);
    await page.getByRole('button', { name: 'Notifications' }).click();
    const panel = page.getByText('Get notified with a free account');
    await panel.waitFor();
    await expectAccessible(page, 'the team news with the notification panel open');
    expect(await panel.isVisible()).toBe(true);
    await page.context().close();
  });

  it('the sign-in prompt of Follow Team', async () => {
    const page = await openPage(`${TEAM.path}/news`);
    await page.getByRole('button', { name: `Follow Team: ${TEAM.name}` }).click();
    const prompt = page.getByRole('dialog', { name: 'Sign in required' });
    await prompt.getByText(`Sign in or join SportSpyder to follow the ${TEAM.name}.`).waitFor();
    await expectAccessible(page, 'the team news with the sign-in prompt');
    expect(await prompt.isVisible()).toBe(true);
    await page.context().close();
  });

  it("an episode page reached from the team's podcasts", async () => {
    const page = await openPage(`${TEAM.path}/podcasts`);
    const title = page.getByTestId('episode-item').first().locator('.ss-episode-item__title');
    await title.waitFor();
    const name = (await title.innerText()).trim();
    await title.click();
    // The team frame's own episode route (`/nfl/green-bay-packers/episodes/:id`).
    await page.waitForURL((url) => url.pathname.includes('/episodes/'));
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await expectAccessible(page, `the episode page of "${name}"`);
    await page.context().close();
  });
});

describe('open states on a phone', () => {
  it('the sports menu and the search panel with its results', async () => {
    const page = await openPage('/', PHONE);
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Sports menu' });
    await menu.waitFor();
    await expectAccessible(page, 'the home page with the phone sports menu open');
    expect(await menu.isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await menu.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Search' }).click();
    const search = page.getByRole('dialog', { name: 'Search' });
    const box = search.getByRole('combobox');
    await box.waitFor();
    await box.fill('packers');
    await search
      .getByRole('option', { name: /Green Bay Packers/ })
      .first()
      .waitFor();
    await expectAccessible(page, 'the home page with the phone search panel and its results');
    expect(await search.isVisible()).toBe(true);
    await page.context().close();
  });

  it('the expanded player', async () => {
    const page = await openPage(`${TEAM.path}/podcasts`, PHONE);
    const item = page.getByTestId('episode-item').first();
    await item.waitFor();
    const title = (await item.locator('.ss-episode-item__title').innerText()).trim();
    await item.getByRole('button', { name: `Play ${title}` }).click();
    const bar = page.getByRole('region', { name: 'Podcast player' });
    await bar.getByRole('button', { name: 'Expand player' }).click();
    const collapse = bar.getByRole('button', { name: 'Collapse player' });
    await collapse.waitFor();
    await expectAccessible(page, 'the team podcasts with the phone player expanded');
    expect(await collapse.isVisible()).toBe(true);
    await page.context().close();
  });
});
