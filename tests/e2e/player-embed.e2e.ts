// The podcast player embed on a publisher page in Chromium: a static page served from ANOTHER origin (its
// own port) loads `<server>/widgets/player.js` for a demo episode. Before any click only the static facade
// is there (no audio element, no audio request); play starts the real audio, whose time advances; skip
// forward 30 s moves it; a reload resumes at the saved position; a missing episode and a stopped API show
// the fallback states. axe checks the embed (not the bare test page around it) in each state: 0 serious or
// critical. With E2E_SCREENSHOTS=<dir> it saves light and dark screenshots there.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';

const baseUrl = inject('baseUrl');
/** axe checks the embed's element and its shadow root only: the page around it is a test fixture. */
const PLAYER_ONLY = { include: 'sportspyder-player' };
const TEXTS = {
  gone: 'This episode is no longer available',
  unavailable: 'The player is unavailable right now',
};

interface DemoEpisode {
  id: number;
  title: string;
  enclosureUrl: string;
  podcast: { title: string };
}

let browser: Browser;
let bundle = '';
let episode: DemoEpisode;
/** The publisher's page server (a different origin from the product). */
let host: Server;
let hostUrl = '';
/** Serves only player.js: its API (the same origin) refuses every call ("API stopped"). */
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

/** A demo episode of a team, preferring the longest generated audio (42 s) so a 30 s skip fits. */
async function demoEpisode(): Promise<DemoEpisode> {
  const res = await fetch(`${baseUrl}/api/v1/teams/green-bay-packers/podcast_episodes?perPage=25`);
  expect(res.status).toBe(200);
  const { podcastEpisodes } = (await res.json()) as { podcastEpisodes: DemoEpisode[] };
  expect(podcastEpisodes.length).toBeGreaterThan(0);
  return (
    podcastEpisodes.find((e) => e.enclosureUrl.endsWith('episode-4.wav')) ??
    podcastEpisodes.find((e) => e.enclosureUrl.endsWith('episode-3.wav')) ??
    podcastEpisodes[0]!
  );
}

beforeAll(async () => {
  const res = await fetch(`${baseUrl}/widgets/player.js`);
  expect(res.status).toBe(200);
  bundle = await res.text();
  episode = await demoEpisode();

  host = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://publisher');
    const theme = url.searchParams.get('theme') ?? 'light';
    const tags =
      url.pathname === '/missing'
        ? `<script src="${baseUrl}/widgets/player.js" data-episode="999999" async></script>`
        : url.pathname === '/down'
          ? `<script src="${deadUrl}/widgets/player.js" data-episode="${episode.id}" async></script>`
          : `<script src="${baseUrl}/widgets/player.js" data-episode="${episode.id}" data-theme="${theme}" async></script>`;
    const csp = [
      "default-src 'none'",
      `script-src ${baseUrl} ${deadUrl}`,
      `connect-src ${baseUrl} ${deadUrl}`,
      `media-src ${baseUrl}`,
      `img-src https: data: ${baseUrl}`,
    ].join('; ');
    res
      .writeHead(200, { 'content-type': 'text/html', 'content-security-policy': csp })
      .end(`<!doctype html><html><head><meta charset="utf-8"><title>Publisher</title></head>
<body style="background:${theme === 'dark' ? '#000' : '#fafafa'}"><h1>Local sports</h1>${tags}
<p id="after">Story text after the player.</p></body></html>`);
  });
  hostUrl = await listen(host);

  dead = createServer((req, res) => {
    if (req.url?.startsWith('/widgets/player.js')) {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
      return;
    }
    req.socket.destroy();
  });
  deadUrl = await listen(dead);

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
      '--disable-sync',
      '--disable-dev-shm-usage',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
});

afterAll(async () => {
  await browser?.close();
  dead?.closeAllConnections();
  await close(dead);
  await close(host);
});

/** The embed's audio element state, read through its open shadow root. */
function audioState(page: Page) {
  return page.evaluate(() => {
    const audio = document.querySelector('sportspyder-player')?.shadowRoot?.querySelector('audio');
    return audio
      ? { exists: true, time: audio.currentTime, paused: audio.paused, src: audio.currentSrc }
      : { exists: false, time: 0, paused: true, src: '' };
  });
}

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir) await page.screenshot({ path: join(dir, `player-embed-${name}.png`) });
}

describe('the podcast player embed on a publisher page', () => {
  it('serves player.js for other origins, with a versioned copy in the manifest', async () => {
    const res = await fetch(`${baseUrl}/widgets/player.js`);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const manifest = (await (await fetch(`${baseUrl}/widgets/manifest.json`)).json()) as Record<
      string,
      string
    >;
    const versioned = await fetch(`${baseUrl}/widgets/${manifest['player.js']}`);
    expect(versioned.status).toBe(200);
    expect(await versioned.text()).toBe(bundle);
    expect(versioned.headers.get('cache-control')).toMatch(/immutable/);
  });

  it('shows the facade, plays on click, skips forward 30 s and resumes after a reload', async () => {
    const context = await browser.newContext({ viewport: { width: 900, height: 400 } });
    const page = await context.newPage();
    const audioRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/demo/audio/')) audioRequests.push(request.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${hostUrl}/`);

    const player = page.locator('sportspyder-player');
    await player.locator('.ss[data-state="facade"]').waitFor();
    await player.getByText(episode.title).waitFor();
    await player.getByText(episode.podcast.title).first().waitFor();
    // The facade only: one play button, no audio element, no audio fetched.
    expect(await player.locator('button').count()).toBe(1);
    expect((await audioState(page)).exists).toBe(false);
    expect(audioRequests).toEqual([]);
    await screenshot(page, 'facade-light');
    await expectAccessible(page, 'the player facade', PLAYER_ONLY);

    await player.locator('button.pp').click();
    await player.locator('.ss[data-state="playing"]').waitFor({ timeout: 10_000 });
    await page.waitForFunction(
      () =>
        (document.querySelector('sportspyder-player')?.shadowRoot?.querySelector('audio')?.currentTime ?? 0) >
        1,
      undefined,
      { timeout: 10_000 },
    );
    const playing = await audioState(page);
    expect(playing.paused).toBe(false);
    expect(playing.src).toBe(`${baseUrl}${episode.enclosureUrl.replace(/^https?:\/\/[^/]+/, '')}`);
    expect(audioRequests.length).toBeGreaterThan(0);
    await screenshot(page, 'playing-light');
    await expectAccessible(page, 'the playing player', PLAYER_ONLY);

    const before = (await audioState(page)).time;
    await player.getByRole('button', { name: 'Skip forward 30 seconds' }).click();
    const after = (await audioState(page)).time;
    const duration = await page.evaluate(
      () => document.querySelector('sportspyder-player')?.shadowRoot?.querySelector('audio')?.duration ?? 0,
    );
    // Clamped to the end for short audio; the demo episode chosen is long enough for the full 30 s.
    expect(after).toBeGreaterThanOrEqual(Math.min(before + 29, duration - 1));

    await player.getByRole('button', { name: 'Skip back 10 seconds' }).click();
    await player.getByRole('button', { name: 'Pause' }).click();
    await player.locator('.ss[data-state="paused"]').waitFor();
    const saved = (await audioState(page)).time;
    expect(saved).toBeGreaterThan(5);

    // A reload (same publisher origin, same storage) resumes at the saved position.
    await page.reload();
    await player.locator('.ss[data-state="facade"]').waitFor();
    await player.locator('button.pp').click();
    await player.locator('.ss[data-state="playing"]').waitFor({ timeout: 10_000 });
    const resumed = await audioState(page);
    expect(Math.abs(resumed.time - saved)).toBeLessThan(1.5);
    const stored = await page.evaluate(() => Object.keys(localStorage));
    expect(stored).toContain('sportspyder-embed:sportspyder:player');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows data-theme="dark"', async () => {
    const context = await browser.newContext({ viewport: { width: 900, height: 400 } });
    const page = await context.newPage();
    await page.goto(`${hostUrl}/?theme=dark`);
    const player = page.locator('sportspyder-player');
    await player.locator('.ss[data-state="facade"]').waitFor();
    expect(await player.getAttribute('data-scheme')).toBe('dark');
    const background = await page.evaluate(() => {
      const box = document.querySelector('sportspyder-player')!.shadowRoot!.querySelector('.ss')!;
      return getComputedStyle(box).backgroundColor;
    });
    expect(background).toBe('rgb(21, 25, 30)');
    await screenshot(page, 'facade-dark');
    await expectAccessible(page, 'the dark player facade', PLAYER_ONLY);
    await player.locator('button.pp').click();
    await player.locator('.ss[data-state="playing"]').waitFor({ timeout: 10_000 });
    await screenshot(page, 'playing-dark');
    await expectAccessible(page, 'the dark playing player', PLAYER_ONLY);
    await context.close();
  });

  it('shows the fallback for a missing episode and for a stopped API', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${hostUrl}/missing`);
    await page.locator('sportspyder-player').getByText(TEXTS.gone).waitFor();
    await screenshot(page, 'missing');
    await expectAccessible(page, 'the player of a missing episode', PLAYER_ONLY);
    await page.goto(`${hostUrl}/down`);
    await page.locator('sportspyder-player').getByText(TEXTS.unavailable).waitFor({ timeout: 4500 });
    expect(await page.locator('sportspyder-player button').count()).toBe(0);
    await expectAccessible(page, 'the player with its API stopped', PLAYER_ONLY);
    await context.close();
  });
});
