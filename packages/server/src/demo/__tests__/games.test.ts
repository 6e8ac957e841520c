// Games and standings: statuses follow the clock, scores follow the statuses, records add up.
import { describe, expect, it } from 'vitest';
import { DAY_MS, GAME_DURATION_MS, gameAt, generateGames, generateStandings, scheduleDay } from '../games.js';
import { gamesPlayedSoFar, isInSeason, seasonLabel } from '../seasons.js';
import type { DemoTeamInput } from '../types.js';
import { NOW, referenceInput } from './reference.js';

const { teams } = referenceInput();
const bySport = new Map<string, DemoTeamInput[]>();
for (const t of teams) bySport.set(t.sportSlug, [...(bySport.get(t.sportSlug) ?? []), t]);

describe('generateGames', () => {
  const games = generateGames(bySport, NOW, 42);

  it('covers the last and next 7 days of the sports in season in late November only', () => {
    const sports = new Set(games.map((g) => g.sportSlug));
    for (const s of ['nfl', 'nba', 'nhl', 'cf', 'mcb', 'premier-league']) expect(sports.has(s), s).toBe(true);
    expect(sports.has('mlb')).toBe(false);
    expect(sports.has('wnba')).toBe(false);
    for (const g of games) {
      expect(Math.abs(g.startsAt.getTime() - NOW.getTime())).toBeLessThanOrEqual(7 * DAY_MS);
      expect(g.homeSlug).not.toBe(g.awaySlug);
    }
  });

  it('gives statuses consistent with start times, scores and progress texts', () => {
    const statuses = new Set(games.map((g) => g.status));
    expect([...statuses].sort()).toEqual(['finished', 'in-play', 'not-started']);
    for (const g of games) {
      const started = g.startsAt.getTime() <= NOW.getTime();
      if (g.status === 'not-started') {
        expect(started).toBe(false);
        expect(g.homeScore).toBeNull();
      } else {
        expect(started).toBe(true);
        expect(g.homeScore).toBeGreaterThanOrEqual(0);
        expect(g.awayScore).toBeGreaterThanOrEqual(0);
      }
      if (g.status === 'finished') {
        expect(g.progress).toBe('Final');
        if (!['mls', 'premier-league'].includes(g.sportSlug)) expect(g.homeScore).not.toBe(g.awayScore);
      }
      if (g.status === 'in-play') {
        expect(NOW.getTime() - g.startsAt.getTime()).toBeLessThan(GAME_DURATION_MS[g.sportSlug] ?? 0);
        expect(g.progress).toMatch(
          /^(Q[1-4] \d+:\d\d|P[1-3] \d+:\d\d|(1st|2nd) \d+:\d\d|\d+'|(Top|Bot) \d+(st|nd|rd|th))$/,
        );
      }
    }
  });

  it('never books a team twice on one day', () => {
    const seen = new Set<string>();
    for (const g of games) {
      for (const team of [g.homeSlug, g.awaySlug]) {
        const key = `${team}:${Math.floor(g.startsAt.getTime() / DAY_MS)}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });

  it('keeps a day’s schedule and final score whatever the current time', () => {
    const day = Math.floor(NOW.getTime() / DAY_MS) - 2;
    const a = scheduleDay('nba', bySport.get('nba') ?? [], day, 42);
    const b = scheduleDay('nba', bySport.get('nba') ?? [], day, 42);
    expect(a.length).toBeGreaterThan(3);
    expect(b).toEqual(a);
    const game = a[0];
    if (!game) throw new Error('no game');
    expect(gameAt(game, new Date(game.startsAt.getTime() - 1)).status).toBe('not-started');
    const mid = gameAt(game, new Date(game.startsAt.getTime() + 3_600_000));
    expect(mid.status).toBe('in-play');
    expect(mid.progress).toMatch(/^Q[1-4] /);
    const end = gameAt(game, new Date(game.startsAt.getTime() + DAY_MS));
    expect([end.homeScore, end.awayScore]).toEqual([game.finalHome, game.finalAway]);
  });

  it('uses a sensible season table', () => {
    const july = new Date('2026-07-10T00:00:00Z');
    expect(isInSeason('mlb', july)).toBe(true);
    expect(isInSeason('nfl', july)).toBe(false);
    expect(seasonLabel('nba', NOW)).toBe('2026-27');
    expect(seasonLabel('nfl', NOW)).toBe('2026');
    expect(seasonLabel('nba', new Date('2027-03-01T00:00:00Z'))).toBe('2026-27');
    expect(gamesPlayedSoFar('mlb', NOW)).toBe(162);
  });
});

describe('generateStandings', () => {
  it('gives every team a record that adds up to the games played so far', () => {
    const standings = generateStandings(teams, NOW, 42);
    expect(standings).toHaveLength(teams.length);
    for (const s of standings) {
      const team = teams.find((t) => t.slug === s.teamSlug);
      const played = gamesPlayedSoFar(team?.sportSlug ?? '', NOW);
      expect(s.wins + s.losses + s.ties).toBe(played);
      expect(Math.min(s.wins, s.losses, s.ties)).toBeGreaterThanOrEqual(0);
    }
    const nfl = standings.find((s) => s.teamSlug === 'green-bay-packers');
    expect((nfl?.wins ?? 0) + (nfl?.losses ?? 0)).toBeGreaterThanOrEqual(9);
  });
});
