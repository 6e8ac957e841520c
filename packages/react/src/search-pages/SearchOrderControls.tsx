/**
 * The sort (Newest, Relevance) and time filter (Anytime, Past day, Past week, Past month) of the
 * article and episode searches (spec 2 "Search"), as two labelled selects.
 * @module
 */
import type { SearchFilter, SearchSort } from '@sportspyder/contract';
import { useId } from 'react';

/** The sort options in the order shown. */
export const SEARCH_SORT_OPTIONS: readonly { value: SearchSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'relevance', label: 'Relevance' },
];

/** The time filters in the order shown. */
export const SEARCH_FILTER_OPTIONS: readonly { value: SearchFilter; label: string }[] = [
  { value: 'anytime', label: 'Anytime' },
  { value: 'day', label: 'Past day' },
  { value: 'week', label: 'Past week' },
  { value: 'month', label: 'Past month' },
];

/** Props of {@link SearchOrderControls}. */
export interface SearchOrderControlsProps {
  sort: SearchSort;
  filter: SearchFilter;
  /** Called with the new sort and filter. */
  onChange: (next: { sort: SearchSort; filter: SearchFilter }) => void;
}

/**
 * Sort and time filter.
 *
 * @example
 * ```tsx
 * <SearchOrderControls sort="newest" filter="anytime" onChange={({ sort, filter }) => go(sort, filter)} />
 * ```
 */
export function SearchOrderControls({ sort, filter, onChange }: SearchOrderControlsProps) {
  const id = useId();
  return (
    <div className="ss-search-order">
      {/* Each label and its select wrap as one piece, so "Time" never ends a line alone on a phone. */}
      <span className="ss-search-order__field">
        <label htmlFor={`${id}-sort`}>Sort by</label>
        <select
          id={`${id}-sort`}
          value={sort}
          onChange={(event) => onChange({ sort: event.target.value as SearchSort, filter })}
        >
          {SEARCH_SORT_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </span>
      <span className="ss-search-order__field">
        <label htmlFor={`${id}-filter`}>Time</label>
        <select
          id={`${id}-filter`}
          value={filter}
          onChange={(event) => onChange({ sort, filter: event.target.value as SearchFilter })}
        >
          {SEARCH_FILTER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </span>
    </div>
  );
}
