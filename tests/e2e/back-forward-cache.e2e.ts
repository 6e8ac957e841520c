// The back/forward cache (issue 46). The headless Chromium of these tests runs with the cache switched off
// by its command line (even a bare static page is never restored), so the test checks the two halves it
// can: the sport page has none of the blockers a page causes itself (a `Cache-Control: no-store` document,
// an error status), as Chrome reports them on Back; and the page's realtime socket closes on `pagehide`
// and opens again on a `pageshow` from the cache, as a real browser's restore fires them.
import type { CDPSession } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

/** Reasons this browser gives for every page, whatever the page does (its command line, its sessions). */
const BROWSER_REASONS = new Set([
  'BackForwardCacheDisabled',
  'BackForwardCacheDisabledByCommandLine',
  'BrowsingInstanceNotSwapped',
]);

/** The reasons Chrome gives on the next Back for not restoring the page from the cache. */
function notRestoredReasons(cdp: CDPSession): Promise<string[]> {
  return new Promise((resolve) => {
    cdp.once('Page.backForwardCacheNotUsed', (event) =>
      resolve(event.notRestoredExplanations.map((e) => e.reason)),
    );
  });
}

describe('back/forward cache', () => {
  it('leaves nothing of the sport page in the way of the cache, and closes and reopens its socket with the page', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.enable');
    const firstSocket = page.waitForEvent('websocket');
    await page.goto('/sports/nfl');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectAccessible(page, 'the NFL page');
    await firstSocket;
    await page.waitForLoadState('networkidle');

    // A real navigation away and back: Chrome names what kept the page out of the cache.
    const reasons = notRestoredReasons(cdp);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const socketAfterBack = page.waitForEvent('websocket');
    await page.goBack();
    const own = (await reasons).filter((r) => !BROWSER_REASONS.has(r));
    expect(own).toEqual([]);

    // The page going into the cache: its socket closes, so no open connection keeps it out.
    const socket = await socketAfterBack;
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    const reopened = page.waitForEvent('websocket');
    await page.evaluate(() => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    });
    await closed;
    // Restored from the cache: a new socket opens.
    await page.evaluate(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    const again = await reopened;
    expect(again.url()).toContain('/cable');
    await context.close();
  });
});
