// Display rules of the shell: badge, sport names, college names, division titles, footer years, halves.
import { describe, expect, it } from 'vitest';
import {
  collegeTeamName,
  copyrightYears,
  divisionTitle,
  formatBadgeCount,
  shortSportName,
  splitInHalves,
} from '../format.js';

describe('formatBadgeCount', () => {
  it('shows nothing at 0, unknown or negative counts', () => {
    expect(formatBadgeCount(0)).toBe('');
    expect(formatBadgeCount(undefined)).toBe('');
    expect(formatBadgeCount(null)).toBe('');
    expect(formatBadgeCount(-3)).toBe('');
  });
  it('shows the count up to 20 and "20+" above', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(20)).toBe('20');
    expect(formatBadgeCount(21)).toBe('20+');
    expect(formatBadgeCount(500)).toBe('20+');
  });
});

describe('shortSportName', () => {
  it('shortens college and Premier League names and keeps the others', () => {
    expect(shortSportName({ slug: 'mcb', name: 'College Basketball' })).toBe('NCAAB');
    expect(shortSportName({ slug: 'cf', name: 'College Football' })).toBe('NCAAF');
    expect(shortSportName({ slug: 'premier-league', name: 'Premier League' })).toBe('Premier');
    expect(shortSportName({ slug: 'nfl', name: 'NFL' })).toBe('NFL');
  });
});

describe('collegeTeamName', () => {
  it('drops the sport suffix', () => {
    expect(collegeTeamName('Duke Blue Devils Basketball')).toBe('Duke Blue Devils');
    expect(collegeTeamName('Alabama Crimson Tide Football')).toBe('Alabama Crimson Tide');
    expect(collegeTeamName('Green Bay Packers')).toBe('Green Bay Packers');
  });
});

describe('divisionTitle', () => {
  it('leaves division 56 untitled and titles division 50 "Teams" on mobile only', () => {
    expect(divisionTitle({ id: 56, name: 'Unnamed' })).toBe('');
    expect(divisionTitle({ id: 56, name: 'Unnamed' }, { mobile: true })).toBe('');
    expect(divisionTitle({ id: 50, name: 'Eastern' }, { mobile: true })).toBe('Teams');
    expect(divisionTitle({ id: 50, name: 'Eastern' })).toBe('Eastern');
    expect(divisionTitle({ id: 3, name: 'NFC North' }, { mobile: true })).toBe('NFC North');
  });
});

describe('copyrightYears and splitInHalves', () => {
  it('spans 2005 to the current year', () => {
    expect(copyrightYears(new Date('2026-11-22T00:00:00Z'))).toBe('2005-2026');
  });
  it('splits with the extra item in the first column', () => {
    expect(splitInHalves([1, 2, 3, 4, 5])).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(splitInHalves([])).toEqual([[], []]);
  });
});
