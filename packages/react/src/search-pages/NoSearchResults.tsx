/**
 * What a search without results shows (spec 2 "Search"): "No results found" and the invitation to
 * tell us who we should be following, linked to the contact page; the words the search left out
 * (stop words) are named so that a reader knows why "the" found nothing.
 * @module
 */
import { NO_RESULTS_HINT, NO_RESULTS_LINK, NO_RESULTS_TEXT } from '@sportspyder/core';
import { useLinkComponent } from '../components/Link.js';
import { EmptyState } from '../content/EmptyState.js';
import { StopWordsNote } from './StopWordsNote.js';

/** Props of {@link NoSearchResults}. */
export interface NoSearchResultsProps {
  /** The words of the query that were ignored. */
  stopWords?: readonly string[];
}

/**
 * The empty state of the search pages.
 *
 * @example
 * ```tsx
 * <NoSearchResults stopWords={meta.stopWords} />
 * ```
 */
export function NoSearchResults({ stopWords = [] }: NoSearchResultsProps) {
  const Link = useLinkComponent();
  return (
    <EmptyState title={NO_RESULTS_TEXT}>
      <p className="ss-empty__text">
        <Link href={NO_RESULTS_LINK}>{NO_RESULTS_HINT}</Link>
      </p>
      <StopWordsNote stopWords={stopWords} />
    </EmptyState>
  );
}
