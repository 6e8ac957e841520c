// The last rules of the shell (issue 17) in Chromium against the real server: the navigation hides on
// scroll down past 150 px and comes back on scroll up; a new page opens at the top and Back returns to
// the position the reader left; the visitor's menu (Sign In, Register, My Podcasts)
// on desktop and mobile, by keyboard; and a server restarted with another APP_VERSION reloads open pages,
// except one holding unsent input until that input is abandoned.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';
import { type ServerProcess, startServerProcess } from './server-process.js';

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

/** The top bar's top edge in the viewport (0 when shown, minus its height when hidden). */
const barTop = (page: Page) =>
  page.getByTestId('top-bar').evaluate((bar) => Math.round(bar.getBoundingClientRect().top));

describe('scroll behaviour', () => {
  it('hides the navigation when a team feed scrolls down past 150 px and brings it back on scroll up', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await page.goto('/nfl/green-bay-packers/news');
    await page.locator('.ss-article-card, article').first().waitFor();
    const bar = page.getByTestId('top-bar');
    expect(await barTop(page)).toBe(0);

    await page.mouse.move(640, 600);
    await page.mouse.wheel(0, 120);
    await page.waitForTimeout(300);
    // Still within 150 px: the navigation stays.
    expect(await page.evaluate(() => window.scrollY)).toBeLessThanOrEqual(150);
    expect(await bar.getAttribute('class')).not.toContain('is-hidden');

    await page.mouse.wheel(0, 600);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="top-bar"]')?.classList.contains('is-hidden'),
    );
    await page.waitForTimeout(300);
    const height = await bar.evaluate((el) => el.getBoundingClientRect().height);
    expect(await barTop(page)).toBe(-Math.round(height));

    await page.mouse.wheel(0, -80);
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="top-bar"]')?.classList.contains('is-hidden'),
    );
    await page.waitForTimeout(300);
    expect(await barTop(page)).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(150);
    await context.close();
  });

  it('opens a new page at the top, and Back returns to where the reader was on the team feed', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await page.goto('/nfl/green-bay-packers/news');
    await page.getByTestId('article-card').first().waitFor();
    await page.mouse.move(640, 600);
    await page.mouse.wheel(0, 1200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const left = await page.evaluate(() => window.scrollY);

    // A link the reader sees where they are (clicking one out of view would scroll to it first).
    const href = await page.evaluate(() => {
      const inView = [...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/"]')].find((a) => {
        const box = a.getBoundingClientRect();
        return box.top > 100 && box.bottom < window.innerHeight - 150 && a.pathname !== location.pathname;
      });
      inView?.setAttribute('data-e2e-next', '');
      return inView?.pathname ?? null;
    });
    expect(href).not.toBeNull();
    await page.locator('[data-e2e-next]').click();
    await page.waitForURL(`**${href}`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await page.waitForURL('**/nfl/green-bay-packers/news');
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(left);
    await context.close();
  });

  it('pins an open video in the corner once the page has scrolled past it, and puts it back on scroll up', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await page.goto('/nfl/green-bay-packers/videos');
    await page.locator('.ss-videos__select').first().click();
    const box = page.getByTestId('video-player-box');
    await box.waitFor();
    const frameBefore = await page
      .locator('.ss-video-player__frame')
      .first()
      .evaluate((f) => (f as HTMLIFrameElement).src);
    const placeTop = await page
      .getByTestId('video-player')
      .evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
    // Scrolled past the video's top by less than 436 px: in place.
    await page.evaluate((y) => window.scrollTo(0, y), Math.max(0, placeTop + 400));
    await page.waitForTimeout(200);
    expect(await box.getAttribute('class')).not.toContain('is-pinned');
    await page.evaluate((y) => window.scrollTo(0, y), placeTop + 480);
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="video-player-box"]')?.classList.contains('is-pinned'),
    );
    const pinned = await box.evaluate((el) => el.getBoundingClientRect().toJSON());
    expect(pinned.top).toBeGreaterThanOrEqual(0);
    expect(pinned.right).toBeLessThanOrEqual(1280);
    expect(pinned.width).toBeLessThanOrEqual(360);
    await expectAccessible(page, 'the team videos page with the player pinned');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(
      () => !document.querySelector('[data-testid="video-player-box"]')?.classList.contains('is-pinned'),
    );
    // The frame was never reloaded or replaced.
    expect(
      await page
        .locator('.ss-video-player__frame')
        .first()
        .evaluate((f) => (f as HTMLIFrameElement).src),
    ).toBe(frameBefore);
    await context.close();
  });
});

describe("the visitor's menu", () => {
  it('offers Sign In, Register and My Podcasts on desktop, by keyboard', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await page.goto('/nfl/green-bay-packers/news');
    const toggle = page.getByRole('button', { name: 'Sign in menu' });
    await toggle.focus();
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu', { name: 'Sign in' });
    await menu.waitFor();
    const items = menu.getByRole('menuitem');
    expect(await items.allTextContents()).toEqual(['Sign In', 'Register', 'My Podcasts']);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sign In');
    await expectAccessible(page, 'the open sign-in menu');
    await toggle.focus();
    await page.keyboard.press('ArrowUp');
    await page.waitForFunction(() => document.activeElement?.textContent === 'My Podcasts');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/my/podcasts');
    await context.close();
  });

  it('offers the same three entries on mobile', async () => {
    const context = await newContext(browser(), baseUrl, { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const panel = page.getByRole('dialog', { name: 'Sign in menu' });
    await panel.waitFor();
    expect(await panel.getByRole('link').allTextContents()).toEqual(['Sign In', 'Register', 'My Podcasts']);
    await expectAccessible(page, 'the mobile sign-in panel');
    await panel.getByRole('link', { name: 'Register' }).click();
    await page.waitForURL((url) => url.pathname === '/join');
    await context.close();
  });
});

describe('reload on a new version', () => {
  let server: ServerProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'sportspyder-version-'));
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reloads open pages when the server restarts with another APP_VERSION, a page being typed in once its input is abandoned', async () => {
    server = await startServerProcess({ dataDir, env: { APP_VERSION: 'e2e-1', DEMO: 'off' } });
    const port = Number(new URL(server.url).port);
    const context = await newContext(browser(), server.url);
    const reading = await context.newPage();
    const typing = await context.newPage();
    for (const page of [reading, typing]) {
      const socket = page.waitForEvent('websocket');
      await page.goto('/login');
      // Connected to the cable of the first process.
      await socket;
      await page.locator('form.ss-form').waitFor();
      // Gone after a reload.
      await page.evaluate(() => {
        (window as unknown as { loadedOnce: boolean }).loadedOnce = true;
      });
    }
    await typing.locator('form.ss-form').getByLabel('Email').fill('half-typed@example.com');

    const readingReloaded = reading.waitForEvent('load', { timeout: 60_000 });
    // After its socket reconnects, a page reads the session again and so learns the new version.
    const typingCaughtUp = typing.waitForResponse((r) => r.url().includes('/api/v1/session') && r.ok(), {
      timeout: 60_000,
    });
    await server.stop();
    server = await startServerProcess({ dataDir, port, env: { APP_VERSION: 'e2e-2', DEMO: 'off' } });
    await readingReloaded;
    expect(
      await reading.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce),
    ).toBeUndefined();

    // The page with a half-typed form keeps it while the reader may still send it.
    await typingCaughtUp;
    await typing.waitForTimeout(3000);
    expect(await typing.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce)).toBe(
      true,
    );
    expect(await typing.locator('form.ss-form').getByLabel('Email').inputValue()).toBe(
      'half-typed@example.com',
    );

    // Abandoned (emptied): it reloads within a few seconds.
    const typingReloaded = typing.waitForEvent('load', { timeout: 10_000 });
    await typing.locator('form.ss-form').getByLabel('Email').fill('');
    await typingReloaded;
    expect(
      await typing.evaluate(() => (window as unknown as { loadedOnce?: boolean }).loadedOnce),
    ).toBeUndefined();
    await context.close();
  }, 180_000);
});
