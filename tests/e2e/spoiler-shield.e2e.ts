// The spoiler shield in Chromium (issue 49) on the built server and its demo world: the demo member turns
// the shield on for a followed team that has a finished demo game (the switch beside Follow), opens the
// team page: the Games card shows "Result hidden" instead of the score, a headline that gives a result
// away is blurred, "Reveal" shows it, a highlights video of a hidden game (the demo's channels title them
// after the recaps) is blurred on the Videos tab until revealed, and revealing the game brings the score
// back. /settings/spoilers lists the shield. axe runs on each state. The shield is turned off again at the end, as the demo member
// is shared with the other browser tests.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const DEMO = { email: 'demo@sportspyder.test', password: 'sportspyder-demo' };
/** The demo member follows the Packers, the Yankees and the Celtics; the Celtics play every few days. */
const TEAM = { slug: 'boston-celtics', sport: 'nba', name: 'Boston Celtics' };
const TEAM_NEWS = `/${TEAM.sport}/${TEAM.slug}/news`;
const TEAM_VIDEOS = `/${TEAM.sport}/${TEAM.slug}/videos`;

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

interface GameAnswer {
  id: number;
  status: string;
  home: { name: string; score: number | null };
  away: { name: string; score: number | null };
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  const form = page.locator('form.ss-form');
  await form.getByLabel('Email').fill(DEMO.email);
  await form.getByLabel('Password').fill(DEMO.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: /^Account menu for / }).waitFor();
}

/** The team's finished games as a visitor reads them (with scores). */
async function finishedGames(): Promise<GameAnswer[]> {
  const res = await fetch(`${baseUrl}/api/v1/teams/${TEAM.slug}/games?perPage=50`);
  const { games } = (await res.json()) as { games: GameAnswer[] };
  return games.filter((game) => game.status === 'finished');
}

let signedIn: Page | undefined;

afterAll(async () => {
  // A test that stopped half-way leaves the shared demo member as it found it: every shield off.
  await signedIn
    ?.evaluate(async () => {
      const csrf = decodeURIComponent(document.cookie.match(/sportspyder_csrf=([^;]+)/)?.[1] ?? '');
      const shields = (await (await fetch('/api/v1/profile/spoiler_shields')).json()) as {
        teams: { teamId: number; on: boolean; hideHours: number | null }[];
      };
      const on = shields.teams.filter((team) => team.on).map((team) => ({ ...team, on: false }));
      if (on.length === 0) return;
      await fetch('/api/v1/profile/spoiler_shields', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
        body: JSON.stringify({ teams: on }),
      });
    })
    .catch(() => undefined);
});

describe('spoiler shield', () => {
  it('hides a followed team’s finished game and blurs result headlines until revealed', async () => {
    const finished = await finishedGames();
    expect(finished.length, `${TEAM.name} have a finished game in the demo week`).toBeGreaterThan(0);

    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    signedIn = page;
    await signIn(page);
    await page.goto(TEAM_NEWS);

    // The switch beside Follow (a toggle button).
    const shield = page.getByRole('button', { name: 'Spoiler shield' });
    await expect.poll(() => shield.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('false');
    await shield.click();
    await expect.poll(() => shield.getAttribute('aria-pressed'), { timeout: 15_000 }).toBe('true');

    // The Games card: "Final" without a score, and a Reveal control; no score digit is read aloud.
    const scores = page.getByRole('region', { name: 'Scores' });
    const card = scores.getByTestId('game-card').first();
    await expect
      .poll(() => card.textContent(), { timeout: 15_000 })
      .toContain('Result hidden (spoiler shield)');
    const readable = await card.evaluate((el) => {
      // What assistive technology gets: the card's text without aria-hidden parts.
      const clone = el.cloneNode(true) as HTMLElement;
      for (const hidden of clone.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return clone.textContent ?? '';
    });
    expect(readable).not.toMatch(/\b\d{2,3}\b/);
    expect(await card.locator('.ss-game__score').first().getAttribute('aria-hidden')).toBe('true');

    // A headline that gives a result away is blurred, with its label and Reveal button.
    const blur = page.getByTestId('spoiler-blur').first();
    await blur.waitFor({ timeout: 15_000 });
    const hiddenTitle = (await blur.locator('.ss-spoiler__text').textContent()) ?? '';
    expect(hiddenTitle.length).toBeGreaterThan(0);
    expect(await blur.locator('.ss-spoiler__text').getAttribute('aria-hidden')).toBe('true');
    expect(await blur.getByRole('link').count()).toBe(0);
    await expectAccessible(page, 'the team page with the shield on');

    // Reveal the headline by keyboard: the link takes its place and has focus within it.
    await blur.getByRole('button', { name: 'Reveal' }).focus();
    await page.keyboard.press('Enter');
    const revealed = page.getByRole('link', { name: hiddenTitle, exact: true }).first();
    await revealed.waitFor();
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('ss-spoiler-revealed');

    // The Videos tab: a highlights video whose title gives a hidden result away is blurred, and its
    // player opens only once revealed. The member's own answer says which videos the server marked.
    const marked = await page.evaluate(async (slug) => {
      const answer = (await (await fetch(`/api/v1/teams/${slug}/videos`)).json()) as {
        videos: { title: string; spoiler?: boolean }[];
      };
      return answer.videos.filter((video) => video.spoiler === true).map((video) => video.title);
    }, TEAM.slug);
    expect(marked.length, `a ${TEAM.name} highlights video of a hidden game is marked`).toBeGreaterThan(0);
    await page.goto(TEAM_VIDEOS);
    const videoBlur = page.locator('.ss-videos').getByTestId('spoiler-blur').first();
    await videoBlur.waitFor({ timeout: 15_000 });
    const videoTitle = (await videoBlur.locator('.ss-spoiler__text').textContent()) ?? '';
    expect(marked).toContain(videoTitle);
    expect(await videoBlur.locator('.ss-spoiler__text').getAttribute('aria-hidden')).toBe('true');
    expect(await page.getByRole('button', { name: videoTitle }).count()).toBe(0);
    await expectAccessible(page, 'the team videos with the shield on');
    await videoBlur.getByRole('button', { name: 'Reveal' }).click();
    const select = page
      .getByRole('button', { name: new RegExp(videoTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
      .first();
    await select.waitFor();
    expect(await select.getAttribute('aria-expanded')).toBe('false');
    await expectAccessible(page, 'the team videos after revealing a video');
    await page.goto(TEAM_NEWS);
    await expect
      .poll(() => card.textContent(), { timeout: 15_000 })
      .toContain('Result hidden (spoiler shield)');

    // Reveal the game: the card shows its score again.
    const revealGame = card.getByRole('button', { name: /^Reveal the result of / });
    await revealGame.click();
    await expect
      .poll(() => card.textContent(), { timeout: 15_000 })
      .not.toContain('Result hidden (spoiler shield)');
    expect(await card.locator('.ss-game__score').first().textContent()).toMatch(/^\d+$/);
    await expectAccessible(page, 'the team page after revealing');

    // The settings page lists the shield, on, with its hide period.
    await page.goto('/settings/spoilers');
    const box = page.getByRole('checkbox', { name: `Shield the ${TEAM.name}` });
    await box.waitFor();
    expect(await box.isChecked()).toBe(true);
    const period = page.getByRole('combobox', { name: `Hide results of the ${TEAM.name}` });
    expect(await period.inputValue()).toBe('');
    await expectAccessible(page, '/settings/spoilers');
    // Turning it off there (the test leaves the member as it found it).
    await box.click();
    await expect.poll(() => box.isChecked(), { timeout: 15_000 }).toBe(false);
    await context.close();
    signedIn = undefined;
  }, 240_000);
});
