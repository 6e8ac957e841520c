/**
 * The one gate every search query passes before it is tokenised or reaches SQL (issue "Search", bad
 * input): a query is text, whatever it contains. Control characters (NUL among them, which PostgreSQL
 * refuses in text) and lone UTF-16 surrogates (which cannot be encoded as UTF-8) are removed, runs of
 * white space become one space, and what is left is cut to {@link MAX_SEARCH_LENGTH} characters.
 * Operators of tsquery syntax, quotes and backslashes are kept: the tokenisers treat them as text.
 * @module
 */

/** The longest query searched; longer ones are cut, never refused. */
export const MAX_SEARCH_LENGTH = 200;

// C0 and C1 control characters, plus the Unicode line and paragraph separators and BOM.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/g;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The searchable form of a raw query: no control characters or lone surrogates, single spaces, trimmed,
 * at most {@link MAX_SEARCH_LENGTH} characters (never splitting a surrogate pair).
 *
 * @example
 * ```ts
 * cleanSearchText('  green\u0000 bay\n packers '); // 'green bay packers'
 * ```
 */
export function cleanSearchText(raw: string): string {
  const text = raw.replace(LONE_SURROGATE, '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if (text.length <= MAX_SEARCH_LENGTH) return text;
  // Cut by code points so that a pair at the boundary is not split into a lone surrogate.
  return Array.from(text)
    .slice(0, MAX_SEARCH_LENGTH)
    .join('')
    .slice(0, MAX_SEARCH_LENGTH)
    .replace(LONE_SURROGATE, '')
    .trim();
}
