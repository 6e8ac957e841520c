// The defects a new user met in the first ten minutes (issue "First-run quality"), each checked where
// it showed: in Chromium against the built server and its demo data. A clean page load logs nothing
// to the console; the games box names both teams without an ellipsis; on a phone the team tab bar
// shows the tab the reader is on and the widgets page shows the whole snippet.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeFindings, expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const TEAM = '/nfl/green-bay-packers';
const DESKTOP = { width: 1280, height: 900 };
const MOBILE = { width: 390, height: 844 };

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

/** Opens `path` recording every console message of level warning or error. */
async function openPage(path: string, viewport: typeof DESKTOP): Promise<{ page: Page; logs: string[] }> {
  const context = await newContext(browser(), baseUrl, viewport);
  const page = await context.newPage();
  const logs: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning' || msg.type() === 'error') logs.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => logs.push(`pageerror: ${error.message}`));
  await page.goto(path);
  return { page, logs };
}

describe('first run', () => {
  it('loads home, sport, team, roster and widgets pages with an empty console', async () => {
    for (const path of [
      '/',
      '/sports/nfl/news',
      TEAM,
      `${TEAM}/news`,
      `${TEAM}/players`,
      `${TEAM}/widgets`,
    ]) {
      const { page, logs } = await openPage(path, DESKTOP);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect({ path, logs }).toEqual({ path, logs: [] });
      await page.context().close();
    }
  });

  it('sends the not-found page with status 404 for unknown paths and slugs, 200 for pages', async () => {
    for (const [path, status] of [
      ['/curling', 404],
      ['/nfl/no-such-team/news', 404],
      ['/players/nobody-at-all', 404],
      [`${TEAM}/news`, 200],
      ['/nfl', 200],
    ] as const) {
      const { page } = await openPage('about:blank', DESKTOP);
      const res = await page.goto(path);
      expect({ path, status: res?.status() }).toEqual({ path, status });
      if (status === 404)
        await page.getByText("Whoops. The page you're looking for doesn't exist.").waitFor();
      await page.context().close();
    }
  });

  it('names both teams of every game card without cutting them at desktop width', async () => {
    const { page } = await openPage(`${TEAM}/news`, DESKTOP);
    const cards = page.getByTestId('game-card');
    await cards.first().waitFor();
    const cut = await page.$$eval('.ss-game__team', (teams) =>
      teams
        .filter((el) => el.getBoundingClientRect().width > 0 && el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.textContent),
    );
    expect(cut).toEqual([]);
    await page.context().close();
  });

  it('lists the roster with the quarterbacks first', async () => {
    const { page } = await openPage(`${TEAM}/players`, DESKTOP);
    const first = page.locator('main h2').first();
    await first.waitFor();
    expect(await first.textContent()).toBe('Quarterback');
    await expectAccessible(page, `${TEAM}/players`);
    await page.context().close();
  });

  it('on a phone, shows the active team tab and the whole widget snippet', async () => {
    const { page } = await openPage(`${TEAM}/widgets`, MOBILE);
    const tabs = page.getByRole('navigation', { name: 'Green Bay Packers sections' });
    const active = tabs.getByRole('link', { name: 'Widgets' });
    await active.waitFor();
    const [bar, tab] = await Promise.all([tabs.boundingBox(), active.boundingBox()]);
    expect(bar && tab).toBeTruthy();
    if (bar && tab) {
      expect(tab.x).toBeGreaterThanOrEqual(bar.x - 1);
      expect(tab.x + tab.width).toBeLessThanOrEqual(bar.x + bar.width + 1);
    }
    // The embed configurator's snippet wraps: nothing of it is cut off or scrolls sideways.
    const snippet = page.getByRole('figure', { name: 'Snippet' }).locator('pre');
    await snippet.waitFor();
    await page.getByTestId('embed-preview').locator('sportspyder-headline').waitFor();
    const clipped = await snippet.evaluate(
      (el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1,
    );
    expect(clipped).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await page.context().close();
  });
});
