// The back/forward cache (issue 46), in a Chromium that keeps it on (Playwright's default arguments
// switch it off). The sport page is left for another page and Back brings the same document back from
// the cache (its state kept, `pageshow` with `persisted`), not a new load; the realtime socket it had is
// closed (an open socket keeps a page out of the cache, so it closes on `pagehide`) and a new one is open.
// Chromium 150 names an open socket among its reasons as the navigation starts, before `pagehide` has
// closed it, so the reasons Chrome gives are only read to explain a failed restore.
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const browser = browserOfFile({ backForwardCache: true });
const baseUrl = inject('baseUrl');

/** What the test's init script keeps on the page's window. */
interface Probe {
  restored?: boolean;
  keptState?: string;
  sockets?: { url: string; readyState: number }[];
}

describe('back/forward cache', () => {
  it('brings the sport page back from the cache on Back, its socket closed when left and a new one open', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await page.addInitScript(() => {
      const probe = window as unknown as Probe;
      addEventListener('pageshow', (event) => {
        if (event.persisted) probe.restored = true;
      });
      // Every socket the page opens, to read their states after the restore.
      const sockets: WebSocket[] = [];
      probe.sockets = sockets;
      window.WebSocket = class extends WebSocket {
        constructor(...args: ConstructorParameters<typeof WebSocket>) {
          super(...args);
          sockets.push(this);
        }
      };
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Page.enable');
    let notRestored: string[] = [];
    cdp.on('Page.backForwardCacheNotUsed', (event) => {
      notRestored = event.notRestoredExplanations.map((e) => e.reason);
    });

    const firstSocket = page.waitForEvent('websocket');
    await page.goto('/sports/nfl');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectAccessible(page, 'the NFL page');
    await firstSocket;
    await page.waitForLoadState('networkidle');
    // The service worker of a first visit claims its pages when it activates (clientsClaim), and a
    // claim evicts a page that is in the cache by then ("ServiceWorkerClaim"): wait until it controls
    // this page, as it does on every later visit.
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, {
      timeout: 20_000,
    });
    await page.evaluate(() => {
      (window as unknown as Probe).keptState = 'the NFL page';
    });

    await page.goto('/about');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // Back: a restore fires no load event, so wait for the commit only.
    await page.goBack({ waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const state = await page.evaluate(() => {
      const probe = window as unknown as Probe;
      return { keptState: probe.keptState ?? null, restored: probe.restored ?? false };
    });
    expect({ ...state, notRestored }).toEqual({ keptState: 'the NFL page', restored: true, notRestored: [] });
    expect(page.url()).toBe(`${baseUrl}/sports/nfl`);

    // The first socket closed as the page was left; the restored page opened a new one.
    const OPEN = 1;
    const CLOSED = 3;
    await expect
      .poll(() =>
        page.evaluate(() =>
          ((window as unknown as Probe).sockets ?? []).map((s) => ({
            cable: new URL(s.url).pathname === '/cable',
            readyState: s.readyState,
          })),
        ),
      )
      .toEqual([
        { cable: true, readyState: CLOSED },
        { cable: true, readyState: OPEN },
      ]);
    await context.close();
  });
});
