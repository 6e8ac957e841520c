/**
 * The header search box (spec 1 §2.3, §4.3), used by the desktop header and the mobile search panel.
 * The live search (the combobox, its store and its highlighting) loads in its own chunk right after the
 * first render, as the player bar does, so a first page load does not wait for it (the home page's
 * initial JavaScript has a budget, docs/benchmarks.md). Until it arrives the box is the same search
 * form without suggestions: Enter already searches (a GET to /search), and what the reader typed,
 * and the focus, carry over to the live box.
 * @module
 */
import { SEARCH_PLACEHOLDER } from '@sportspyder/core';
import { lazy, type Ref, Suspense, useRef } from 'react';
import type { EarlyInput } from './LiveSearchBox.js';

const LiveSearchBox = lazy(() => import('./LiveSearchBox.js').then((m) => ({ default: m.LiveSearchBox })));

/** Props of {@link SearchBox}. */
export interface SearchBoxProps {
  /** Ref to the input (the mobile panel focuses it). */
  inputRef?: Ref<HTMLInputElement>;
  /** Extra class of the box. */
  className?: string;
  /** Called after the box navigated (a result or a submit; the mobile panel closes). */
  onSubmitted?: () => void;
}

/** The search box: the plain form until the live search has loaded. */
export function SearchBox(props: SearchBoxProps) {
  const early = useRef<EarlyInput>({ value: '', focused: false });
  return (
    <Suspense fallback={<PlainSearchForm {...props} early={early.current} />}>
      <LiveSearchBox {...props} early={early.current} />
    </Suspense>
  );
}

/** The same box and form as the live one (same classes, so nothing moves when it is replaced). */
function PlainSearchForm({ inputRef, className, early }: SearchBoxProps & { early: EarlyInput }) {
  return (
    <div className={`ss-search${className ? ` ${className}` : ''}`}>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers and happy-dom */}
      <form role="search" action="/search" method="get" className="ss-search__form">
        <input
          ref={inputRef}
          type="search"
          name="q"
          className="ss-search__input"
          placeholder={SEARCH_PLACEHOLDER}
          aria-label={SEARCH_PLACEHOLDER}
          autoComplete="off"
          spellCheck={false}
          onInput={(event) => {
            early.value = event.currentTarget.value;
          }}
          onFocus={() => {
            early.focused = true;
          }}
          onBlur={() => {
            early.focused = false;
          }}
        />
        <button type="submit" className="ss-search__submit" aria-label="Submit search">
          {/* The live box's icon, so the button keeps its size when the box is replaced. */}
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.39A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z"
            />
          </svg>
        </button>
      </form>
    </div>
  );
}
