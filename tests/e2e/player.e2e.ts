// The persistent podcast player of the site in Chromium against the built server and its demo data
// (generated audio of about 40 s served with HTTP ranges): an episode started on a team page keeps
// playing through three client-side navigations; a reload restores its position and keeps Previous
// enabled; the speed reaches the media element; a finished episode is marked completed and the next
// one starts; after signing in, the listens of the device appear under the member's listens. axe on the pages with the player bar
// playing, the completed episode and the listens: 0 serious or critical.
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';

const baseUrl = inject('baseUrl');
const DEMO = { email: 'demo@sportspyder.test', password: 'sportspyder-demo' };
const TEAM_PODCASTS = '/nfl/green-bay-packers/podcasts';

let browser: Browser;
let context: BrowserContext;
let page: Page;

/** The audio element the site's player drives. */
const AUDIO = 'audio[data-sportspyder-player]';

interface AudioState {
  src: string;
  time: number;
  paused: boolean;
  rate: number;
}

function audioState(): Promise<AudioState | null> {
  return page.evaluate((selector) => {
    const audio = document.querySelector<HTMLAudioElement>(selector);
    if (!audio) return null;
    return { src: audio.currentSrc, time: audio.currentTime, paused: audio.paused, rate: audio.playbackRate };
  }, AUDIO);
}

async function waitForAudio(check: (state: AudioState) => boolean, timeout = 15_000): Promise<AudioState> {
  const started = Date.now();
  for (;;) {
    const state = await audioState();
    if (state && check(state)) return state;
    if (Date.now() - started > timeout) throw new Error(`audio never matched: ${JSON.stringify(state)}`);
    await page.waitForTimeout(100);
  }
}

const bar = () => page.getByRole('region', { name: 'Podcast player' });
const teamTabs = () => page.getByRole('navigation', { name: 'Green Bay Packers sections' });

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
      // Headless Chromium refuses to start audio without a user gesture otherwise.
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
});
afterAll(async () => {
  await browser?.close();
});

describe('the persistent player', () => {
  let firstTitle = '';
  let firstSrc = '';

  it('keeps playing an episode started on a team page through three other pages', async () => {
    await page.goto(TEAM_PODCASTS);
    const item = page.getByTestId('episode-item').first();
    await item.waitFor();
    firstTitle = (await item.locator('.ss-episode-item__title').textContent()) ?? '';
    await item.getByRole('button', { name: `Play ${firstTitle}` }).click();
    await bar().waitFor();
    let state = await waitForAudio((s) => !s.paused && s.time > 0.5);
    firstSrc = state.src;
    expect(firstSrc).toContain('/demo/audio/');
    await expect.poll(() => bar().getByRole('link', { name: firstTitle, exact: true }).count()).toBe(1);

    // Three client-side navigations: the team's News, Videos, then the NFL sport page.
    const pages = [
      () => teamTabs().getByRole('link', { name: 'News', exact: true }).click(),
      () => teamTabs().getByRole('link', { name: 'Videos', exact: true }).click(),
      () =>
        page
          .getByRole('navigation', { name: 'Sports' })
          .getByRole('link', { name: 'NFL', exact: true })
          .click(),
    ];
    const paths: string[] = [];
    for (const go of pages) {
      const before = state.time;
      await go();
      await page.waitForLoadState('domcontentloaded');
      await page.waitForTimeout(1200);
      paths.push(new URL(page.url()).pathname);
      state = (await audioState()) as AudioState;
      expect(state.paused).toBe(false);
      expect(state.src).toBe(firstSrc);
      expect(state.time).toBeGreaterThan(before);
      await bar().waitFor();
    }
    expect(paths).toEqual(['/nfl/green-bay-packers/news', '/nfl/green-bay-packers/videos', '/sports/nfl']);
    await expectAccessible(page, 'the NFL page with the player bar playing');
  });

  it('restores the position and the previous episode where they were when the page reloaded', async () => {
    // The server names the neighbours in its answer to a play event: the newest episode has a previous one.
    const previous = () => bar().getByRole('button', { name: 'Previous episode' });
    await expect.poll(() => previous().isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.waitForTimeout(1100);
    const readAt = Date.now();
    const before = (await audioState()) as AudioState;
    await page.reload();
    await bar().waitFor();
    await expect.poll(() => bar().getByRole('link', { name: firstTitle, exact: true }).count()).toBe(1);
    // Restored paused, before any play event of this page: Previous is as enabled as it was (issue 48).
    expect(await previous().isEnabled()).toBe(true);
    await bar().getByRole('button', { name: 'Play', exact: true }).click();
    // The element reports playing before it has picked its source: wait for the source too.
    const after = await waitForAudio((s) => !s.paused && s.time > 0 && s.src !== '');
    // At normal speed the position cannot move faster than the clock: the audio played on until the old
    // page unloaded, and plays again from Play until the poll above (every 100 ms) sees it. A fixed
    // tolerance around the old position once counted a busy machine's 1.05 s of that as a restore error.
    const elapsed = (Date.now() - readAt) / 1000;
    expect(after.src).toBe(firstSrc);
    // Resumed from the position saved as the page unloaded (after it was read: the audio played on),
    // kept to a tenth of a second; the per-second save alone was up to 1.03 s behind on a busy machine.
    // Never beyond it by more than the time that has passed since it was read.
    expect(after.time).toBeGreaterThanOrEqual(before.time - 0.1);
    expect(after.time).toBeLessThanOrEqual(before.time + elapsed);
  });

  it('changes the speed to 1.5 on the media element', async () => {
    await bar().getByRole('combobox', { name: 'Playback speed' }).selectOption('1.5');
    const state = await waitForAudio((s) => s.rate === 1.5);
    expect(state.rate).toBe(1.5);
    expect(await bar().locator('.ss-playerbar__badge').textContent()).toBe('1.5x');
  });

  it('marks a finished episode completed and starts the next one', async () => {
    await page.goto(TEAM_PODCASTS);
    await bar().waitFor();
    await bar().getByRole('button', { name: 'Play', exact: true }).click();
    await waitForAudio((s) => !s.paused);
    // The server names the neighbours in its answer to the play event (the newest episode has only a
    // previous one: the player then continues with it); then skip to the end.
    await expect
      .poll(
        async () =>
          (await bar().getByRole('button', { name: 'Next episode' }).isEnabled()) ||
          (await bar().getByRole('button', { name: 'Previous episode' }).isEnabled()),
        { timeout: 10_000 },
      )
      .toBe(true);
    const slider = bar().getByRole('slider', { name: 'Seek' });
    await slider.focus();
    await page.keyboard.press('End');
    // Another episode is loaded and playing from its start (demo episodes may share an audio file).
    await expect
      .poll(() => bar().getByRole('link', { name: firstTitle, exact: true }).count(), { timeout: 20_000 })
      .toBe(0);
    const next = await waitForAudio((s) => !s.paused && s.time < 20, 20_000);
    expect(next.src).toContain('/demo/audio/');
    // Its row in the list shows the Completed state.
    const row = page
      .getByTestId('episode-item')
      .filter({ has: page.getByRole('link', { name: firstTitle, exact: true }) })
      .first();
    await expect
      .poll(() => row.getByRole('button', { name: `Play again ${firstTitle}` }).getAttribute('data-state'))
      .toBe('completed');
    expect(await row.locator('.ss-episode-item__done').textContent()).toBe('Completed');
    await expectAccessible(page, 'the team podcasts with a completed episode');
  });

  it('shows the listens of this device under the member listens after signing in', async () => {
    await bar().getByRole('button', { name: 'Pause', exact: true }).click();
    await page.goto('/login');
    const form = page.locator('form.ss-form');
    await form.getByLabel('Email').fill(DEMO.email);
    await form.getByLabel('Password').fill(DEMO.password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /^Account menu for / }).waitFor();
    await page.goto('/settings/podcasts/listens');
    const list = page.getByRole('list', { name: 'Recent listens' });
    await list.waitFor();
    await expect
      .poll(() => list.getByRole('link', { name: firstTitle, exact: true }).count())
      .toBeGreaterThan(0);
    await expectAccessible(page, '/settings/podcasts/listens');
  });
});
