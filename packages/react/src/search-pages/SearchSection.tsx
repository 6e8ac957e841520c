/**
 * One section of the everything search page: its heading with the number found, its first results,
 * and a link to all of them.
 * @module
 */
import { numberFormat } from '@sportspyder/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useLinkComponent } from '../components/Link.js';

/** Props of {@link SearchSection}. */
export interface SearchSectionProps {
  /** The section's name, e.g. "Teams". */
  title: string;
  /** How many were found in all. */
  count: number;
  /** The page of all results, when the section has one. */
  allHref?: string | undefined;
  /** The first results. */
  children: ReactNode;
}

/**
 * A titled section of results.
 *
 * @example
 * ```tsx
 * <SearchSection title="Teams" count={3} allHref="/search/teams?q=chi">...</SearchSection>
 * ```
 */
export function SearchSection({ title, count, allHref, children }: SearchSectionProps) {
  const id = useId();
  const Link = useLinkComponent();
  return (
    <section className="ss-search-section" aria-labelledby={id}>
      <header className="ss-search-section__header">
        <h2 id={id} className="ss-search-section__title">
          {title} <span className="ss-search-section__count">({numberFormat('en-US').format(count)})</span>
        </h2>
        {allHref && (
          <Link className="ss-search-section__all" href={allHref}>
            See all {title.toLowerCase()}
          </Link>
        )}
      </header>
      {children}
    </section>
  );
}
