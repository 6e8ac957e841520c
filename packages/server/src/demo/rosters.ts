/**
 * Rosters of every pro team: fictional names, real positions of the sport, jersey numbers unique per
 * team, a few injuries, and a mentions trend with a handful of "hot" players. Rosters depend only on the
 * seed and the teams (not on `now`), so they stay the same from one start to the next.
 * @module
 */
import { FEMALE_FIRST_NAMES, FIRST_NAMES, LAST_NAMES } from './names.js';
import { ROSTER_SLOTS } from './positions.js';
import { createRandom, mixSeed, type Random } from './prng.js';
import type { DemoPlayer, DemoTeamInput } from './types.js';

const BODY_PARTS = [
  'Hamstring',
  'Ankle',
  'Knee',
  'Shoulder',
  'Concussion',
  'Groin',
  'Calf',
  'Back',
  'Hip',
  'Wrist',
  'Foot',
];
const INJURY_STATUS: Record<string, readonly string[]> = {
  nfl: ['Questionable', 'Doubtful', 'Out', 'Injured Reserve'],
  nba: ['Day-To-Day', 'Out', 'Questionable'],
  wnba: ['Day-To-Day', 'Out'],
  nhl: ['Day-To-Day', 'Injured Reserve', 'Out'],
  mlb: ['10-Day IL', '15-Day IL', '60-Day IL'],
  mls: ['Doubtful', 'Out', 'Questionable'],
  'premier-league': ['Doubtful', 'Out', 'Questionable'],
};

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function pickNumber(random: Random, ranges: readonly [number, number][], used: Set<number>): number {
  for (let attempt = 0; attempt < 30; attempt++) {
    const [lo, hi] = random.pick(ranges);
    const n = random.int(lo, hi);
    if (!used.has(n)) return n;
  }
  for (let n = 0; n < 100; n++) if (!used.has(n)) return n;
  throw new Error('No jersey number left');
}

/**
 * Generates the players of every pro team in `teams` (teams of sports without roster slots are skipped).
 *
 * @example
 * const players = generateRosters(teams, 42);
 */
export function generateRosters(teams: readonly DemoTeamInput[], seed: number): DemoPlayer[] {
  const names = new Set<string>();
  const players: DemoPlayer[] = [];
  const nameRandom = createRandom(mixSeed(seed, 'names'));
  for (const team of teams) {
    const slots = ROSTER_SLOTS[team.sportSlug];
    if (!slots) continue;
    const random = createRandom(mixSeed(seed, 'roster', team.slug));
    const used = new Set<number>();
    const teamPlayers: DemoPlayer[] = [];
    for (const [abbr, , , count, ranges] of slots) {
      for (let i = 0; i < count; i++) {
        let name = '';
        do
          name = `${nameRandom.pick(team.sportSlug === 'wnba' ? FEMALE_FIRST_NAMES : FIRST_NAMES)} ${nameRandom.pick(LAST_NAMES)}`;
        while (names.has(name));
        names.add(name);
        const number = pickNumber(random, ranges, used);
        used.add(number);
        const injured = random.chance(0.06);
        teamPlayers.push({
          slug: slugify(name),
          name,
          teamSlug: team.slug,
          sportSlug: team.sportSlug,
          position: abbr,
          number: String(number),
          injury: injured
            ? `${random.pick(BODY_PARTS)} - ${random.pick(INJURY_STATUS[team.sportSlug] ?? ['Out'])}`
            : null,
          hot: false,
          trend: Math.round(random.next() * 150) / 100,
        });
      }
    }
    // One or two stars per team are talked about much more than usual; news names them most often.
    const stars = random.shuffle(teamPlayers).slice(0, random.int(1, 2));
    for (const star of stars) {
      star.trend = Math.round((3 + random.next() * 7) * 100) / 100;
      star.hot = star.trend >= 6;
    }
    // Every team has someone on its injury report, as real teams do.
    if (!teamPlayers.some((p) => p.injury)) {
      const hurt = random.pick(teamPlayers.filter((p) => !p.hot));
      hurt.injury = `${random.pick(BODY_PARTS)} - ${random.pick(INJURY_STATUS[team.sportSlug] ?? ['Out'])}`;
    }
    players.push(...teamPlayers);
  }
  return players;
}
