/**
 * The header search box (spec 1 §2.3): a form that goes to /search?q=…; a blank query drops q
 * (spec 1 §5). The live results dropdown (§4.3) arrives with the search issue.
 * @module
 */
import { SEARCH_PLACEHOLDER } from '@sportspyder/core';
import { type FormEvent, type Ref, useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from './Icons.js';

/** The search page URL for a query: `/search?q=term`, or `/search` when the query is blank. */
export function searchPath(query: string): string {
  const q = query.trim();
  return q ? `/search?${new URLSearchParams({ q }).toString()}` : '/search';
}

/** Props of {@link SearchBox}. */
export interface SearchBoxProps {
  /** Ref to the input (the mobile panel focuses it). */
  inputRef?: Ref<HTMLInputElement>;
  /** Extra class of the form. */
  className?: string;
  /** Called after a submit navigated (the mobile panel closes). */
  onSubmitted?: () => void;
}

/** The search form. Without script it still works: it is a GET form to /search. */
export function SearchBox({ inputRef, className, onSubmitted }: SearchBoxProps) {
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(searchPath(query));
    onSubmitted?.();
  };
  return (
    <div className={`ss-search${className ? ` ${className}` : ''}`}>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers and happy-dom */}
      <form role="search" action="/search" method="get" className="ss-search__form" onSubmit={submit}>
        <input
          ref={inputRef}
          type="search"
          name="q"
          className="ss-search__input"
          placeholder={SEARCH_PLACEHOLDER}
          aria-label={SEARCH_PLACEHOLDER}
          autoComplete="off"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button type="submit" className="ss-search__submit" aria-label="Submit search">
          <SearchIcon />
        </button>
      </form>
    </div>
  );
}
