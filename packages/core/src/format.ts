/**
 * Display rules of the shell (spec 1 §2.4, §2.6, §2.7, §4.2) as pure functions, so the site and
 * the embeds render the same labels and the rules are tested once.
 * @module
 */
import type { Division, Sport } from '@sportspyder/contract';
import {
  COPYRIGHT_START_YEAR,
  NOTIFICATION_BADGE_CAP,
  TEAMS_DIVISION_ID,
  TEAMS_DIVISION_TITLE,
  UNNAMED_DIVISION_ID,
} from './constants.js';

/**
 * The notification badge text: nothing at 0 (or unknown, e.g. while loading), the count up to
 * {@link NOTIFICATION_BADGE_CAP}, "20+" above it.
 *
 * @example
 * ```ts
 * formatBadgeCount(0); // ''
 * formatBadgeCount(7); // '7'
 * formatBadgeCount(21); // '20+'
 * ```
 */
export function formatBadgeCount(count?: number | null): string {
  if (count == null || !Number.isFinite(count) || count <= 0) return '';
  if (count > NOTIFICATION_BADGE_CAP) return `${NOTIFICATION_BADGE_CAP}+`;
  return String(Math.floor(count));
}

const SHORT_SPORT_NAMES: Readonly<Record<string, string>> = {
  mcb: 'NCAAB',
  cf: 'NCAAF',
  'premier-league': 'Premier',
};

/**
 * The sport's label in the navigation bar: long names are shortened (mcb → NCAAB, cf → NCAAF,
 * premier-league → Premier); other sports keep their name.
 */
export function shortSportName(sport: Pick<Sport, 'slug' | 'name'>): string {
  return SHORT_SPORT_NAMES[sport.slug] ?? sport.name;
}

/** A college team's name without the sport suffix (" Basketball", " Football") the data carries. */
export function collegeTeamName(name: string): string {
  return name.replace(/ (Basketball|Football)\b/g, '').trim();
}

/** Where a division title is rendered: the desktop sport menu or the mobile teams panel. */
export interface DivisionTitleOptions {
  /** True for the mobile teams panel. */
  mobile?: boolean;
}

/**
 * The title shown above a division's teams. The unnamed division ({@link UNNAMED_DIVISION_ID})
 * gets '' everywhere (the desktop menu draws a dash in its place, the mobile panel leaves it
 * untitled); division {@link TEAMS_DIVISION_ID} is titled "Teams" on mobile.
 */
export function divisionTitle(
  division: Pick<Division, 'id' | 'name'>,
  options: DivisionTitleOptions = {},
): string {
  if (division.id === UNNAMED_DIVISION_ID) return '';
  if (options.mobile && division.id === TEAMS_DIVISION_ID) return TEAMS_DIVISION_TITLE;
  return division.name;
}

/** The footer's copyright years: from 2005 to the year of `now`, e.g. "2005-2026". */
export function copyrightYears(now: Date = new Date()): string {
  return `${COPYRIGHT_START_YEAR}-${now.getFullYear()}`;
}

/**
 * Splits a list in two columns for the More menu; the first half gets the extra item when the
 * length is odd.
 *
 * @example
 * ```ts
 * splitInHalves([1, 2, 3]); // [[1, 2], [3]]
 * ```
 */
export function splitInHalves<T>(list: readonly T[]): [T[], T[]] {
  const middle = Math.ceil(list.length / 2);
  return [list.slice(0, middle), list.slice(middle)];
}
