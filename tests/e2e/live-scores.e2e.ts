// Live scores in Chromium (issue 45): a server reading real sports data from a loopback ESPN (real answer
// shapes: packages/server/src/sports-data/espn/__tests__/fixtures, sources in its README) pairs the NFL
// teams and stores today's game in play; the Falcons' team page shows it first among the scores. The next
// read of the scoreboard has a field goal: the open page shows the new score and progress without a
// reload and without the card moving, and passes axe.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EspnBoard,
  falconsGame,
  type LoopbackEspn,
  startLoopbackEspn,
} from '../../scripts/bench/loopback-espn.js';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';
import { type ServerProcess, startServerProcess } from './server-process.js';

const browser = browserOfFile();
// LIVE_SCORES_SCREENSHOT=<file.png> keeps a look at the page once the score moved.
const SHOTS = process.env.LIVE_SCORES_SCREENSHOT;

/** The real in-play scoreboard with its one Falcons game moved to an hour ago (the page shows this week). */
function boardNow(awayScore: string, clock: string): EspnBoard {
  const event = falconsGame(Date.now() - 3_600_000, 'in', `${clock} - 4th`);
  event.status.displayClock = clock;
  event.competitions[0]!.competitors.find((c) => c.homeAway === 'away')!.score = awayScore;
  return { events: [event] };
}

let board: EspnBoard = boardNow('24', '0:48');
/** When the loopback ESPN last answered the scoreboard with the field goal (ms since the epoch). */
let changedServedAt = 0;
let espn: LoopbackEspn | undefined;
let server: ServerProcess | undefined;

beforeAll(async () => {
  espn = await startLoopbackEspn({
    host: '127.0.0.3',
    scoreboard: () => board,
    onScoreboard: (answer) => {
      if (changedServedAt === 0 && answer.events[0]?.status.displayClock === '0:02')
        changedServedAt = Date.now();
    },
  });
  server = await startServerProcess({
    env: { DEMO: 'off', SPORTS_DATA: 'espn', ESPN_API_URL: espn.url, SPORTS_DATA_LIVE_MS: '1000' },
  });
});

afterAll(async () => {
  await server?.stop();
  await espn?.close();
});

describe('live scores', () => {
  it('moves the score of a game in play on the open team page, without a reload or a layout shift', async () => {
    if (!server) throw new Error('the server did not start');
    const context = await newContext(browser(), server.url);
    const page = await context.newPage();
    await page.goto('/nfl/atlanta-falcons/news');
    const scores = page.getByRole('region', { name: 'Scores' });
    const card = scores.getByTestId('game-card').first();
    // The job pairs the teams and reads the scoreboard within its first passes; the page reads its games
    // again when it comes back, so reload until the game is there.
    await expect
      .poll(
        async () => {
          if (await card.isVisible()) return card.textContent();
          await page.reload();
          return '';
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toContain('0:48 - 4th');
    expect(await card.textContent()).toContain('Saints');
    expect(await card.textContent()).toContain('24');
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    const before = await card.boundingBox();
    await expectAccessible(page, '/nfl/atlanta-falcons/news (game in play)');

    // The Saints kick a field goal; the next read of the scoreboard pushes it to the page.
    board = boardNow('27', '0:02');
    await expect.poll(() => card.textContent(), { timeout: 20_000 }).toContain('0:02 - 4th');
    const shownAt = Date.now();
    expect(await card.textContent()).toContain('27');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(await card.boundingBox()).toEqual(before);
    // The page changed after the provider answered the field goal (the figure is bench:live-scores').
    expect(changedServedAt).toBeGreaterThan(0);
    expect(shownAt).toBeGreaterThanOrEqual(changedServedAt);
    if (SHOTS) await page.screenshot({ path: SHOTS, fullPage: false });
    await context.close();
  }, 120_000);
});
