/**
 * The note naming the words a search ignored (its `meta.stopWords`), so that a reader knows why a
 * word did not count: 'Common words were left out of your search: "the", "of".'
 * @module
 */

/** The note's text, or null when no word was left out. */
export function stopWordsText(stopWords: readonly string[]): string | null {
  if (stopWords.length === 0) return null;
  return `Common words were left out of your search: ${stopWords.map((w) => `"${w}"`).join(', ')}.`;
}

/**
 * The note, or nothing.
 *
 * @example
 * ```tsx
 * <StopWordsNote stopWords={['the']} />
 * ```
 */
export function StopWordsNote({ stopWords }: { stopWords: readonly string[] }) {
  const text = stopWordsText(stopWords);
  return text ? <p className="ss-search-note">{text}</p> : null;
}
