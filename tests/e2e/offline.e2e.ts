// The installable site and offline reading (issue 49) in Chromium against the built server: the web
// app manifest is valid and linked, the service worker registers and controls the page, a team page
// read online opens offline from the worker's copy with "Offline, updated {time}", a team page never
// opened says it needs a connection, and an episode downloaded for offline plays without a network.
// axe on the offline team page, the needs-a-connection page and the downloads list.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';

const baseUrl = inject('baseUrl');
const VISITED = '/nfl/green-bay-packers/news';
const NEVER_VISITED = '/nfl/atlanta-falcons/news';
const TEAM_PODCASTS = '/nfl/green-bay-packers/podcasts';

let browser: Browser;
let context: BrowserContext;
let page: Page;

const cards = () => page.getByTestId('article-card');

/** Waits until a service worker controls the page (the first install claims the page it was registered from). */
async function waitForController(): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: 30_000,
  });
}

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-dev-shm-usage',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

describe('the installable site', () => {
  it('links a valid web app manifest with the icons, served with its content type', async () => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const answer = await page.request.get(href ?? '');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'SportSpyder',
      short_name: 'SportSpyder',
      start_url: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    expect(manifest.shortcuts.map((shortcut) => shortcut.name)).toContain('My teams');
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const src of [...manifest.icons.map((icon) => icon.src), appleIcon ?? '']) {
      const icon = await page.request.get(src);
      expect(icon.status(), src).toBe(200);
      expect(icon.headers()['content-type']).toBe('image/png');
    }
    // The worker script is revalidated on every check, so a deploy reaches installed sites.
    const worker = await page.request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    expect(worker.headers()['content-type']).toMatch(/javascript/);
  });

  it("gives a signed-in member's browser the manifest with their followed teams as shortcuts", async () => {
    // A context of its own: the other tests read as a visitor.
    const member = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    const memberPage = await member.newPage();
    await memberPage.goto('/login');
    const form = memberPage.locator('form.ss-form');
    await form.getByLabel('Email').fill('demo@sportspyder.test');
    await form.getByLabel('Password').fill('sportspyder-demo');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await memberPage.getByRole('button', { name: /^Account menu for / }).waitFor();
    expect(await memberPage.locator('link[rel="manifest"]').getAttribute('crossorigin')).toBe(
      'use-credentials',
    );
    // The member's followed teams in their order, as slugs.
    const following = await memberPage.evaluate(async () => {
      const session = (await (await fetch('/api/v1/session')).json()) as {
        session: { user: { followingTeams: { teamId: number }[] } };
      };
      // Teams are nested in divisions (pro) or conferences (college).
      type Group = { teams?: { id: number; slug: string }[] };
      const sports = (await (await fetch('/api/v1/sports?includes=teams')).json()) as {
        sports: { divisions?: Group[]; conferences?: Group[] }[];
      };
      const slugs = new Map(
        sports.sports.flatMap((sport) =>
          [...(sport.divisions ?? []), ...(sport.conferences ?? [])].flatMap((group) =>
            (group.teams ?? []).map((t) => [t.id, t.slug] as const),
          ),
        ),
      );
      return session.session.user.followingTeams.map((f) => slugs.get(f.teamId) ?? '?');
    });
    expect(following.length).toBeGreaterThan(0);
    // What Chromium itself fetched for the page (its manifest manager honours the link's crossorigin),
    // not a request of the test's own.
    const cdp = await member.newCDPSession(memberPage);
    const { data } = (await cdp.send('Page.getAppManifest', {})) as { data?: string };
    const manifest = JSON.parse(data ?? '{}') as { shortcuts: { url: string }[] };
    const teamShortcuts = manifest.shortcuts.map((s) => s.url).filter((url) => url.endsWith('/news'));
    expect(teamShortcuts.length).toBe(Math.min(4, following.length));
    expect(teamShortcuts[0]).toContain(`/${following[0]}/news`);
    await member.close();
  });

  it('registers the service worker, which controls the page', async () => {
    await waitForController();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${baseUrl}/`);
  });
});

describe('offline reading', () => {
  it('opens a team page read online from its copy, offline, with the time of the copy', async () => {
    await page.goto(VISITED);
    await waitForController();
    await cards().first().waitFor();
    const titles = await cards().locator('h2').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(/Offline, updated/).count()).toBe(0);

    await context.setOffline(true);
    try {
      await page.reload();
      await cards().first().waitFor();
      expect(await cards().locator('h2').allTextContents()).toEqual(titles);
      const line = page.getByRole('status').filter({ hasText: /^Offline, updated/ });
      await line.waitFor();
      // The copy's time is the time it was stored: during this test.
      const stamp = await line.locator('time').getAttribute('datetime');
      expect(Math.abs(Date.now() - Date.parse(stamp ?? ''))).toBeLessThan(5 * 60_000);
      await expectAccessible(page, 'a team page read offline');
    } finally {
      await context.setOffline(false);
    }
  });

  it('says a team page never opened needs a connection', async () => {
    await context.setOffline(true);
    try {
      await page.goto(NEVER_VISITED);
      const notice = page.getByRole('alert').filter({ hasText: 'This page needs a connection' });
      await notice.waitFor({ timeout: 20_000 });
      expect(await cards().count()).toBe(0);
      await expectAccessible(page, 'a team page that needs a connection');
    } finally {
      await context.setOffline(false);
    }
  });
});

describe('episodes downloaded for offline', () => {
  it('plays a downloaded episode without a network, and removes the download', async () => {
    await page.goto(TEAM_PODCASTS);
    const item = page.getByTestId('episode-item').first();
    await item.waitFor();
    await item.locator('a.ss-episode-item__title').click();
    const download = page.getByRole('button', { name: 'Download for offline' });
    await download.click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Downloaded: this episode plays offline.' })
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByRole('button', { name: 'Remove download' }).count()).toBe(1);
    const title = (await page.getByRole('heading', { level: 1 }).textContent()) ?? '';

    await context.setOffline(true);
    try {
      await page.goto('/my/podcasts');
      const downloads = page.getByRole('region', { name: 'Downloads' });
      await downloads.getByText(title).waitFor();
      await downloads.getByRole('button', { name: /^Play/ }).first().click();
      await page.waitForFunction(
        () => {
          const audio = document.querySelector<HTMLAudioElement>('audio[data-sportspyder-player]');
          return audio !== null && !audio.paused && audio.currentTime > 1;
        },
        undefined,
        { timeout: 20_000 },
      );
      // Seeking: the worker answers the range from the cache.
      const seeked = await page.evaluate(async () => {
        const audio = document.querySelector<HTMLAudioElement>('audio[data-sportspyder-player]');
        if (!audio) return -1;
        audio.currentTime = 20;
        await new Promise((resolve) => audio.addEventListener('seeked', resolve, { once: true }));
        await new Promise((resolve) => setTimeout(resolve, 600));
        return audio.currentTime;
      });
      expect(seeked).toBeGreaterThan(20);
      await expectAccessible(page, 'the downloads list offline');
      await downloads.getByRole('button', { name: `Remove the download of ${title}` }).click();
      await downloads.getByText(/play here without a connection/).waitFor();
      expect(
        await page.evaluate(async () => (await (await caches.open('sportspyder-episodes')).keys()).length),
      ).toBe(0);
    } finally {
      await context.setOffline(false);
    }
  });
});
