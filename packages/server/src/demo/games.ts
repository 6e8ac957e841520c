/**
 * Games and standings. Every calendar day (UTC) has its own schedule drawn from the seed and the day
 * number, so a game on a given day is the same whenever the demo is generated; only its status moves
 * with `now`: finished before, in play for the couple of hours after its start (with a progress text in
 * the sport's notation), not started after. Standings are drawn from team strength and the share of the
 * season played by `now`.
 * @module
 */
import { createRandom, mixSeed, type Random } from './prng.js';
import { gamesPlayedSoFar, isInSeason, seasonLabel } from './seasons.js';
import type { DemoGame, DemoStanding, DemoTeamInput } from './types.js';

/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;
const HOUR = 3_600_000;

/** A scheduled game with its final score (before `now` decides the status). */
export interface ScheduledGame {
  /** Sport slug. */
  sportSlug: string;
  /** Home team. */
  home: DemoTeamInput;
  /** Away team. */
  away: DemoTeamInput;
  /** Start instant. */
  startsAt: Date;
  /** The score it ends with. */
  finalHome: number;
  /** The score it ends with. */
  finalAway: number;
}

/** How long a game lasts, by sport. */
export const GAME_DURATION_MS: Record<string, number> = {
  nfl: 3.2 * HOUR,
  cf: 3.5 * HOUR,
  nba: 2.4 * HOUR,
  wnba: 2 * HOUR,
  nhl: 2.6 * HOUR,
  mlb: 3 * HOUR,
  mls: 1.9 * HOUR,
  'premier-league': 1.9 * HOUR,
  mcb: 2.1 * HOUR,
};

const FOOTBALL_SCORES = [
  0, 3, 6, 7, 10, 13, 14, 16, 17, 17, 20, 20, 21, 23, 24, 24, 27, 28, 30, 31, 34, 35, 38, 42,
];

function score(sport: string, random: Random): [number, number] {
  const pair = (f: () => number): [number, number] => [f(), f()];
  switch (sport) {
    case 'nfl':
      return pair(() => random.pick(FOOTBALL_SCORES));
    case 'cf':
      return pair(() => random.pick(FOOTBALL_SCORES) + random.pick([0, 0, 3, 7, 10]));
    case 'nba':
      return pair(() => random.int(94, 132));
    case 'wnba':
      return pair(() => random.int(66, 98));
    case 'mcb':
      return pair(() => random.int(54, 94));
    case 'nhl':
      return pair(() => random.pick([0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 6]));
    case 'mlb':
      return pair(() => random.pick([0, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 10]));
    default:
      return pair(() => random.pick([0, 0, 1, 1, 1, 2, 2, 3, 4]));
  }
}

function decided(sport: string, [h, a]: [number, number], random: Random): [number, number] {
  if (h !== a || sport === 'mls' || sport === 'premier-league') return [h, a];
  const extra =
    sport === 'nhl' || sport === 'mlb' ? 1 : sport === 'nfl' || sport === 'cf' ? 3 : random.int(2, 9);
  return random.chance(0.5) ? [h + extra, a] : [h, a + extra];
}

// Daily sports: share of teams playing on a day, and the UTC start hours (evenings in North America).
const DAILY: Record<string, { share: number; hours: readonly number[] }> = {
  nba: { share: 0.5, hours: [0, 0.5, 1, 2, 3] },
  nhl: { share: 0.55, hours: [0, 0.5, 1, 2] },
  mlb: { share: 0.9, hours: [17.2, 23.1, 0.2, 2.2] },
  wnba: { share: 0.45, hours: [23, 0, 2] },
  mcb: { share: 0.3, hours: [17, 23, 0, 1, 2.5] },
};
// Weekly sports: [weekday (0 = Sunday, UTC), hour, games] slots filled in order by the week's pairs.
const WEEKLY: Record<string, readonly (readonly [number, number, number])[]> = {
  nfl: [
    [5, 1.25, 1],
    [0, 18, 9],
    [0, 21.1, 4],
    [1, 1.3, 1],
    [2, 1.25, 1],
  ],
  cf: [
    [6, 16, 20],
    [6, 19.5, 20],
    [6, 23.5, 15],
  ],
  'premier-league': [
    [6, 12.5, 1],
    [6, 15, 5],
    [6, 17.5, 1],
    [0, 14, 2],
    [0, 16.5, 1],
  ],
  mls: [
    [6, 23.5, 6],
    [0, 1.5, 6],
    [0, 20, 3],
  ],
};

function pairUp(
  teams: readonly DemoTeamInput[],
  random: Random,
  count: number,
): [DemoTeamInput, DemoTeamInput][] {
  const order = random.shuffle(teams);
  const pairs: [DemoTeamInput, DemoTeamInput][] = [];
  for (let i = 0; i + 1 < order.length && pairs.length < count; i += 2) {
    pairs.push([order[i] as DemoTeamInput, order[i + 1] as DemoTeamInput]);
  }
  return pairs;
}

/**
 * The games of one sport starting on UTC day `day` (days since 1970-01-01), with final scores; empty
 * when the sport is out of season that day.
 *
 * @example
 * scheduleDay('nba', nbaTeams, Math.floor(Date.now() / DAY_MS), 42);
 */
export function scheduleDay(
  sportSlug: string,
  teams: readonly DemoTeamInput[],
  day: number,
  seed: number,
): ScheduledGame[] {
  const date = new Date(day * DAY_MS);
  if (teams.length < 2 || !isInSeason(sportSlug, date)) return [];
  const games: ScheduledGame[] = [];
  const add = (random: Random, pairs: [DemoTeamInput, DemoTeamInput][], hours: (i: number) => number) => {
    pairs.forEach(([home, away], i) => {
      const [finalHome, finalAway] = decided(sportSlug, score(sportSlug, random), random);
      games.push({
        sportSlug,
        home,
        away,
        startsAt: new Date(day * DAY_MS + Math.round(hours(i) * HOUR)),
        finalHome,
        finalAway,
      });
    });
  };
  const daily = DAILY[sportSlug];
  if (daily) {
    const random = createRandom(mixSeed(seed, 'games', sportSlug, day));
    const pairs = pairUp(teams, random, Math.floor((teams.length * daily.share) / 2));
    add(random, pairs, () => random.pick(daily.hours));
    return games;
  }
  const slots = WEEKLY[sportSlug];
  if (!slots) return [];
  // Weeks start on Wednesday so Thursday-to-Tuesday NFL weeks stay whole (day 0 was a Thursday).
  const week = Math.floor((day + 1) / 7);
  const random = createRandom(mixSeed(seed, 'week', sportSlug, week));
  const playoffs = sportSlug === 'mls' && date.getUTCMonth() + 1 >= 11;
  const pairs = pairUp(teams, random, playoffs ? 2 : Math.floor(teams.length / 2));
  let index = 0;
  const weekday = date.getUTCDay();
  const todays: { pair: [DemoTeamInput, DemoTeamInput]; hour: number }[] = [];
  for (const [slotDay, hour, count] of slots) {
    for (let i = 0; i < count && index < pairs.length; i++, index++) {
      if (slotDay === weekday) todays.push({ pair: pairs[index] as [DemoTeamInput, DemoTeamInput], hour });
    }
  }
  const dayRandom = createRandom(mixSeed(seed, 'scores', sportSlug, day));
  add(
    dayRandom,
    todays.map((t) => t.pair),
    (i) => todays[i]?.hour ?? 18,
  );
  return games;
}

function progressText(sport: string, f: number): string {
  const clock = (minutes: number, frac: number) => {
    const left = Math.max(0, Math.floor(minutes * 60 * (1 - frac)));
    return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  };
  const part = (n: number) => {
    const i = Math.min(n - 1, Math.floor(f * n));
    return { index: i + 1, frac: f * n - i };
  };
  switch (sport) {
    case 'nhl': {
      const p = part(3);
      return `P${p.index} ${clock(20, p.frac)}`;
    }
    case 'mcb': {
      const p = part(2);
      return `${p.index === 1 ? '1st' : '2nd'} ${clock(20, p.frac)}`;
    }
    case 'mlb': {
      const p = part(18);
      const inning = Math.ceil(p.index / 2);
      const suffix = inning === 1 ? 'st' : inning === 2 ? 'nd' : inning === 3 ? 'rd' : 'th';
      return `${p.index % 2 === 1 ? 'Top' : 'Bot'} ${inning}${suffix}`;
    }
    case 'mls':
    case 'premier-league':
      return `${Math.min(90, Math.floor(f * 90) + 1)}'`;
    default: {
      const p = part(4);
      return `Q${p.index} ${clock(sport === 'nba' ? 12 : sport === 'wnba' ? 10 : 15, p.frac)}`;
    }
  }
}

/** The state of a scheduled game at `now`. */
export function gameAt(game: ScheduledGame, now: Date): DemoGame {
  const base = {
    sportSlug: game.sportSlug,
    homeSlug: game.home.slug,
    awaySlug: game.away.slug,
    startsAt: game.startsAt,
  };
  const elapsed = now.getTime() - game.startsAt.getTime();
  const duration = GAME_DURATION_MS[game.sportSlug] ?? 3 * HOUR;
  if (elapsed < 0)
    return { ...base, status: 'not-started', progress: null, homeScore: null, awayScore: null };
  if (elapsed >= duration) {
    return {
      ...base,
      status: 'finished',
      progress: 'Final',
      homeScore: game.finalHome,
      awayScore: game.finalAway,
    };
  }
  const f = elapsed / duration;
  return {
    ...base,
    status: 'in-play',
    progress: progressText(game.sportSlug, f),
    homeScore: Math.floor(game.finalHome * f),
    awayScore: Math.floor(game.finalAway * f),
  };
}

/**
 * Games of the last and next 7 days for every sport in season, with statuses at `now`. When no game
 * happens to be in play, the next one is moved to have started a little while ago, so the demo always
 * shows every status.
 *
 * @example
 * const games = generateGames(teamsBySport, new Date(), 42);
 */
export function generateGames(
  teamsBySport: ReadonlyMap<string, readonly DemoTeamInput[]>,
  now: Date,
  seed: number,
): DemoGame[] {
  const today = Math.floor(now.getTime() / DAY_MS);
  const scheduled: ScheduledGame[] = [];
  for (const [sport, teams] of teamsBySport) {
    for (let day = today - 7; day <= today + 7; day++)
      scheduled.push(...scheduleDay(sport, teams, day, seed));
  }
  const from = now.getTime() - 7 * DAY_MS;
  const to = now.getTime() + 7 * DAY_MS;
  const inWindow = scheduled
    .filter((g) => g.startsAt.getTime() >= from && g.startsAt.getTime() <= to)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.home.slug.localeCompare(b.home.slug));
  let games = inWindow.map((g) => gameAt(g, now));
  if (!games.some((g) => g.status === 'in-play')) {
    const next = inWindow.find((g) => g.startsAt.getTime() > now.getTime());
    if (next) {
      const duration = GAME_DURATION_MS[next.sportSlug] ?? 3 * HOUR;
      next.startsAt = new Date(now.getTime() - Math.round(duration * 0.45));
      games = inWindow.map((g) => gameAt(g, now));
    }
  }
  return games;
}

/**
 * Standings of every team for the season of `now`: games played so far split into wins, losses and
 * ties (NFL ties are rare, NHL counts overtime losses, soccer counts draws), stronger teams winning more.
 *
 * @example
 * generateStandings(teams, new Date(), 42);
 */
export function generateStandings(teams: readonly DemoTeamInput[], now: Date, seed: number): DemoStanding[] {
  return teams.map((team) => {
    const random = createRandom(mixSeed(seed, 'standing', team.slug));
    const played = gamesPlayedSoFar(team.sportSlug, now);
    const strength = 0.2 + random.next() * 0.6;
    const soccer = team.sportSlug === 'mls' || team.sportSlug === 'premier-league';
    const ties = soccer
      ? Math.round(played * (0.15 + random.next() * 0.15))
      : team.sportSlug === 'nhl'
        ? Math.round(played * (1 - strength) * 0.2)
        : team.sportSlug === 'nfl' && random.chance(0.08)
          ? 1
          : 0;
    const wins = Math.min(played - ties, Math.max(0, Math.round((played - ties) * strength)));
    return {
      teamSlug: team.slug,
      season: seasonLabel(team.sportSlug, now),
      wins,
      losses: played - ties - wins,
      ties,
    };
  });
}
