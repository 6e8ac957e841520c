/**
 * Games (spec 2 §4, §9): the status line of a game card (start time, in-play progress, "date -
 * Final"), the Scores and Upcoming groups, and the pages of the games box (6 games, 2 in medium
 * size).
 * @module
 */
import type { Game } from '@sportspyder/contract';
import { GAMES_PER_PAGE, GAMES_PER_PAGE_MEDIUM } from '../constants.js';
import { dateTimeFormat } from '../intl-formats.js';

/** How dates are written (default: the runtime's time zone, US English). */
export interface DateFormatOptions {
  /** IANA time zone, e.g. `America/New_York`. */
  timeZone?: string | undefined;
  /** BCP 47 locale (default `en-US`). */
  locale?: string | undefined;
}

function format(date: Date, options: DateFormatOptions, parts: Intl.DateTimeFormatOptions): string {
  return dateTimeFormat(options.locale ?? 'en-US', { ...parts, timeZone: options.timeZone }).format(date);
}

/** A game date as cards write it: "Nov 21". */
export function gameDate(startsAt: string | Date, options: DateFormatOptions = {}): string {
  return format(new Date(startsAt), options, { month: 'short', day: 'numeric' });
}

/** A game start time as cards write it: "7:30 PM". */
export function gameTime(startsAt: string | Date, options: DateFormatOptions = {}): string {
  return format(new Date(startsAt), options, { hour: 'numeric', minute: '2-digit' });
}

/**
 * The status line of a game: not started → its date and start time ("Nov 23 - 7:30 PM"); in play →
 * the progress text ("Q3 4:12", or "In Progress"); finished → "Nov 21 - Final".
 *
 * @example
 * ```ts
 * gameStatusText({ status: 'finished', startsAt: '2026-11-21T18:00:00Z', progress: null }, { timeZone: 'UTC' });
 * // 'Nov 21 - Final'
 * ```
 */
export function gameStatusText(
  game: Pick<Game, 'status' | 'startsAt' | 'progress'>,
  options: DateFormatOptions = {},
): string {
  switch (game.status) {
    case 'in-play':
      return game.progress?.trim() || 'In Progress';
    case 'finished':
      return `${gameDate(game.startsAt, options)} - Final`;
    default:
      return `${gameDate(game.startsAt, options)} - ${gameTime(game.startsAt, options)}`;
  }
}

/** The games box groups. */
export interface GameGroups<G> {
  /** Finished and in-play games ("Scores"). */
  readonly scores: G[];
  /** Games not started yet ("Upcoming"). */
  readonly upcoming: G[];
}

/**
 * Splits games into "Scores" (finished and in play) and "Upcoming" (the rest), keeping their order, except
 * that games in play lead "Scores": a fan opening the page during a game finds it without paging.
 */
export function groupGames<G extends Pick<Game, 'status'>>(games: readonly G[]): GameGroups<G> {
  const live: G[] = [];
  const finished: G[] = [];
  const upcoming: G[] = [];
  for (const game of games) {
    if (game.status === 'not-started') upcoming.push(game);
    else (game.status === 'in-play' ? live : finished).push(game);
  }
  return { scores: [...live, ...finished], upcoming };
}

/** Games per page of the games box: 6, or 2 in medium size. */
export function gamesPerPage(medium = false): number {
  return medium ? GAMES_PER_PAGE_MEDIUM : GAMES_PER_PAGE;
}

/** Cuts a games group into the pages of the horizontally scrolled box (6 per page, 2 in medium size). */
export function gamePages<G>(games: readonly G[], medium = false): G[][] {
  const size = gamesPerPage(medium);
  const pages: G[][] = [];
  for (let i = 0; i < games.length; i += size) pages.push(games.slice(i, i + size));
  return pages;
}

/** Which side won a finished game ('home', 'away' or null), for the win and lose styling. */
export function gameWinner(game: Pick<Game, 'status' | 'home' | 'away'>): 'home' | 'away' | null {
  if (game.status !== 'finished') return null;
  if (game.home.win) return 'home';
  if (game.away.win) return 'away';
  const { score: h } = game.home;
  const { score: a } = game.away;
  if (h == null || a == null || h === a) return null;
  return h > a ? 'home' : 'away';
}

/** Which games a list shows: a sport's (every pushed game of it) or a team's (its own only). */
export interface GameListScope {
  /** The team whose games the list shows; omitted for a sport's list. */
  teamSlug?: string | undefined;
}

/**
 * A games list with the games pushed by `GamesChannel` applied (issue 45): a pushed game replaces the one
 * with its id in place, and a new game of the list's scope (a team's list: one its team plays) joins it in
 * start order (the server pushes only games of the games window, as the lists hold). The list is answered as is when nothing in it changed, so a render can compare identity.
 *
 * @example
 * ```ts
 * applyGamePush(teamGames, push.games, { teamSlug: 'green-bay-packers' });
 * ```
 */
export function applyGamePush<G extends Pick<Game, 'id' | 'startsAt' | 'home' | 'away'>>(
  games: readonly G[],
  pushed: readonly G[],
  scope: GameListScope = {},
): readonly G[] {
  if (pushed.length === 0) return games;
  const byId = new Map(pushed.map((game) => [game.id, game]));
  let changed = false;
  const next = games.map((game) => {
    const update = byId.get(game.id);
    if (!update) return game;
    byId.delete(game.id);
    changed = true;
    return update;
  });
  const plays = (game: G) =>
    scope.teamSlug === undefined || game.home.slug === scope.teamSlug || game.away.slug === scope.teamSlug;
  const added = [...byId.values()].filter(plays);
  if (added.length === 0) return changed ? next : games;
  return [...next, ...added].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id);
}
