// The team headline embed on a publisher page in Chromium: a static page served from ANOTHER origin (its
// own port) with a strict CSP and a hostile stylesheet loads `<server>/widgets/headline.js`. The embed must
// render the team's headlines in its shadow root untouched by the page's styles, add exactly one global,
// and show its fallback state when its API cannot be reached. axe checks the widget in each state (the
// page around it is the test's hostile fixture): 0 serious or critical.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser } from './browser.js';

const baseUrl = inject('baseUrl');
const TEAM = 'nfl/green-bay-packers';
const LIMIT = 6;
const HOSTILE_CSS = '* { all: unset !important; color: red !important }';
/** axe checks the embed's element and its shadow root only: the page around it is a test fixture. */
const WIDGET_ONLY = { include: 'sportspyder-headline' };
const TEXTS = {
  empty: 'No headlines yet',
  unavailable: 'Headlines are unavailable right now',
  notFound: 'Team not found',
};

let browser: Browser;
let bundle = '';
/** The publisher's page server (a different origin from the product). */
let host: Server;
let hostUrl = '';
/** A copy of the product whose API never answers or drops the connection ("API stopped"). */
let dead: Server;
let deadUrl = '';

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
}

function close(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

function publisherPage(tags: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Publisher</title>
<link rel="stylesheet" href="/hostile.css"></head><body><h1>Local sports</h1>${tags}
<p id="after">Story text after the widget.</p></body></html>`;
}

beforeAll(async () => {
  const res = await fetch(`${baseUrl}/widgets/headline.js`);
  expect(res.status).toBe(200);
  bundle = await res.text();

  host = createServer((req, res) => {
    if (req.url === '/hostile.css') {
      res.writeHead(200, { 'content-type': 'text/css' }).end(HOSTILE_CSS);
      return;
    }
    const tags =
      req.url === '/fallback'
        ? `<script src="${deadUrl}/widgets/headline.js" data-team="nfl/dallas-cowboys" async></script>
           <script src="${deadUrl}/widgets/headline.js" data-team="nfl/buffalo-bills" async></script>`
        : req.url === '/unknown'
          ? `<script src="${baseUrl}/widgets/headline.js" data-team="nfl/no-such-team" async></script>`
          : `<script src="${baseUrl}/widgets/headline.js" data-team="${TEAM}" data-limit="${LIMIT}" async></script>`;
    // A strict host CSP: no 'unsafe-inline' anywhere; scripts and API calls only from the product.
    const csp = [
      "default-src 'none'",
      `script-src ${baseUrl} ${deadUrl}`,
      `connect-src ${baseUrl} ${deadUrl}`,
      "style-src 'self'",
      `img-src https: data: ${baseUrl}`,
    ].join('; ');
    res
      .writeHead(200, { 'content-type': 'text/html', 'content-security-policy': csp })
      .end(publisherPage(tags));
  });
  hostUrl = await listen(host);

  dead = createServer((req, res) => {
    if (req.url?.startsWith('/widgets/headline.js')) {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
      return;
    }
    // The Cowboys' request hangs (the 3 s timeout must fire); the Bills' connection is dropped.
    if (req.url?.includes('buffalo-bills')) req.socket.destroy();
  });
  deadUrl = await listen(dead);

  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  dead?.closeAllConnections();
  await close(dead);
  await close(host);
});

async function openPublisherPage(path: string): Promise<{ page: Page; cspErrors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const cspErrors: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) cspErrors.push(msg.text());
  });
  // Record the window's own properties before any page script runs, to count the globals the embed adds.
  await page.addInitScript(() => {
    (window as unknown as { __before: string[] }).__before = Object.getOwnPropertyNames(window);
  });
  await page.goto(`${hostUrl}${path}`);
  return { page, cspErrors };
}

describe('the team headline embed on a publisher page', () => {
  it('serves headline.js for other origins, with a long-lived versioned copy', async () => {
    const res = await fetch(`${baseUrl}/widgets/headline.js`);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    // Helmet's default CORP (same-origin) would stop publisher pages from running the script.
    expect(res.headers.get('cross-origin-resource-policy') ?? 'cross-origin').toBe('cross-origin');
    const manifest = (await (await fetch(`${baseUrl}/widgets/manifest.json`)).json()) as Record<
      string,
      string
    >;
    const versioned = await fetch(`${baseUrl}/widgets/${manifest['headline.js']}`);
    expect(versioned.status).toBe(200);
    expect(await versioned.text()).toBe(bundle);
    expect(versioned.headers.get('cache-control')).toMatch(/max-age=31536000/);
    expect(versioned.headers.get('cache-control')).toMatch(/immutable/);
  });

  it("renders the team's headlines in a shadow root despite a hostile stylesheet, with one global", async () => {
    // What the API holds for the team decides what the reader must see: up to 6 headlines, or the empty state.
    const api = await fetch(`${baseUrl}/api/v1/teams/green-bay-packers/articles?perPage=${LIMIT}`);
    expect(api.status).toBe(200);
    const { articles } = (await api.json()) as { articles: Array<{ title: string }> };
    const expected = Math.min(LIMIT, articles.length);

    const { page, cspErrors } = await openPublisherPage('/');
    const widget = page.locator('sportspyder-headline');
    await widget.locator(`.ss[data-state="ok"]`).waitFor();
    // The hostile page cannot see inside: the list lives in the open shadow root.
    expect(await page.evaluate(() => document.querySelectorAll('li.row').length)).toBe(0);
    const rows = widget.locator('li.row:not(.sk)');
    expect(await rows.count()).toBe(expected);
    if (expected === 0) {
      await widget.getByText(TEXTS.empty).waitFor();
    } else {
      await rows.first().getByText(articles[0]!.title).waitFor();
      expect(await rows.first().locator('a').getAttribute('target')).toBe('_blank');
    }
    await widget.getByText('More Green Bay Packers news on SportSpyder').waitFor();

    // The page's `* { all: unset !important; color: red !important }` does not reach the widget.
    const look = await page.evaluate(() => {
      const el = document.querySelector('sportspyder-headline')!;
      const box = el.shadowRoot!.querySelector('.ss')!;
      const more = el.shadowRoot!.querySelector('a.more')!;
      return {
        display: getComputedStyle(el).display,
        height: el.getBoundingClientRect().height,
        boxColor: getComputedStyle(box).color,
        moreColor: getComputedStyle(more).color,
        moreDisplay: getComputedStyle(more).display,
      };
    });
    expect(look.display).toBe('block');
    expect(look.height).toBeGreaterThanOrEqual(LIMIT * 56);
    expect(look.boxColor).not.toBe('rgb(255, 0, 0)');
    expect(look.moreColor).not.toBe('rgb(255, 0, 0)');
    expect(look.moreDisplay).toBe('block');

    const added = await page.evaluate(() => {
      const before = new Set((window as unknown as { __before: string[] }).__before);
      return Object.getOwnPropertyNames(window).filter((name) => !before.has(name) && name !== '__before');
    });
    expect(added).toEqual(['SportSpyder']);
    expect(
      await page.evaluate(() => typeof (window as { SportSpyder?: { init?: unknown } }).SportSpyder?.init),
    ).toBe('function');
    expect(cspErrors).toEqual([]);
    // axe last: it adds globals of its own to the page.
    await expectAccessible(page, 'the headline widget', WIDGET_ONLY);
    await page.context().close();
  });

  it('shows its fallback within 3 s when the API hangs or is stopped', async () => {
    const { page, cspErrors } = await openPublisherPage('/fallback');
    const started = Date.now();
    const widgets = page.locator('sportspyder-headline');
    await widgets.first().waitFor({ state: 'attached' });
    await widgets.nth(0).getByText(TEXTS.unavailable).waitFor({ timeout: 4500 });
    await widgets.nth(1).getByText(TEXTS.unavailable).waitFor({ timeout: 4500 });
    expect(Date.now() - started).toBeLessThan(4500);
    expect(await widgets.count()).toBe(2);
    // Two copies of the bundle ran (one per tag); still one global.
    const added = await page.evaluate(() => {
      const before = new Set((window as unknown as { __before: string[] }).__before);
      return Object.getOwnPropertyNames(window).filter((name) => !before.has(name) && name !== '__before');
    });
    expect(added).toEqual(['SportSpyder']);
    expect(cspErrors).toEqual([]);
    await expectAccessible(page, 'the headline widgets in their fallback', WIDGET_ONLY);
    await page.context().close();
  });

  it('collapses to its message for an unknown team instead of keeping six empty rows', async () => {
    const { page } = await openPublisherPage('/unknown');
    const widget = page.locator('sportspyder-headline');
    await widget.getByText(TEXTS.notFound).waitFor({ timeout: 4500 });
    const height = await widget.evaluate((el) => el.getBoundingClientRect().height);
    // Six reserved rows are 428 px; the message with its heading and footer needs well under 150.
    expect(height).toBeLessThan(150);
    await expectAccessible(page, 'the headline widget of an unknown team', WIDGET_ONLY);
    await page.context().close();
  });
});
