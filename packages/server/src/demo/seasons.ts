/**
 * Which sports are in season in which month, how long a season is, and its label. Late November, for
 * example, has NFL, NBA, NHL, college football and basketball, the Premier League and the MLS playoffs
 * in play, while MLB and the WNBA are in their off-seasons (no games, last season's final standings).
 * @module
 */

interface SeasonRule {
  /** Months (1-12) with games. */
  months: readonly number[];
  /** First month of a season (seasons crossing new year carry a "2026-27" label). */
  startMonth: number;
  /** Months a season lasts, for "games played so far". */
  lengthMonths: number;
  /** Regular-season games per team. */
  games: number;
  /** True when the label spans two years. */
  twoYears: boolean;
}

const RULES: Record<string, SeasonRule> = {
  nfl: { months: [9, 10, 11, 12, 1, 2], startMonth: 9, lengthMonths: 4.2, games: 17, twoYears: false },
  nba: { months: [10, 11, 12, 1, 2, 3, 4, 5, 6], startMonth: 10, lengthMonths: 6, games: 82, twoYears: true },
  nhl: {
    months: [10, 11, 12, 1, 2, 3, 4, 5, 6],
    startMonth: 10,
    lengthMonths: 6.3,
    games: 82,
    twoYears: true,
  },
  mlb: { months: [3, 4, 5, 6, 7, 8, 9, 10], startMonth: 3, lengthMonths: 6.2, games: 162, twoYears: false },
  wnba: { months: [5, 6, 7, 8, 9, 10], startMonth: 5, lengthMonths: 4.3, games: 44, twoYears: false },
  mls: {
    months: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
    startMonth: 2,
    lengthMonths: 8.5,
    games: 34,
    twoYears: false,
  },
  'premier-league': {
    months: [8, 9, 10, 11, 12, 1, 2, 3, 4, 5],
    startMonth: 8,
    lengthMonths: 9.5,
    games: 38,
    twoYears: true,
  },
  cf: { months: [8, 9, 10, 11, 12, 1], startMonth: 8, lengthMonths: 3.5, games: 12, twoYears: false },
  mcb: { months: [11, 12, 1, 2, 3, 4], startMonth: 11, lengthMonths: 4, games: 31, twoYears: true },
};

/** True when `sportSlug` plays games in the month of `now` (UTC). Unknown sports are never in season. */
export function isInSeason(sportSlug: string, now: Date): boolean {
  return RULES[sportSlug]?.months.includes(now.getUTCMonth() + 1) ?? false;
}

function seasonStartYear(rule: SeasonRule, now: Date): number {
  const month = now.getUTCMonth() + 1;
  return month >= rule.startMonth ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
}

/** The season label of `now` ("2026" or "2026-27"); off-season months belong to the season just ended. */
export function seasonLabel(sportSlug: string, now: Date): string {
  const rule = RULES[sportSlug];
  if (!rule) return String(now.getUTCFullYear());
  const year = seasonStartYear(rule, now);
  return rule.twoYears ? `${year}-${String((year + 1) % 100).padStart(2, '0')}` : String(year);
}

/** Regular-season games each team has played by `now` (the full count in the off-season). */
export function gamesPlayedSoFar(sportSlug: string, now: Date): number {
  const rule = RULES[sportSlug];
  if (!rule) return 0;
  if (!isInSeason(sportSlug, now)) return rule.games;
  const start = Date.UTC(seasonStartYear(rule, now), rule.startMonth - 1, 1);
  const months = (now.getTime() - start) / (30.44 * 86_400_000);
  return Math.max(1, Math.min(rule.games, Math.round((months / rule.lengthMonths) * rule.games)));
}
