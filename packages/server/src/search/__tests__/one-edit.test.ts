import { describe, expect, it } from 'vitest';
import { isWithinOneEdit, matchesWithTypo, nameMatchesWithTypos } from '../one-edit.js';

describe('isWithinOneEdit', () => {
  it.each([
    ['packrs', 'packers'],
    ['packerss', 'packers'],
    ['packars', 'packers'],
    ['celitcs', 'celtics'],
    ['apckers', 'packers'],
    ['packesr', 'packers'],
    ['packers', 'packers'],
  ])('%s and %s are one edit apart', (a, b) => {
    expect(isWithinOneEdit(a, b)).toBe(true);
    expect(isWithinOneEdit(b, a)).toBe(true);
  });

  it.each([
    ['pakcrs', 'packers'],
    ['packrrs', 'pacers'],
    ['celtcis', 'celitcs'],
    ['pack', 'packers'],
  ])('%s and %s are more than one edit apart', (a, b) => {
    expect(isWithinOneEdit(a, b)).toBe(false);
  });
});

describe('matchesWithTypo', () => {
  it('accepts a typo in a word of five letters or more, also while it is being typed', () => {
    expect(matchesWithTypo('packrs', 'packers')).toBe(true);
    expect(matchesWithTypo('celit', 'celtics')).toBe(true);
    expect(matchesWithTypo('cel', 'celtics')).toBe(true);
  });

  it('wants shorter words typed right', () => {
    expect(matchesWithTypo('pakc', 'packers')).toBe(false);
    expect(matchesWithTypo('bers', 'bears')).toBe(false);
  });

  it('needs every word of the query in the name', () => {
    expect(nameMatchesWithTypos(['green', 'packrs'], 'green bay packers')).toBe(true);
    expect(nameMatchesWithTypos(['boston', 'packrs'], 'green bay packers')).toBe(false);
  });
});
