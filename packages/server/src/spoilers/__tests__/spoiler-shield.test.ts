// The spoiler shield on the real app (issue 49): storage and its 422s, the marks a shielded member's
// answers carry (no score, blurred headlines), the hide period running out, and reveals.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar } from '../../__tests__/helpers/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../__tests__/helpers/test-database.js';
import type { SportSpyderApp } from '../../app.js';
import {
  buildContentApp,
  type ContentFixture,
  demoUserId,
  insertContentFixture,
  NOW,
} from '../../content/podcasts/__tests__/content-fixture.js';
import { chatMessageGivesResultAway } from '../shield-answers.js';
import { membersHidingResult, resultHiddenFor } from '../shield-check.js';

let testDb: TestDatabase;
let app: SportSpyderApp;
let fx: ContentFixture;
let userId: number;
const member = new CookieJar();

interface GameAnswer {
  id: number;
  resultHidden?: boolean;
  recap: unknown;
  home: { score: number | null; win: boolean | null };
  away: { score: number | null; win: boolean | null };
}
interface ArticleAnswer {
  id: number;
  title: string;
  spoiler?: boolean;
  subarticles: ArticleAnswer[];
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  fx = await insertContentFixture(testDb.db);
  userId = await demoUserId(testDb.db);
  await testDb.db.query(
    'INSERT INTO following_teams (user_id, team_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
    [userId, fx.teams.alpha],
  );
  app = await buildContentApp(testDb.db);
  expect((await member.signIn(app, 'demo@sportspyder.test', 'sportspyder-demo')).statusCode).toBe(200);
  // A new migration makes the first run build the database template, which takes minutes on a busy machine.
}, 300_000);
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

const shields = (payload: unknown) =>
  member.request(app, { method: 'PUT', url: '/api/v1/profile/spoiler_shields', payload });
const alphaGames = async () =>
  (await member.request(app, { method: 'GET', url: '/api/v1/teams/fx-alpha/games' })).json()
    .games as GameAnswer[];
const alphaArticles = async () =>
  (await member.request(app, { method: 'GET', url: '/api/v1/teams/fx-alpha/articles' })).json()
    .articles as ArticleAnswer[];
const finishedGame = async () => (await alphaGames()).find((game) => game.id === fx.games.finished);

describe('spoiler shield settings', () => {
  it('answers 401 to a visitor', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/profile/spoiler_shields' });
    expect(res.statusCode).toBe(401);
  });

  it('lists the followed teams, off until the member turns a shield on', async () => {
    const res = await member.request(app, { method: 'GET', url: '/api/v1/profile/spoiler_shields' });
    expect(res.statusCode).toBe(200);
    expect(res.json().teams).toContainEqual({ teamId: fx.teams.alpha, on: false, hideHours: null });
  });

  it('answers 422 naming the field for a team not followed or an unknown hide period', async () => {
    const notFollowed = await shields({ teams: [{ teamId: fx.teams.gamma, on: true, hideHours: null }] });
    expect(notFollowed.statusCode).toBe(422);
    expect(notFollowed.json().errors[0]).toMatchObject({ field: 'teams/0/teamId' });
    const badPeriod = await shields({ teams: [{ teamId: fx.teams.alpha, on: true, hideHours: 6 }] });
    expect(badPeriod.statusCode).toBe(422);
    expect(JSON.stringify(badPeriod.json().errors)).toContain('hideHours');
  });

  it('stores a shield and answers it back', async () => {
    const res = await shields({ teams: [{ teamId: fx.teams.alpha, on: true, hideHours: null }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().teams).toContainEqual({ teamId: fx.teams.alpha, on: true, hideHours: null });
  });
  it("is part of the member's data download", async () => {
    const res = await member.request(app, { method: 'GET', url: '/api/v1/profile/export' });
    expect(res.statusCode).toBe(200);
    expect(res.json().accountExport.sections.spoilerShields).toContainEqual(
      expect.objectContaining({ team: 'fx-alpha', on: true, hideHours: null }),
    );
  });
});

describe("a shielded member's answers", () => {
  it('carry no score, result or recap of a finished game of the team, and mark it', async () => {
    const game = await finishedGame();
    expect(game).toMatchObject({ resultHidden: true, recap: null });
    expect(game?.home).toMatchObject({ score: null, win: null });
    expect(game?.away).toMatchObject({ score: null, win: null });
    // A game not started has nothing to hide.
    const upcoming = (await alphaGames()).find((g) => g.id === fx.games.upcoming);
    expect(upcoming?.resultHidden).toBeUndefined();
    // A visitor still reads the score.
    const visitor = (await app.inject({ method: 'GET', url: '/api/v1/teams/fx-alpha/games' })).json();
    const open = visitor.games.find((g: GameAnswer) => g.id === fx.games.finished);
    expect(open.home.score).toBe(24);
    expect(open.resultHidden).toBeUndefined();
  });

  it('mark the headlines that give the result away, not the others', async () => {
    const articles = await alphaArticles();
    const lead = articles.find((a) => a.id === fx.articles.c1Lead);
    expect(lead?.spoiler).toBe(true);
    expect(lead?.subarticles.every((sub) => sub.spoiler === true)).toBe(true);
    expect(articles.find((a) => a.id === fx.articles.single)?.spoiler).toBeUndefined();
  });

  it('mark chat messages that name a result, not the others', async () => {
    const { rows } = await testDb.db.query<{ id: number }>(
      "SELECT id FROM chat_channels WHERE scope = 'general' LIMIT 1",
    );
    const channelId = Number(rows[0]?.id);
    const written = new Date(NOW.getTime() - 3_600_000).toISOString();
    for (const content of ['Alphas won 24-17 what a game', 'Anyone watching tonight?']) {
      await testDb.db.query(
        'INSERT INTO chat_messages (user_id, channel_id, content, created_at) VALUES ($1, $2, $3, $4)',
        [userId, channelId, content, written],
      );
    }
    const res = await member.request(app, { method: 'GET', url: `/api/v1/channels/${channelId}/messages` });
    expect(res.statusCode).toBe(200);
    const messages = res.json().messages as { content: string; spoiler?: boolean }[];
    expect(messages.find((m) => m.content.startsWith('Alphas won'))?.spoiler).toBe(true);
    expect(messages.find((m) => m.content.startsWith('Anyone'))?.spoiler).toBe(false);
  });

  it('show the result again once the hide period after the end ran out', async () => {
    // The game started 48 h before now and, stored finished, is taken to have ended 3 h later: 45 h ago.
    await shields({ teams: [{ teamId: fx.teams.alpha, on: true, hideHours: 24 }] });
    expect((await finishedGame())?.home.score).toBe(24);
    expect((await alphaArticles()).find((a) => a.id === fx.articles.c1Lead)?.spoiler).toBeUndefined();
    await shields({ teams: [{ teamId: fx.teams.alpha, on: true, hideHours: 48 }] });
    expect((await finishedGame())?.resultHidden).toBe(true);
  });

  it('show the result after the member reveals the game; 404 for an unknown game', async () => {
    const unknown = await member.request(app, {
      method: 'POST',
      url: '/api/v1/profile/spoiler_shields/reveals',
      payload: { gameId: 99999999 },
    });
    expect(unknown.statusCode).toBe(404);
    const reveal = await member.request(app, {
      method: 'POST',
      url: '/api/v1/profile/spoiler_shields/reveals',
      payload: { gameId: fx.games.finished },
    });
    expect(reveal.statusCode).toBe(200);
    expect(reveal.json()).toMatchObject({ gameId: fx.games.finished });
    const game = await finishedGame();
    expect(game?.home.score).toBe(24);
    expect(game?.resultHidden).toBeUndefined();
    expect((await alphaArticles()).find((a) => a.id === fx.articles.c1Lead)?.spoiler).toBeUndefined();
    await testDb.db.query('DELETE FROM spoiler_reveals WHERE user_id = $1', [userId]);
  });

  it('stop when the shield is turned off', async () => {
    await shields({ teams: [{ teamId: fx.teams.alpha, on: false, hideHours: 48 }] });
    expect((await finishedGame())?.home.score).toBe(24);
    const res = await member.request(app, { method: 'GET', url: '/api/v1/profile/spoiler_shields' });
    expect(res.json().teams).toContainEqual({ teamId: fx.teams.alpha, on: false, hideHours: 48 });
  });
});

describe('the shield check (for alerts)', () => {
  it('hides an in-play game whatever the period, and names the members it hides a game from', async () => {
    await shields({ teams: [{ teamId: fx.teams.alpha, on: true, hideHours: 12 }] });
    expect(await resultHiddenFor(testDb.db, { userId, gameId: fx.games.finished, now: NOW })).toBe(false);
    const { rows } = await testDb.db.query<{ id: number }>(
      `INSERT INTO games (sport_id, home_team_id, away_team_id, starts_at, status, home_score, away_score)
       VALUES ($1, $2, $3, $4, 'in-play', 1, 0) RETURNING id`,
      [fx.sportId, fx.teams.beta, fx.teams.alpha, new Date(NOW.getTime() - 3_600_000).toISOString()],
    );
    const live = Number(rows[0]?.id);
    expect(await resultHiddenFor(testDb.db, { userId, gameId: live, now: NOW })).toBe(true);
    expect(
      await membersHidingResult(testDb.db, { gameId: live, userIds: [userId, 424242], now: NOW }),
    ).toEqual(new Set([userId]));
    // It ends now: 12 h later it shows again (the end time is set when the status turns finished).
    await testDb.db.query(`UPDATE games SET status = 'finished' WHERE id = $1`, [live]);
    const ended = (
      await testDb.db.query<{ ended_at: Date }>('SELECT ended_at FROM games WHERE id = $1', [live])
    ).rows[0]?.ended_at;
    expect(ended).toBeTruthy();
    const later = new Date(new Date(ended as Date).getTime() + 13 * 3_600_000);
    expect(await resultHiddenFor(testDb.db, { userId, gameId: live, now: later })).toBe(false);
    expect(await resultHiddenFor(testDb.db, { userId, gameId: live, now: new Date(ended as Date) })).toBe(
      true,
    );
  });
});

describe('the chat rule', () => {
  const start = Date.parse('2026-11-20T17:00:00Z');
  it('blurs a message naming a result written after a hidden game started', () => {
    expect(chatMessageGivesResultAway('Pack win 24-17!!', start + 3_600_000, start)).toBe(true);
    expect(chatMessageGivesResultAway('Packers beat the Bears again', start + 3_600_000, start)).toBe(true);
  });

  it('leaves talk without a result, earlier messages, and members with nothing hidden alone', () => {
    expect(chatMessageGivesResultAway('Can the Packers beat the Bears?', start + 60_000, start)).toBe(false);
    expect(chatMessageGivesResultAway('Pack win 24-17!!', start - 60_000, start)).toBe(false);
    expect(chatMessageGivesResultAway('Pack win 24-17!!', start + 60_000, undefined)).toBe(false);
  });
});
