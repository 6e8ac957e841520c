/**
 * The order of a team's roster (spec 2 §2 "Roster"; issue "First-run quality"): players grouped by
 * position, the groups in the order fans of that sport read a depth chart (a football roster starts
 * with the quarterbacks and ends with the specialists), not in the order the API happened to list them.
 * @module
 */
import type { Player } from '@sportspyder/contract';

// Position abbreviations per sport family, as depth charts print them. An abbreviation means different
// things in different sports (C is a football center, a basketball center, a catcher and a hockey
// center), so the order is looked up by the sport first.
const FOOTBALL = [
  'QB',
  'RB',
  'HB',
  'FB',
  'WR',
  'TE',
  'OL',
  'OT',
  'T',
  'OG',
  'G',
  'C',
  'DL',
  'DE',
  'DT',
  'NT',
  'EDGE',
  'LB',
  'ILB',
  'MLB',
  'OLB',
  'DB',
  'CB',
  'S',
  'FS',
  'SS',
  'K',
  'PK',
  'P',
  'LS',
  'KR',
  'PR',
];
const BASKETBALL = ['PG', 'SG', 'G', 'GF', 'SF', 'F', 'PF', 'FC', 'C'];
const BASEBALL = [
  'SP',
  'RP',
  'CL',
  'P',
  'C',
  '1B',
  '2B',
  '3B',
  'SS',
  'IF',
  'LF',
  'CF',
  'RF',
  'OF',
  'DH',
  'UT',
];
const HOCKEY = ['C', 'LW', 'RW', 'F', 'D', 'G'];
const SOCCER = ['GK', 'G', 'DF', 'D', 'MF', 'M', 'FW', 'F'];

/** Depth-chart order of position abbreviations per sport slug. */
export const DEPTH_CHART_ORDER: Readonly<Record<string, readonly string[]>> = {
  nfl: FOOTBALL,
  cf: FOOTBALL,
  nba: BASKETBALL,
  wnba: BASKETBALL,
  mcb: BASKETBALL,
  mlb: BASEBALL,
  nhl: HOCKEY,
  mls: SOCCER,
  'premier-league': SOCCER,
};

/** One position's players on the roster page. */
export interface RosterGroup {
  /** The position's name ("Quarterback"), or "Other" for players without one. */
  position: string;
  /** Its players, in the order the API listed them. */
  players: Player[];
}

/**
 * Groups a roster by position, ordered as the sport's depth chart reads; positions the chart does not
 * know keep their first-seen order after the known ones, and players without a position come last.
 *
 * @example
 * ```ts
 * rosterByPosition(players).map((g) => g.position); // ['Quarterback', 'Running Back', …, 'Punter']
 * ```
 */
export function rosterByPosition(players: readonly Player[]): RosterGroup[] {
  const groups = new Map<string, { abbr: string; sport: string; players: Player[] }>();
  const other: Player[] = [];
  for (const player of players) {
    const position = player.position;
    if (!position) {
      other.push(player);
      continue;
    }
    const group = groups.get(position.name);
    if (group) group.players.push(player);
    else groups.set(position.name, { abbr: position.abbr, sport: player.sport.slug, players: [player] });
  }
  const rank = (abbr: string, sport: string): number => {
    const at = (DEPTH_CHART_ORDER[sport] ?? []).indexOf(abbr.toUpperCase());
    return at === -1 ? Number.MAX_SAFE_INTEGER : at;
  };
  // Array.prototype.sort is stable, so unknown positions keep the order they were first seen in.
  const out: RosterGroup[] = [...groups]
    .sort(([, a], [, b]) => rank(a.abbr, a.sport) - rank(b.abbr, b.sport))
    .map(([position, group]) => ({ position, players: group.players }));
  if (other.length > 0) out.push({ position: 'Other', players: other });
  return out;
}
