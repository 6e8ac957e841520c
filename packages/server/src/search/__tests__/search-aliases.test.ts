import { describe, expect, it } from 'vitest';
import { aliasMatches } from '../search-aliases.js';

describe('aliasMatches', () => {
  it('finds teams by a whole alias and by its beginning', () => {
    expect(aliasMatches('niners').exactTeams).toEqual(['san-francisco-49ers']);
    expect(aliasMatches('nine').prefixTeams).toContain('san-francisco-49ers');
    expect(aliasMatches('habs').exactTeams).toEqual(['montreal-canadiens']);
    expect(aliasMatches('bama').exactTeams).toEqual(
      expect.arrayContaining(['alabama-crimson-tide-football', 'alabama-crimson-tide-basketball']),
    );
  });

  it('needs three letters before an alias beginning counts', () => {
    expect(aliasMatches('ni').prefixTeams).toEqual([]);
  });

  it('spells out a leading place abbreviation', () => {
    expect(aliasMatches('la lakers').variants).toEqual(['la lakers', 'los angeles lakers']);
    expect(aliasMatches('kc').variants).toEqual(['kc', 'kansas city']);
    expect(aliasMatches('lakers').variants).toEqual(['lakers']);
  });

  it('finds topics by their aliases', () => {
    expect(aliasMatches('wimbledon').topics).toEqual(['tennis']);
  });
});
