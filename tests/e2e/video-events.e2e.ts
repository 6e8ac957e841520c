// Video events in a real browser (issue 17): on a team's Videos tab a demo video opens in the site's
// player (the server's demo player page, framed from the site's own origin), the reader presses play
// in it, lets it play 25 s and pauses: the site sends two play events (the start and the 20 s repeat)
// and one pause, with the team as the plays' context, and the server stores each (201). The 25 s are
// real: Playwright's fake clock (`page.clock`) gives every frame a clock of its own and `runFor` moves
// them one after the other, so the player's time reports and the page's clock would disagree (the page
// would report the 20 s repeat at 15 s), which no reader ever sees.
import type { Page, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';

const TEAM_VIDEOS = '/nfl/green-bay-packers/videos';
const EVENTS_PATH = /^\/api\/v1\/videos\/(\d+)\/events$/;
const baseUrl = inject('baseUrl');
const browser = browserOfFile();

interface SentEvent {
  articleId: number;
  body: { eventType: string; time: number; first: boolean; ctype?: string; cid?: number };
}

/** Records the video event calls of a page and the statuses the server answered. */
function recordEvents(page: Page) {
  const sent: SentEvent[] = [];
  const statuses: number[] = [];
  const match = (request: Request) => {
    const found = request.method() === 'POST' ? EVENTS_PATH.exec(new URL(request.url()).pathname) : null;
    return found ? Number(found[1]) : null;
  };
  page.on('request', (request) => {
    const articleId = match(request);
    if (articleId !== null) sent.push({ articleId, body: request.postDataJSON() });
  });
  page.on('response', (response) => {
    if (match(response.request()) !== null) statuses.push(response.status());
  });
  return { sent, statuses };
}

async function teamId(): Promise<number> {
  const res = await fetch(`${baseUrl}/api/v1/teams/green-bay-packers`);
  const body = (await res.json()) as { team: { id: number } };
  return body.team.id;
}

describe('video events', () => {
  it('a video played for 25 s sends two play events and a pause', { timeout: 90_000 }, async () => {
    const context = await newContext(browser(), baseUrl);
    const page = await context.newPage();
    const { sent, statuses } = recordEvents(page);
    await page.goto(TEAM_VIDEOS);

    const select = page.locator('.ss-videos__select').first();
    await select.waitFor();
    await select.click();
    const frame = page.frameLocator('iframe.ss-video-player__frame');
    const play = frame.getByRole('button', { name: 'Play video' });
    await play.waitFor();
    // The demo player starts paused (it never autoplays): nothing is sent before the reader presses play.
    expect(sent).toEqual([]);

    await play.click();
    await expect.poll(() => sent.length).toBe(1);
    await page.waitForTimeout(25_000);
    await frame.getByRole('button', { name: 'Pause video' }).click();
    await expect.poll(() => sent.length).toBe(3);

    const id = await teamId();
    expect(sent.map((e) => e.body.eventType)).toEqual(['play', 'play', 'pause']);
    const [start, repeat, pause] = sent.map((e) => e.body);
    expect(new Set(sent.map((e) => e.articleId)).size).toBe(1);
    expect(start).toMatchObject({ time: 0, first: true, ctype: 'Team', cid: id });
    expect(repeat).toMatchObject({ first: false, ctype: 'Team', cid: id });
    expect(repeat?.time).toBeGreaterThanOrEqual(19);
    expect(repeat?.time).toBeLessThanOrEqual(21);
    expect(pause?.time).toBeGreaterThanOrEqual(24);
    expect(pause?.time).toBeLessThanOrEqual(26);
    expect(pause).not.toHaveProperty('ctype');
    await expect.poll(() => statuses).toEqual([201, 201, 201]);
    // The player shows where it stopped.
    await expect.poll(() => frame.getByText(/^0:2[4-6]$/).count()).toBe(1);

    await expectAccessible(page, 'the video page after playing');
    await context.close();
  });
});
