/**
 * The live search box (spec 1 §2.3, §4.3): the live search combobox of `@sportspyder/react` over the
 * core live search, navigating with the router. Enter on a highlighted row opens it; a submit goes
 * to /search?q=… (a blank query drops q). Loaded in its own chunk by `SearchBox`, which shows a plain
 * search form until it arrives; what the reader typed there meanwhile is carried over.
 * @module
 */
import { SEARCH_PLACEHOLDER } from '@sportspyder/core';
import { LiveSearchCombobox, useLiveSearch } from '@sportspyder/react';
import { type Ref, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import '../styles/live-search.css';
import type { SearchBoxProps } from './SearchBox.js';

/** What the reader did in the plain form before this box arrived. */
export interface EarlyInput {
  /** The text typed. */
  value: string;
  /** True when the plain input had focus. */
  focused: boolean;
}

/** Props of {@link LiveSearchBox}. */
export interface LiveSearchBoxProps extends SearchBoxProps {
  /** Input typed into the plain form while this box loaded. */
  early?: EarlyInput | null;
}

/** Puts the combobox's input into `inputRef` as well as a local ref. */
function setRef(ref: Ref<HTMLInputElement> | undefined, value: HTMLInputElement | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: HTMLInputElement | null }).current = value;
}

/** The live search box. Without script it still works: it is a GET form to /search. */
export function LiveSearchBox({ inputRef, className, onSubmitted, early }: LiveSearchBoxProps) {
  const search = useLiveSearch();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement | null>(null);
  // Carry over what was typed (and the focus) from the plain form, once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useEffect(() => {
    if (!early) return;
    if (early.value) search.setQuery(early.value);
    if (early.focused) input.current?.focus();
  }, []);
  return (
    <LiveSearchCombobox
      query={search.query}
      onQueryChange={search.setQuery}
      results={search.results}
      term={search.term}
      loading={search.status === 'loading'}
      placeholder={SEARCH_PLACEHOLDER}
      inputRef={(element: HTMLInputElement | null) => {
        input.current = element;
        setRef(inputRef, element);
      }}
      className={className}
      onNavigate={(path) => {
        navigate(path);
        onSubmitted?.();
      }}
    />
  );
}
