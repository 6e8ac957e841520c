// Tokeniser and normaliser shared by the index builder and the tagger. Names in the index and words in
// an article go through the same function, so "Montréal", "Packers'", "Bills's", "T-Wolves", "St. John's"
// and "D.C." compare equal to how the reference data spells them without any per-team regex.

/** One word of a text: its normalised form, where it sits in the original text, and its capitalisation. */
export interface Token {
  /** Lower-case, accent-free form without a possessive suffix (`Packers'` -> `packers`, `Bills's` -> `bills`). */
  norm: string;
  /** Offset of the first character in the original text. */
  start: number;
  /** Offset after the last character in the original text. */
  end: number;
  /** Whether the word starts with an upper-case letter or digit in the original text. */
  cap: boolean;
}

// A word is letters, digits and '&' (for "A&M"), with inner apostrophes ("O'Neal", "John's"). Hyphens,
// periods and other punctuation separate words, so "T-Wolves" is "t wolves" and "D.C." is "d c".
const WORD = /[\p{L}\p{N}&]+(?:['’][\p{L}\p{N}]+)*/gu;
const ASCII = /^[\x20-\x7e]*$/;
const MARKS = /\p{M}/gu;
const APOSTROPHES = /['’]/g;

/** Lower-cases and strips accents and apostrophes from one word, dropping a possessive `'s`. */
export function normalizeWord(word: string): string {
  let w = ASCII.test(word) ? word.toLowerCase() : word.normalize('NFD').replace(MARKS, '').toLowerCase();
  if (w.endsWith("'s") || w.endsWith('’s')) w = w.slice(0, -2);
  if (w.includes("'") || w.includes('’')) w = w.replace(APOSTROPHES, '');
  return w;
}

/**
 * Splits a text into normalised word tokens in one regex pass.
 *
 * @example
 * tokenize("Packers' Love") // [{ norm: 'packers', ... }, { norm: 'love', ... }]
 */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) {
    const raw = m[0];
    const norm = normalizeWord(raw);
    if (norm === '') continue;
    const first = raw[0]!;
    // A digit counts as a capital ("49ers", "76ers" are written so in every headline).
    const cap = first !== first.toLowerCase() || (first >= '0' && first <= '9');
    tokens.push({ norm, start: m.index, end: m.index + raw.length, cap });
  }
  return tokens;
}

/** Normalises a whole phrase to the key used by the index: its tokens joined by single spaces. */
export function normalizePhrase(phrase: string): string {
  return tokenize(phrase)
    .map((t) => t.norm)
    .join(' ');
}
