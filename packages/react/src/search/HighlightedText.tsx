/**
 * A label with the letters matching the query wrapped in `<mark>` (core's `highlightMatches` decides
 * which).
 * @module
 */
import { highlightMatches } from '@sportspyder/core';

/** Props of {@link HighlightedText}. */
export interface HighlightedTextProps {
  /** The text shown. */
  text: string;
  /** The query whose words are marked (null or blank: nothing marked). */
  query: string | null;
}

/** Renders `text` with its matched letters in `<mark>`. */
export function HighlightedText({ text, query }: HighlightedTextProps) {
  const parts = highlightMatches(text, query ?? '');
  return (
    <>
      {parts.map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one label never reorder
          <mark key={index}>{part.text}</mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
