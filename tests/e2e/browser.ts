// Launches Debian's Chromium through playwright-core (never a downloaded browser) with the flags
// this closed-network machine needs, and opens pages against the test server.
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Chromium flags: headless, no sandbox (CI runs as root), and no background network calls. */
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** How {@link launchBrowser} starts Chromium. */
export interface LaunchOptions {
  /**
   * Keep the back/forward cache on. Playwright switches it off by default (`--disable-back-forward-cache`
   * in its default arguments), so without this no page is ever restored from it.
   */
  backForwardCache?: boolean;
}

/** Launches the system Chromium. */
export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ARGS,
    ignoreDefaultArgs: options.backForwardCache ? ['--disable-back-forward-cache'] : undefined,
  });
}

/** A fresh context (own cookies and storage) at a desktop size, with the test server as base URL. */
export function newContext(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 900 },
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport });
}

/**
 * One Chromium for the tests of a file: registers the hooks that launch it before them and close it
 * after (call it at the top of the file). Answers the browser, launched once the tests run.
 *
 * @example
 * const browser = browserOfFile();
 * const context = await newContext(browser(), baseUrl);
 */
export function browserOfFile(options: LaunchOptions = {}): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser(options);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is launched before the tests run');
    return browser;
  };
}
