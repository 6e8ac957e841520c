import { describe, expect, it } from 'vitest';
import { splitSearchText } from '../search-query.js';

describe('splitSearchText', () => {
  it('reads quoted text as phrases and the rest as words', () => {
    expect(splitSearchText('packers "nolan corliss" injury')).toEqual({
      words: ['packers', 'injury'],
      phrases: ['nolan corliss'],
    });
  });

  it("keeps words like A&M and O'Neal whole and drops punctuation", () => {
    expect(splitSearchText("Texas A&M, O'Neal! (49ers)").words).toEqual(['Texas', 'A&M', "O'Neal", '49ers']);
  });

  it('reads an unclosed quote and empty phrases as nothing special', () => {
    expect(splitSearchText('"packers')).toEqual({ words: ['packers'], phrases: [] });
    expect(splitSearchText('"" packers ""')).toEqual({ words: ['packers'], phrases: [] });
    expect(splitSearchText('& | ! ( ) :* <->')).toEqual({ words: [], phrases: [] });
  });
});
