// Fantasy teams in Chromium against the built server (issue 13, spec 3 "Fantasy"): a new member
// (signed up on /join, so the demo accounts stay as the other browser tests expect them) sees the
// empty list, creates an NFL team (the spec's toast, then the edit page), opens the player search,
// adds two players of the demo data, sees them on the roster with their positions, removes one, and
// the list says 1 player. axe on every page: 0 serious or critical.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const browser = browserOfFile();
const baseUrl = inject('baseUrl');

async function signUp(page: Page): Promise<void> {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await page.goto('/join');
  await page.getByLabel('Username').fill(`fx_${stamp}`.slice(0, 30));
  await page.getByLabel('Email').fill(`fx_${stamp}@example.com`);
  await page.getByLabel('Password').fill('fantasy password 1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: /^Account menu for / }).waitFor();
}

describe('fantasy teams', () => {
  it('creates a team, adds two players, removes one', async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    await signUp(page);

    // The empty list with its create button.
    await page.goto('/settings/fantasy');
    await page.getByText("You don't have any fantasy teams yet.").waitFor();
    await expectAccessible(page, '/settings/fantasy (empty)');
    await page.getByRole('link', { name: 'Create a fantasy team' }).first().click();

    // The create form: the hint, MLB first; a blank name is refused in the error box.
    await page.getByRole('heading', { level: 1, name: 'Create a Fantasy Team' }).waitFor();
    await page.getByText('eg. My baseball team').waitFor();
    expect(await page.getByLabel('Sport', { exact: true }).inputValue()).toBe('1');
    await page.getByRole('button', { name: 'Create Team' }).click();
    const box = page.getByRole('alert').filter({ hasText: 'The following problems were encountered:' });
    await box.waitFor();
    expect(await box.textContent()).toContain("Team name can't be blank");
    expect(await page.getByLabel('Team name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expectAccessible(page, '/settings/fantasy/new (blank name)');
    await page.getByLabel('Team name', { exact: true }).fill('Browser Blitz');
    await page.getByLabel('Sport', { exact: true }).selectOption('2');
    await page.getByRole('button', { name: 'Create Team' }).click();

    // The edit page, with the spec's toast and the empty roster.
    await page.waitForURL(/\/settings\/fantasy\/\d+\/edit$/);
    await page.getByText("Created Browser Blitz successfully. Now let's add players!").waitFor();
    await page.getByText("This team doesn't have any players yet.").waitFor();
    await expectAccessible(page, '/settings/fantasy/:id/edit (empty roster)');
    await page.getByRole('button', { name: 'Find players to add' }).click();

    // The player search: All filters, 'N players found', then two players added.
    const found = page.getByText(/^\d+ players? found$/);
    await found.waitFor();
    expect(Number((await found.textContent())?.split(' ')[0])).toBeGreaterThanOrEqual(2);
    expect(await page.getByLabel('Team', { exact: true }).locator('option:checked').textContent()).toBe(
      'All',
    );
    expect(await page.getByLabel('Position', { exact: true }).locator('option:checked').textContent()).toBe(
      'All',
    );
    await expectAccessible(page, 'the player search');
    const results = page.getByRole('list', { name: 'Players found' });
    const names: string[] = [];
    for (let n = 0; n < 2; n += 1) {
      const add = results.getByRole('button', { name: /^Add / }).first();
      const label = (await add.getAttribute('aria-label')) ?? '';
      const name = label.replace(/^Add /, '');
      names.push(name);
      await add.click();
      await results.getByRole('button', { name: `Remove ${name}`, exact: true }).waitFor();
    }
    await expectAccessible(page, 'the player search (two added)');
    await page.getByRole('button', { name: 'Done' }).click();

    // The roster: both players with their positions; remove the first.
    const roster = page.getByRole('list', { name: 'Players of Browser Blitz' });
    await roster.waitFor();
    await expect.poll(() => roster.getByRole('listitem').count()).toBe(2);
    for (const name of names) await roster.getByText(name, { exact: true }).waitFor();
    const positions = await roster.locator('.ss-fantasy__position').allTextContents();
    expect(positions.every((p) => p.trim() !== '')).toBe(true);
    await expectAccessible(page, '/settings/fantasy/:id/edit (roster)');
    await roster.getByRole('button', { name: `Remove ${names[0]}`, exact: true }).click();
    await expect.poll(() => roster.getByRole('listitem').count()).toBe(1);
    await roster.getByText(names[1] as string, { exact: true }).waitFor();

    // The list shows the team with its one player; the server agrees.
    await page.getByRole('link', { name: 'Fantasy Teams', exact: true }).first().click();
    await page.getByRole('list', { name: 'Your fantasy teams' }).getByText('NFL · 1 player').waitFor();
    await expectAccessible(page, '/settings/fantasy (one team)');
    const res = await page.request.get(new URL('/api/v1/profile/fantasy_teams', page.url()).toString());
    const [team] = (await res.json()).fantasyTeams;
    expect(team.name).toBe('Browser Blitz');
    expect(team.rosters.map((r: { name: string }) => r.name)).toEqual([names[1]]);
    await context.close();
  });
});
