import { describe, expect, it } from 'vitest';
import { formatStanding, teamAbbr } from '../format-standing.js';

describe('formatStanding', () => {
  it.each([
    [{ wins: 10, losses: 3, ties: 0 }, '10-3'],
    [{ wins: 8, losses: 4, ties: 1 }, '8-4-1'],
    [{ wins: 0, losses: 0, ties: 0 }, '0-0'],
    [{ wins: 40, losses: 22, ties: 12 }, '40-22-12'],
    [null, null],
    [undefined, null],
  ])('formats %j as %j', (record, expected) => {
    expect(formatStanding(record)).toBe(expected);
  });
});

describe('teamAbbr', () => {
  it.each([
    ['Green Bay', 'Packers', 'GB'],
    ['New England', 'Patriots', 'NE'],
    ['Chicago', 'Bears', 'CHI'],
    ['', 'Arsenal', 'ARS'],
    ['St. Louis', 'Blues', 'SL'],
  ])('abbreviates %s %s as %s', (location, name, expected) => {
    expect(teamAbbr(location, name)).toBe(expected);
  });
});
