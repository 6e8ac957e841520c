/**
 * The search box of the search pages, prefilled with the query: submitting opens the same page for
 * the new query from its first page; a blank query drops q (spec 2 "Search").
 * @module
 */
import type { SearchSectionName } from '@sportspyder/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { type SearchUrlState, searchHref } from './useSearchUrl.js';

/** Props of {@link SearchForm}. */
export interface SearchFormProps {
  section: SearchSectionName | undefined;
  state: SearchUrlState;
}

/** The page's search box. */
export function SearchForm({ section, state }: SearchFormProps) {
  const id = useId();
  const navigate = useNavigate();
  const [text, setText] = useState(state.q ?? '');
  // Back and forward change the query under the box: show the page's query.
  useEffect(() => setText(state.q ?? ''), [state.q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(searchHref(section, { ...state, q: text, page: 1 }));
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers and happy-dom
    <form className="ss-search-form" role="search" onSubmit={submit}>
      <label htmlFor={id} className="ss-visually-hidden">
        Search SportSpyder
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search for teams, players, podcasts and stories"
        autoComplete="off"
      />
      <button type="submit" className="ss-button">
        Search
      </button>
    </form>
  );
}
