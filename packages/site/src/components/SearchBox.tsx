/**
 * The header search box (spec 1 §2.3, §4.3): the live search combobox of `@sportspyder/react` over the
 * core live search, navigating with the router. Enter on a highlighted row opens it; a submit goes
 * to /search?q=… (a blank query drops q). Used by the desktop header and the mobile search panel.
 * @module
 */
import { SEARCH_PLACEHOLDER } from '@sportspyder/core';
import { LiveSearchCombobox, useLiveSearch } from '@sportspyder/react';
import type { Ref } from 'react';
import { useNavigate } from 'react-router';
import '../styles/live-search.css';

/** Props of {@link SearchBox}. */
export interface SearchBoxProps {
  /** Ref to the input (the mobile panel focuses it). */
  inputRef?: Ref<HTMLInputElement>;
  /** Extra class of the box. */
  className?: string;
  /** Called after the box navigated (a result or a submit; the mobile panel closes). */
  onSubmitted?: () => void;
}

/** The live search box. Without script it still works: it is a GET form to /search. */
export function SearchBox({ inputRef, className, onSubmitted }: SearchBoxProps) {
  const search = useLiveSearch();
  const navigate = useNavigate();
  return (
    <LiveSearchCombobox
      query={search.query}
      onQueryChange={search.setQuery}
      results={search.results}
      term={search.term}
      loading={search.status === 'loading'}
      placeholder={SEARCH_PLACEHOLDER}
      inputRef={inputRef}
      className={className}
      onNavigate={(path) => {
        navigate(path);
        onSubmitted?.();
      }}
    />
  );
}
