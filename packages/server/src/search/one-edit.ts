/**
 * The typo rule of the name searches (issue "Search"): a word of 5 letters or more may differ from a
 * name's word by one edit, where an edit is an inserted, deleted or replaced letter or two neighbours
 * swapped ("packrs" -> "packers", "celitcs" -> "celtics"). Shorter words must be typed right: one edit
 * of a 3-letter word matches too much to help.
 * @module
 */

/** The shortest word that tolerates a typo. */
export const TYPO_MIN_LENGTH = 5;

/**
 * Whether `a` and `b` are at most one edit apart (insertion, deletion, substitution or the
 * transposition of two adjacent letters), in linear time.
 *
 * @example
 * ```ts
 * isWithinOneEdit('packrs', 'packers'); // true (one insertion)
 * isWithinOneEdit('celitcs', 'celtics'); // true (one swap)
 * isWithinOneEdit('pakcrs', 'packers'); // false
 * ```
 */
export function isWithinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  if (long.length - short.length > 1) return false;
  let i = 0;
  while (i < short.length && short[i] === long[i]) i += 1;
  if (short.length === long.length) {
    // Substitution at i, or the swap of i and i + 1.
    if (short.slice(i + 1) === long.slice(i + 1)) return true;
    return short[i] === long[i + 1] && short[i + 1] === long[i] && short.slice(i + 2) === long.slice(i + 2);
  }
  // One letter of the longer word is extra, at i.
  return short.slice(i) === long.slice(i + 1);
}

/**
 * Whether a typed word matches a name's word with at most one typo: the whole word, or, while the
 * word is still being typed, the name word's beginning ("celit" matches "celtics" through "celti").
 * Words shorter than {@link TYPO_MIN_LENGTH} only match as an exact beginning.
 *
 * @example
 * ```ts
 * matchesWithTypo('packrs', 'packers'); // true
 * matchesWithTypo('celit', 'celtics'); // true
 * matchesWithTypo('pakc', 'packers'); // false (too short for a typo)
 * ```
 */
export function matchesWithTypo(typed: string, word: string): boolean {
  if (word.startsWith(typed)) return true;
  if (typed.length < TYPO_MIN_LENGTH) return false;
  if (isWithinOneEdit(typed, word)) return true;
  for (const length of [typed.length - 1, typed.length, typed.length + 1]) {
    if (length < word.length && isWithinOneEdit(typed, word.slice(0, length))) return true;
  }
  return false;
}

/**
 * Whether every word of a query matches some word of a name, with the typo rule of
 * {@link matchesWithTypo}.
 *
 * @example
 * ```ts
 * nameMatchesWithTypos(['green', 'packrs'], 'green bay packers'); // true
 * ```
 */
export function nameMatchesWithTypos(queryWords: readonly string[], nameKey: string): boolean {
  const words = nameKey.split(' ');
  return queryWords.every((typed) => words.some((word) => matchesWithTypo(typed, word)));
}
