// examples/publisher-page in Chromium: its own Node server (another origin) serves the article under a
// strict CSP with a fresh nonce; the dark and the light headline widgets render the teams' headlines,
// the lazy one below the fold asks the API only once scrolled to, and the page reports no CSP violation
// (neither a `securitypolicyviolation` event nor a console message). axe: 0 serious or critical.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser } from './browser.js';
import { type ExampleServer, startExample } from './example-process.js';

const baseUrl = inject('baseUrl');

let browser: Browser;
let example: ExampleServer;

beforeAll(async () => {
  example = await startExample('examples/publisher-page/server.mjs', { SPORTSPYDER_URL: baseUrl });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await example?.stop();
});

/** The newest headline title of a team, as the API gives it to the widget. */
async function newestTitle(team: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/teams/${team}/articles?perPage=1`);
  const { articles } = (await res.json()) as { articles: Array<{ title: string }> };
  expect(articles.length, `${team} has headlines in the demo data`).toBeGreaterThan(0);
  return articles[0]!.title;
}

/** Collects CSP violations from the page's events and console, installed before any page script. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const fromConsole: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) fromConsole.push(msg.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return async () => [
    ...fromConsole,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  ];
}

describe('examples/publisher-page', () => {
  it('serves the article with a strict CSP and a new nonce per request', async () => {
    const first = await fetch(example.url);
    const second = await fetch(example.url);
    const csp = first.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    expect(csp).not.toContain('unsafe-inline');
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    expect(await first.text()).toContain(`nonce="${nonce}"`);
  });

  it('renders the dark and the light widget, loads the lazy one on scroll, with no CSP violation', async () => {
    const [packers, bears, lions] = await Promise.all(
      ['green-bay-packers', 'chicago-bears', 'detroit-lions'].map(newestTitle),
    );
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const violations = await watchCsp(page);
    const lionsRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/teams/detroit-lions/articles')) lionsRequests.push(request.url());
    });
    await page.goto(example.url);

    // The two sidebar widgets: the Packers' dark one and the Bears' light one in #bears-news.
    const packersWidget = page.locator('.dark-box sportspyder-headline');
    const bearsWidget = page.locator('#bears-news sportspyder-headline');
    await packersWidget.locator('.ss[data-state="ok"]').waitFor();
    await bearsWidget.locator('.ss[data-state="ok"]').waitFor();
    await packersWidget.getByText(packers!).waitFor();
    await bearsWidget.getByText(bears!).waitFor();
    expect(await packersWidget.getAttribute('data-scheme')).toBe('dark');
    expect(await bearsWidget.getAttribute('data-scheme')).toBe('light');

    // The lazy widget below the fold is mounted with its space reserved, but has asked for nothing yet.
    const lazy = page.locator('.more sportspyder-headline');
    await lazy.waitFor({ state: 'attached' });
    await page.waitForTimeout(500);
    expect(lionsRequests).toEqual([]);
    expect(await lazy.locator('.ss[data-state="ok"]').count()).toBe(0);

    await lazy.scrollIntoViewIfNeeded();
    await lazy.locator('.ss[data-state="ok"]').waitFor();
    await lazy.getByText(lions!).waitFor();
    expect(lionsRequests).toHaveLength(1);

    expect(await violations()).toEqual([]);
    await expectAccessible(page, 'the publisher page');
    await context.close();
  });
});
