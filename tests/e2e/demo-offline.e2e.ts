// The demo works with no network (issue 18, "A demo that works offline"): a demo article link opens the
// server's own copy of the made-up publication, and a team's Videos tab shows videos whose thumbnails
// the server draws itself and which play the server's own page of the video.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const TEAM = '/nfl/green-bay-packers';
const baseUrl = inject('baseUrl');
const browser = browserOfFile();

async function openPage(path: string): Promise<Page> {
  const context = await newContext(browser(), baseUrl);
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

describe('the demo with no network', () => {
  it('follows a team news article to the demo publisher page, which passes axe', async () => {
    const page = await openPage(`${TEAM}/news`);
    const card = page.getByTestId('article-card').first();
    const headline = card.getByRole('heading').first();
    await headline.waitFor();
    const title = (await headline.innerText()).trim();
    const href = await headline.getByRole('link').first().getAttribute('href');
    expect(href).toMatch(/^https?:\/\/[^/]+\/demo\/publishers\/[a-z0-9-]+\.example\//);
    const response = await page.goto(href ?? '');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).innerText()).resolves.toBe(title);
    await expect(page.getByRole('link', { name: 'Back to SportSpyder' }).count()).resolves.toBe(1);
    await expectAccessible(page, `the demo publisher page of "${title}"`);
    await page.context().close();
  });

  it("shows at least three videos on a team's Videos tab, with thumbnails that load", async () => {
    const page = await openPage(`${TEAM}/videos`);
    const thumbnails = page.locator('img[src*="/demo/thumbnails/"]');
    await thumbnails.first().waitFor();
    const count = await thumbnails.count();
    expect(count).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < Math.min(count, 3); i++) {
      const img = thumbnails.nth(i);
      await img.scrollIntoViewIfNeeded();
      await expect
        .poll(() =>
          img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
        )
        .toBeGreaterThan(0);
    }
    // A video opens in the player, which plays the server's own page of the demo video.
    await page.locator('.ss-videos__select').first().click();
    const frame = page.locator('iframe.ss-video-player__frame');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toContain('/demo/videos/');
    await page.frameLocator('iframe.ss-video-player__frame').getByRole('heading', { level: 1 }).waitFor();
    await page.context().close();
  });
});
