import type { Player } from '@sportspyder/contract';
import { describe, expect, it } from 'vitest';
import { rosterByPosition } from '../roster-order.js';

let nextId = 1;
function player(name: string, sport: string, abbr: string | null, position = abbr ?? ''): Player {
  return {
    id: nextId++,
    name,
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    number: null,
    position: abbr ? { id: nextId++, name: position, abbr, group: null } : null,
    team: null,
    sport: { id: 1, slug: sport, name: sport.toUpperCase(), logo: `/logos/sports/${sport}.svg` },
    injured: false,
    hot: false,
    trends: 0,
    lastArticles: [],
    lastEpisodes: [],
  };
}

describe('rosterByPosition', () => {
  it('puts a football roster in depth-chart order: quarterbacks first, specialists last', () => {
    const groups = rosterByPosition([
      player('A Punter', 'nfl', 'P', 'Punter'),
      player('A Kicker', 'nfl', 'K', 'Kicker'),
      player('A Safety', 'nfl', 'S', 'Safety'),
      player('A Quarterback', 'nfl', 'QB', 'Quarterback'),
      player('A Center', 'nfl', 'C', 'Center'),
      player('Another Quarterback', 'nfl', 'QB', 'Quarterback'),
      player('A Receiver', 'nfl', 'WR', 'Wide Receiver'),
    ]);
    expect(groups.map((g) => g.position)).toEqual([
      'Quarterback',
      'Wide Receiver',
      'Center',
      'Safety',
      'Kicker',
      'Punter',
    ]);
    expect(groups[0]?.players.map((p) => p.name)).toEqual(['A Quarterback', 'Another Quarterback']);
  });

  it('reads the same abbreviation by sport: a hockey center leads, a basketball center closes', () => {
    const hockey = rosterByPosition([
      player('Goalie', 'nhl', 'G', 'Goalie'),
      player('Dman', 'nhl', 'D', 'Defense'),
      player('Centre', 'nhl', 'C', 'Center'),
    ]);
    expect(hockey.map((g) => g.position)).toEqual(['Center', 'Defense', 'Goalie']);
    const basketball = rosterByPosition([
      player('Big', 'nba', 'C', 'Center'),
      player('Guard', 'nba', 'PG', 'Point Guard'),
    ]);
    expect(basketball.map((g) => g.position)).toEqual(['Point Guard', 'Center']);
  });

  it('keeps unknown positions after the known ones and players without a position last', () => {
    const groups = rosterByPosition([
      player('Nobody', 'nfl', null),
      player('Mystery', 'nfl', 'XX', 'Mystery'),
      player('Runner', 'nfl', 'RB', 'Running Back'),
    ]);
    expect(groups.map((g) => g.position)).toEqual(['Running Back', 'Mystery', 'Other']);
  });
});
