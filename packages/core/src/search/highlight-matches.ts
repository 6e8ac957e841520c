/**
 * Which letters of a result's name match the query, for the dropdown's highlighting (spec 1 §4.3,
 * issue 12 "matched letters are highlighted"). The live search matches words by their beginning,
 * ignoring case and accents, so a query word is highlighted where a word of the label starts with it:
 * "chi" marks "Chi" in "Chicago Bears", "ame" marks "Amé" in "Club América". A result found another
 * way (a nickname, a typo) simply shows no highlight.
 * @module
 */

/** A run of a label: `match` is true for the letters the query matched. */
export interface HighlightPart {
  /** The text of the run, exactly as in the label. */
  readonly text: string;
  /** True when these letters matched a query word. */
  readonly match: boolean;
}

const COMBINING_MARKS = /\p{M}/gu;
const WORD_CHAR = /[\p{L}\p{N}]/u;

/** Lower case without accents, the comparison form of both sides. */
function fold(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(COMBINING_MARKS, '');
}

/**
 * The words of a query in comparison form: split on anything that is not a letter or a digit
 * (quotes, operators and punctuation are not matched).
 */
export function queryWords(query: string): string[] {
  return fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/**
 * Splits `label` into runs, marking the letters where a word of the label starts with a word of
 * `query` (case and accents ignored). The runs joined give `label` back.
 *
 * @example
 * ```ts
 * highlightMatches('Chicago Bears', 'chi');
 * // [{ text: 'Chi', match: true }, { text: 'cago Bears', match: false }]
 * ```
 */
export function highlightMatches(label: string, query: string): HighlightPart[] {
  const words = queryWords(query);
  if (label === '') return [];
  if (words.length === 0) return [{ text: label, match: false }];

  // The folded label, with for each of its UTF-16 units the index of the label's code point it came from.
  const points = Array.from(label);
  const starts: number[] = [];
  let folded = '';
  const origin: number[] = [];
  let offset = 0;
  points.forEach((point, index) => {
    starts.push(offset);
    offset += point.length;
    const f = fold(point);
    folded += f;
    for (let i = 0; i < f.length; i++) origin.push(index);
  });
  starts.push(offset);

  const marked = new Array<boolean>(points.length).fill(false);
  for (let at = 0; at < folded.length; at++) {
    const wordStart = WORD_CHAR.test(folded[at] ?? '') && (at === 0 || !WORD_CHAR.test(folded[at - 1] ?? ''));
    if (!wordStart) continue;
    for (const word of words) {
      if (!folded.startsWith(word, at)) continue;
      for (let i = at; i < at + word.length; i++) marked[origin[i] ?? 0] = true;
    }
  }

  const parts: HighlightPart[] = [];
  let runStart = 0;
  for (let index = 1; index <= points.length; index++) {
    if (index < points.length && marked[index] === marked[runStart]) continue;
    parts.push({ text: label.slice(starts[runStart], starts[index]), match: marked[runStart] ?? false });
    runStart = index;
  }
  return parts;
}
