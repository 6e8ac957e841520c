/**
 * Real positions per sport (the rows of the `positions` table) and the demo roster make-up: how many
 * players of each position a team carries, and the jersey numbers that position usually wears.
 * @module
 */
import type { DemoPosition } from './types.js';

/** A roster slot: position abbreviation, name, group, players carried, and usual jersey number ranges. */
export type RosterSlot = readonly [
  abbr: string,
  name: string,
  group: string,
  count: number,
  numbers: readonly [number, number][],
];

const ANY: readonly [number, number][] = [[0, 99]];
const SOCCER: readonly RosterSlot[] = [
  [
    'GK',
    'Goalkeeper',
    'Goalkeepers',
    3,
    [
      [1, 1],
      [12, 13],
      [30, 40],
    ],
  ],
  [
    'DF',
    'Defender',
    'Defenders',
    8,
    [
      [2, 6],
      [12, 35],
    ],
  ],
  [
    'MF',
    'Midfielder',
    'Midfielders',
    8,
    [
      [6, 8],
      [10, 10],
      [14, 30],
    ],
  ],
  [
    'FW',
    'Forward',
    'Forwards',
    6,
    [
      [7, 11],
      [17, 29],
    ],
  ],
];
const BASKETBALL = (guards: number): readonly RosterSlot[] => [
  ['PG', 'Point Guard', 'Guards', guards, ANY],
  ['SG', 'Shooting Guard', 'Guards', 3, ANY],
  ['SF', 'Small Forward', 'Forwards', 3, ANY],
  ['PF', 'Power Forward', 'Forwards', 3, ANY],
  ['C', 'Center', 'Centers', 2, ANY],
];

/** Roster slots per pro sport (college teams carry no demo roster: their news names no players). */
export const ROSTER_SLOTS: Record<string, readonly RosterSlot[]> = {
  nfl: [
    ['QB', 'Quarterback', 'Offense', 2, [[1, 19]]],
    ['RB', 'Running Back', 'Offense', 2, [[20, 49]]],
    [
      'WR',
      'Wide Receiver',
      'Offense',
      4,
      [
        [10, 19],
        [80, 89],
      ],
    ],
    [
      'TE',
      'Tight End',
      'Offense',
      2,
      [
        [80, 89],
        [40, 49],
      ],
    ],
    ['OL', 'Offensive Lineman', 'Offense', 5, [[60, 79]]],
    [
      'DL',
      'Defensive Lineman',
      'Defense',
      4,
      [
        [90, 99],
        [50, 59],
      ],
    ],
    ['LB', 'Linebacker', 'Defense', 4, [[40, 59]]],
    ['CB', 'Cornerback', 'Defense', 3, [[20, 39]]],
    ['S', 'Safety', 'Defense', 2, [[20, 49]]],
    ['K', 'Kicker', 'Special Teams', 1, [[1, 19]]],
    ['P', 'Punter', 'Special Teams', 1, [[1, 19]]],
  ],
  nba: BASKETBALL(3),
  wnba: BASKETBALL(1),
  mlb: [
    ['SP', 'Starting Pitcher', 'Pitchers', 5, [[11, 70]]],
    ['RP', 'Relief Pitcher', 'Pitchers', 8, [[30, 99]]],
    ['C', 'Catcher', 'Catchers', 2, ANY],
    ['1B', 'First Base', 'Infielders', 2, ANY],
    ['2B', 'Second Base', 'Infielders', 1, ANY],
    ['3B', 'Third Base', 'Infielders', 2, ANY],
    ['SS', 'Shortstop', 'Infielders', 2, ANY],
    ['LF', 'Left Field', 'Outfielders', 1, ANY],
    ['CF', 'Center Field', 'Outfielders', 1, ANY],
    ['RF', 'Right Field', 'Outfielders', 1, ANY],
    ['DH', 'Designated Hitter', 'Designated Hitters', 1, ANY],
  ],
  nhl: [
    [
      'C',
      'Center',
      'Forwards',
      4,
      [
        [9, 29],
        [70, 98],
      ],
    ],
    [
      'LW',
      'Left Wing',
      'Forwards',
      4,
      [
        [9, 29],
        [60, 98],
      ],
    ],
    [
      'RW',
      'Right Wing',
      'Forwards',
      4,
      [
        [9, 29],
        [60, 98],
      ],
    ],
    [
      'D',
      'Defenseman',
      'Defensemen',
      8,
      [
        [2, 8],
        [40, 77],
      ],
    ],
    [
      'G',
      'Goaltender',
      'Goalies',
      3,
      [
        [1, 1],
        [30, 39],
        [70, 80],
      ],
    ],
  ],
  mls: SOCCER,
  'premier-league': SOCCER,
};

/** The positions rows of every sport that has roster slots. */
export function demoPositions(): DemoPosition[] {
  return Object.entries(ROSTER_SLOTS).flatMap(([sportSlug, slots]) =>
    slots.map(([abbr, name, group]) => ({ sportSlug, abbr, name, group })),
  );
}
