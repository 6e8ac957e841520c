/**
 * The comparable form of a name or a query, in TypeScript: the same rule as the SQL function
 * `public.ss_search_key` of migration 0008 (lower case, no accents, no apostrophes, every other run of
 * characters that are not ASCII letters, digits or '&' one space). The name searches compute the
 * query's key here rather than in a round trip to the database; a test compares the two on every name
 * of the reference data and on accented and non-Latin text, so they cannot drift apart.
 * @module
 */

// Letters that unaccent spells out but Unicode decomposition does not split into a base and a mark
// (lower case: they are replaced after lower-casing).
const SPELLED: Readonly<Record<string, string>> = {
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
};
const SPELLED_RE = /[øæœßłđðþı]/g;
const MARKS = /\p{M}/gu;
const APOSTROPHES = /['’`]/g;
const SEPARATORS = /[^a-z0-9&]+/g;

/**
 * The search key of `text`.
 *
 * @example
 * ```ts
 * searchKey("St. John's Red Storm"); // 'st johns red storm'
 * searchKey('Montréal Canadiens'); // 'montreal canadiens'
 * ```
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(MARKS, '')
    .toLowerCase()
    .replace(SPELLED_RE, (letter) => SPELLED[letter] ?? letter)
    .replace(APOSTROPHES, '')
    .replace(SEPARATORS, ' ')
    .trim();
}
