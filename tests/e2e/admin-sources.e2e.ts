// The admin's source management in Chromium against the built server (issue 44, "Managing sources while
// the server runs"): a small site on a loopback host (a page with only a <link rel="alternate"> to its
// feed, the feed naming the Green Bay Packers) is added by the site's URL: the preview shows the feed
// found through the link, its items and the Packers suggested; after Save the source heads the table
// and its items arrive in its row once the running server's scheduler fetched it; Disable shows the
// disabled state; the removal dialog takes its articles away again. A member gets the 403 page and a
// visitor the sign-in screen. axe on every page and dialog visited: 0 serious or critical.
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const ADMIN = { email: 'admin@sportspyder.test', password: 'sportspyder-admin' };
const MEMBER = { email: 'demo@sportspyder.test', password: 'sportspyder-demo' };
// Set to a folder to keep desktop and mobile screenshots of the page (for a human to look at).
const SHOTS = process.env.ADMIN_SOURCES_SCREENSHOTS;

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

const run = Date.now().toString(36);
// The items are 40 days old: beyond the 48-hour story window of the demo's Packers stories, so they join
// none of them, and below every demo article on the Packers pages the other browser tests read.
const OLD_MS = 40 * 24 * 60 * 60 * 1000;
const FEED_TITLE = `Lambeau Loopback Wire ${run}`;
const ITEMS = [
  `Green Bay Packers activate their kicker ${run}`,
  `Green Bay Packers practice report before Sunday ${run}`,
  `Jordan Love leads the Green Bay Packers offense ${run}`,
];

/** The site: a page that names its feed only through <link rel="alternate">, and the feed. */
function loopbackSite(): Server {
  return createServer((req, res) => {
    if (req.url === '/feed.xml') {
      const now = Date.now();
      const items = ITEMS.map(
        (title, i) => `<item>
  <title>${title}</title>
  <link>http://${req.headers.host}/news/${run}-${i}</link>
  <guid>${run}-${i}</guid>
  <pubDate>${new Date(now - OLD_MS - (i + 1) * 60_000).toUTCString()}</pubDate>
  <description>${title}. The Green Bay Packers say more at Lambeau Field.</description>
</item>`,
      ).join('\n');
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel>
<title>${FEED_TITLE}</title>
<link>http://${req.headers.host}/</link>
<description>Green Bay Packers news</description>
${items}
</channel></rss>`);
      return;
    }
    if (req.url === '/' || req.url === '/index.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Lambeau Loopback</title>
<link rel="alternate" type="application/rss+xml" title="${FEED_TITLE}" href="/feed.xml">
</head><body><h1>Lambeau Loopback</h1><p>Green Bay Packers news.</p></body></html>`);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('not found');
  });
}

let site: Server;
let siteUrl = '';

beforeAll(async () => {
  site = loopbackSite();
  await new Promise<void>((resolve, reject) => {
    site.once('error', reject);
    site.listen(0, '127.0.0.2', () => resolve());
  });
  siteUrl = `http://127.0.0.2:${(site.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => site?.close(resolve));
});

async function signIn(page: Page, who: { email: string; password: string }) {
  await page.goto('/login');
  const login = page.locator('form.ss-form');
  await login.getByLabel('Email').fill(who.email);
  await login.getByLabel('Password').fill(who.password);
  await login.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /^Account menu for / }).waitFor();
}

describe('/admin/sources', () => {
  it('adds a site by its URL with a preview, sees its items arrive, disables it and removes it', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await signIn(page, ADMIN);
    await page.goto('/admin/sources');
    await page.getByRole('heading', { level: 1, name: 'Sources' }).waitFor();
    await page.getByTestId('admin-source-row').first().waitFor();
    await expectAccessible(page, '/admin/sources');

    // Sorting by a column header marks the header for assistive technology.
    const header = page.getByRole('columnheader', { name: /^Failures/ });
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('descending');
    await header.getByRole('button').click();
    await expect.poll(() => header.getAttribute('aria-sort')).toBe('ascending');

    // Add by the site's URL: the feed is found through the page's <link rel="alternate">.
    await page.getByLabel('Feed or site address').fill(siteUrl);
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('source-preview');
    await preview.waitFor();
    await preview.getByRole('heading', { name: `Feed found: ${FEED_TITLE}` }).waitFor();
    expect(await preview.textContent()).toContain('<link rel="alternate">');
    expect(await preview.textContent()).toContain(`${siteUrl}feed.xml`);
    for (const title of ITEMS) await preview.getByText(title).waitFor();
    // The tagger suggests the Packers from the items, already chosen and editable.
    const packers = preview.getByRole('checkbox', { name: 'Green Bay Packers' });
    await packers.waitFor();
    expect(await packers.isChecked()).toBe(true);
    expect(await preview.getByLabel('Sport').inputValue()).toBe('nfl');
    await expectAccessible(page, '/admin/sources (preview)');

    await preview.getByRole('button', { name: 'Save source' }).click();
    await page.getByText('Source added').waitFor();

    // The table turns to newest first, where the new source heads it, opened; its items arrive once the
    // scheduler fetched it.
    await page.waitForURL(/[?&]sort=-createdAt/);
    const row = page.getByTestId('admin-source-row').filter({ hasText: FEED_TITLE });
    await row.waitFor({ timeout: 45_000 });
    const latest = page.getByRole('list', { name: `Latest items of ${FEED_TITLE}` });
    await latest.getByText(ITEMS[0] as string).waitFor({ timeout: 45_000 });
    await expect.poll(() => row.getAttribute('data-state'), { timeout: 20_000 }).toBe('active');
    // The row's fetch status comes with the table's next poll, which can follow the row's own items.
    await expect.poll(() => row.textContent(), { timeout: 20_000 }).toContain('HTTP 200');
    expect(await row.textContent()).toContain('Green Bay Packers');
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, 'admin-sources-desktop.png'), fullPage: true });
    }
    await expectAccessible(page, '/admin/sources (new source with items)');

    // The edit dialog: the sport's teams as checkboxes, Escape closes it.
    await row.getByRole('button', { name: `Edit ${FEED_TITLE}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${FEED_TITLE}` });
    await edit.waitFor();
    expect(await edit.getByRole('checkbox', { name: 'Green Bay Packers' }).isChecked()).toBe(true);
    await expectAccessible(page, '/admin/sources (edit dialog)');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });

    // Disable: the state says so.
    await row.getByRole('button', { name: `Disable ${FEED_TITLE}` }).click();
    await expect.poll(() => row.getAttribute('data-state')).toBe('disabled');
    await row.getByText('Disabled', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Enable ${FEED_TITLE}` }).waitFor();

    if (SHOTS) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(SHOTS, 'admin-sources-mobile.png'), fullPage: false });
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, 'admin-sources-mobile-table.png'), fullPage: false });
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // Remove it with its articles, so the Packers pages of the other browser tests stay as they were.
    await row.getByRole('button', { name: `Remove ${FEED_TITLE}` }).click();
    const remove = page.getByRole('dialog', { name: `Remove ${FEED_TITLE}?` });
    await remove.waitFor();
    await expectAccessible(page, '/admin/sources (remove dialog)');
    await remove.getByLabel('Remove them with the source').check();
    await remove.getByRole('button', { name: 'Remove source' }).click();
    await remove.waitFor({ state: 'detached' });
    await row.waitFor({ state: 'detached' });
    await context.close();
  }, 150_000);

  it('shows a member the 403 page and sends a visitor to sign in', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await page.goto('/admin/sources');
    await page.waitForURL(/\/login/);

    await signIn(page, MEMBER);
    await page.goto('/admin/sources');
    await page.getByRole('heading', { level: 1, name: "You don't have access to this page" }).waitFor();
    await page.getByRole('link', { name: 'Home' }).last().waitFor();
    expect(await page.getByTestId('admin-source-row').count()).toBe(0);
    await expectAccessible(page, '/admin/sources (member)');
    await context.close();
  });
});
