// Live scores in Chromium (issue 45): a server reading real sports data from a loopback ESPN (real answer
// shapes: packages/server/src/sports-data/espn/__tests__/fixtures, sources in its README) pairs the NFL
// teams and stores today's game in play; the Falcons' team page shows it first among the scores. The next
// read of the scoreboard has a field goal: the open page shows the new score and progress without a
// reload and without the card moving, and passes axe.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { browserOfFile, newContext } from './browser.js';
import { type ServerProcess, startServerProcess } from './server-process.js';

const browser = browserOfFile();
// LIVE_SCORES_SCREENSHOT=<file.png> keeps a look at the page once the score moved.
const SHOTS = process.env.LIVE_SCORES_SCREENSHOT;
const fixtures = fileURLToPath(
  new URL('../../packages/server/src/sports-data/espn/__tests__/fixtures/', import.meta.url),
);
const fixture = (name: string): unknown => JSON.parse(readFileSync(`${fixtures}${name}`, 'utf8'));

interface Board {
  events: {
    date: string;
    status: { displayClock: string; type: { shortDetail: string; detail?: string } };
    competitions: {
      date: string;
      competitors: { homeAway: string; score: string; team: { displayName: string } }[];
    }[];
  }[];
}

/** The real in-play scoreboard with its one Falcons game moved to an hour ago (the page shows this week). */
function boardNow(awayScore: string, clock: string): Board {
  const board = fixture('nfl-scoreboard-in.json') as Board;
  const started = new Date(Date.now() - 3_600_000).toISOString();
  board.events = board.events.filter((event) =>
    event.competitions[0]?.competitors.some((c) => c.team.displayName === 'Atlanta Falcons'),
  );
  for (const event of board.events) {
    event.date = started;
    event.competitions[0]!.date = started;
    event.status.displayClock = clock;
    event.status.type.shortDetail = `${clock} - 4th`;
    event.competitions[0]!.competitors.find((c) => c.homeAway === 'away')!.score = awayScore;
  }
  return board;
}

/**
 * The league's teams: the real teams answer (four of them) with the Saints added as the scoreboard
 * describes them (the same object ESPN nests in both answers), so both sides of the game are paired.
 */
function teamsAnswer(): unknown {
  const teams = fixture('nfl-teams.json') as { sports: { leagues: { teams: { team: unknown }[] }[] }[] };
  const saints = (fixture('nfl-scoreboard-in.json') as Board).events
    .flatMap((event) => event.competitions[0]?.competitors ?? [])
    .find((c) => c.team.displayName === 'New Orleans Saints');
  teams.sports[0]?.leagues[0]?.teams.push({ team: saints?.team });
  return teams;
}

let board: Board = boardNow('24', '0:48');
/** When the loopback ESPN last answered the scoreboard with the field goal (ms since the epoch). */
let changedServedAt = 0;
let espn: Server;
let server: ServerProcess | undefined;

beforeAll(async () => {
  espn = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    let answer: unknown;
    if (path === '/apis/site/v2/sports/football/nfl/teams') answer = teamsAnswer();
    else if (path === '/apis/site/v2/sports/football/nfl/scoreboard') {
      answer = board;
      if (changedServedAt === 0 && board.events[0]?.status.displayClock === '0:02')
        changedServedAt = Date.now();
    } else if (path === '/apis/v2/sports/football/nfl/standings') answer = fixture('nfl-standings.json');
    if (answer === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => espn.listen(0, '127.0.0.3', resolve));
  const espnUrl = `http://127.0.0.3:${(espn.address() as AddressInfo).port}`;
  server = await startServerProcess({
    env: { DEMO: 'off', SPORTS_DATA: 'espn', ESPN_API_URL: espnUrl, SPORTS_DATA_LIVE_MS: '1000' },
  });
});

afterAll(async () => {
  await server?.stop();
  espn?.closeAllConnections();
  await new Promise((resolve) => espn?.close(resolve));
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
