// The installable site and offline reading (issue 49) in Chromium against the built server: the web
// app manifest is valid and linked, the service worker registers and controls the page, a team page
// read online opens offline from the worker's copy with "Offline, updated {time}", a team page never
// opened says it needs a connection, and an episode downloaded for offline plays without a network: the
// demo world's own audio, and a podcast host's on another loopback address (127.0.0.2), which a member
// downloads through the server's relay and plays offline from the relay's URL.
// axe on the offline team page, the needs-a-connection page and the downloads list.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page, request } from 'playwright-core';
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

describe("a podcast host's episode downloaded through the server's relay", () => {
  const run = Date.now().toString(36);
  const EPISODE_TITLE = `Relay loopback episode ${run}`;
  let host: Server;
  let sourceId: number | null = null;
  const admin = async () => {
    const api = await request.newContext({ baseURL: baseUrl });
    await api.get('/api/v1/session');
    const csrf = (await api.storageState()).cookies.find((c) => c.name === 'sportspyder_csrf')?.value ?? '';
    const signedIn = await api.post('/api/v1/session', {
      headers: { 'x-csrf-token': csrf },
      data: { username: 'admin@sportspyder.test', password: 'sportspyder-admin', hash: `relay-${run}` },
    });
    expect(signedIn.status()).toBe(200);
    const token = (await api.storageState()).cookies.find((c) => c.name === 'sportspyder_csrf')?.value ?? '';
    return { api, token };
  };

  beforeAll(async () => {
    // The audio: a WAV of the demo world, served by a "podcast host" on another loopback address.
    const audioDir = join(inject('serverDataDir'), 'demo', 'audio');
    const file = readdirSync(audioDir).find((name) => name.endsWith('.wav'));
    const audio = readFileSync(join(audioDir, file as string));
    host = createServer((req, res) => {
      const origin = `http://${req.headers.host}`;
      if (req.url === '/feed.xml') {
        // 40 days old: below every demo episode on the pages the other browser tests read.
        const published = new Date(Date.now() - 40 * 24 * 3600 * 1000).toUTCString();
        res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel><title>Relay Loopback Radio ${run}</title><link>${origin}/</link><description>A test podcast</description>
<item><title>${EPISODE_TITLE}</title><guid>relay-${run}</guid><pubDate>${published}</pubDate>
<enclosure url="${origin}/episode.wav" type="audio/wav" length="${audio.length}"/></item>
</channel></rss>`);
        return;
      }
      if (req.url === '/episode.wav') {
        res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(audio.length) });
        res.end(audio);
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.2', resolve));
    const feedUrl = `http://127.0.0.2:${(host.address() as AddressInfo).port}/feed.xml`;
    const { api, token } = await admin();
    const created = await api.post('/api/v1/admin/sources', {
      headers: { 'x-csrf-token': token },
      data: { feedUrl, kind: 'podcast', title: `Relay Loopback Radio ${run}` },
    });
    expect(created.status()).toBe(201);
    sourceId = ((await created.json()) as { source: { id: number } }).source.id;
    await api.dispose();
  });

  afterAll(async () => {
    if (sourceId !== null) {
      const { api, token } = await admin();
      await api.delete(`/api/v1/admin/sources/${sourceId}?articles=delete`, {
        headers: { 'x-csrf-token': token },
      });
      await api.dispose();
    }
    await new Promise((resolve) => host?.close(resolve));
  });

  it('downloads for a member, then plays offline from the stored copy', async () => {
    // The scheduler fetches the new source: the episode is then found by its title.
    let episodeId = 0;
    await expect
      .poll(
        async () => {
          const res = await fetch(
            `${baseUrl}/api/v1/search/podcast_episodes?q=${encodeURIComponent(`loopback ${run}`)}`,
          );
          const body = (await res.json()) as { podcastEpisodes?: { id: number; title: string }[] };
          episodeId = body.podcastEpisodes?.find((e) => e.title === EPISODE_TITLE)?.id ?? 0;
          return episodeId;
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBeGreaterThan(0);
    const relay = `/api/v1/podcast_episodes/${episodeId}/audio`;

    const member = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    const memberPage = await member.newPage();
    try {
      await memberPage.goto('/login');
      const form = memberPage.locator('form.ss-form');
      await form.getByLabel('Email').fill('demo@sportspyder.test');
      await form.getByLabel('Password').fill('sportspyder-demo');
      await form.getByRole('button', { name: 'Sign in' }).click();
      await memberPage.getByRole('button', { name: /^Account menu for / }).waitFor();
      await memberPage.waitForFunction(
        () => navigator.serviceWorker.controller?.state === 'activated',
        undefined,
        {
          timeout: 30_000,
        },
      );

      await memberPage.goto(`/episodes/${episodeId}`);
      await memberPage.getByRole('button', { name: 'Download for offline' }).click();
      await memberPage
        .getByRole('status')
        .filter({ hasText: 'Downloaded: this episode plays offline.' })
        .waitFor({ timeout: 30_000 });
      // Stored under the relay's URL, on the site's origin.
      const keys = await memberPage.evaluate(async () =>
        (await (await caches.open('sportspyder-episodes')).keys()).map((r) => new URL(r.url).pathname),
      );
      expect(keys).toContain(relay);

      await member.setOffline(true);
      try {
        await memberPage.goto('/my/podcasts');
        const downloads = memberPage.getByRole('region', { name: 'Downloads' });
        await downloads.getByText(EPISODE_TITLE).waitFor();
        await downloads.getByRole('button', { name: `Play ${EPISODE_TITLE}` }).click();
        await memberPage.waitForFunction(
          (path) => {
            const audio = document.querySelector<HTMLAudioElement>('audio[data-sportspyder-player]');
            return (
              audio !== null &&
              !audio.paused &&
              audio.currentTime > 1 &&
              new URL(audio.currentSrc).pathname === path
            );
          },
          relay,
          { timeout: 20_000 },
        );
        await downloads.getByRole('button', { name: `Remove the download of ${EPISODE_TITLE}` }).click();
        await downloads.getByText(EPISODE_TITLE).waitFor({ state: 'detached' });
      } finally {
        await member.setOffline(false);
      }
    } finally {
      await member.close();
    }
  });
});
