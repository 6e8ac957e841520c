// Highlighting of matched letters in the live search rows: word beginnings, case and accents
// ignored, several query words, and the label always given back whole.
import { describe, expect, it } from 'vitest';
import { highlightMatches, queryWords } from '../highlight-matches.js';

const marked = (label: string, query: string) =>
  highlightMatches(label, query)
    .filter((part) => part.match)
    .map((part) => part.text);

describe('highlightMatches', () => {
  it('marks the beginning of the matching word', () => {
    expect(highlightMatches('Chicago Bears', 'chi')).toEqual([
      { text: 'Chi', match: true },
      { text: 'cago Bears', match: false },
    ]);
  });

  it('ignores case and accents on both sides', () => {
    expect(marked('Club América', 'AME')).toEqual(['Amé']);
    expect(marked('Kansas City Chiefs', 'kánsas')).toEqual(['Kansas']);
  });

  it('marks every query word at the start of any word of the label', () => {
    expect(marked('Kansas City Chiefs', 'city kan')).toEqual(['Kan', 'City']);
    expect(marked('Green Bay Packers', 'bay')).toEqual(['Bay']);
  });

  it('does not mark letters in the middle of a word', () => {
    expect(marked('Arkansas Razorbacks', 'kan')).toEqual([]);
    expect(marked('Ole Miss Rebels', 'iss')).toEqual([]);
  });

  it('marks nothing for a result found another way (a typo or a nickname)', () => {
    expect(highlightMatches('Green Bay Packers', 'packrs')).toEqual([
      { text: 'Green Bay Packers', match: false },
    ]);
  });

  it('always gives the label back whole, astral characters included', () => {
    const label = "D'Andre Swift 🏈 Éric";
    for (const query of ['d', 'andre', 'eric 🏈', '', '"', 'swift éric']) {
      expect(
        highlightMatches(label, query)
          .map((part) => part.text)
          .join(''),
      ).toBe(label);
    }
    expect(marked(label, 'swift éric')).toEqual(['Swift', 'Éric']);
    expect(highlightMatches('', 'x')).toEqual([]);
  });

  it('matches after punctuation that starts a word', () => {
    expect(marked("D'Andre Swift", 'andre')).toEqual(['Andre']);
    expect(marked('St. Louis Blues', 'louis')).toEqual(['Louis']);
  });
});

describe('queryWords', () => {
  it('folds the query into its words, dropping operators and quotes', () => {
    expect(queryWords('  "Chí"  & Bulls! ')).toEqual(['chi', 'bulls']);
  });
});
