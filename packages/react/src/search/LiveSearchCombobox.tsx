/**
 * The live search box of the header and the mobile search panel (spec 1 §4.3), following the WAI-ARIA
 * combobox pattern (APG "combobox with listbox popup", list autocomplete): the input is the combobox,
 * DOM focus stays in it, and `aria-activedescendant` names the highlighted row so a screen reader
 * announces it. The list opens on focus or typing and closes on an outside click, Escape, choosing a
 * row or submitting. Up and Down move the highlight and wrap around; "See all results" is always the
 * last row. Enter opens the highlighted row or, with none, submits to the search page. The data comes
 * in props (see `useLiveSearch`); navigation is the caller's (`onNavigate`), so the site can use its
 * router. It works without script too: it is a GET form to /search.
 * @module
 */
import type { LiveSearchResult } from '@sportspyder/contract';
import { normalizeSearchQuery, searchPagePath } from '@sportspyder/core';
import { type FormEvent, type KeyboardEvent, type Ref, useEffect, useId, useRef, useState } from 'react';
import { HighlightedText } from './HighlightedText.js';

/** Props of {@link LiveSearchCombobox}. */
export interface LiveSearchComboboxProps {
  /** The text in the box. */
  query: string;
  /** The text changed (typing, or cleared after choosing a result). */
  onQueryChange: (text: string) => void;
  /** Results, best first. */
  results: readonly LiveSearchResult[];
  /** The query the results answer; its words are highlighted in the rows. */
  term: string | null;
  /** True while results for `query` are on their way. */
  loading?: boolean | undefined;
  /** Goes to a site path: a result's url, or the search page. */
  onNavigate: (path: string) => void;
  /** Placeholder, also the accessible name of the box. */
  placeholder: string;
  /** Ref to the input (the mobile panel focuses it). */
  inputRef?: Ref<HTMLInputElement> | undefined;
  /** Extra class of the wrapper. */
  className?: string | undefined;
}

/** One row of the list: a result, or the "see all" row. */
type Row = { kind: 'result'; result: LiveSearchResult } | { kind: 'all'; path: string };

/** Text of the last row. */
export function seeAllLabel(term: string): string {
  return `See all results for "${term}"`;
}

/** Tells screen reader users how many rows arrived (the list itself is silent until they move). */
function statusText(expanded: boolean, loading: boolean, count: number): string {
  if (!expanded || loading) return '';
  if (count === 0) return 'No suggestions. Press Enter to search.';
  return `${count} ${count === 1 ? 'suggestion' : 'suggestions'}. Use the up and down arrows to choose.`;
}

/**
 * The combobox.
 *
 * @example
 * ```tsx
 * const search = useLiveSearch();
 * <LiveSearchCombobox
 *   query={search.query}
 *   onQueryChange={search.setQuery}
 *   results={search.results}
 *   term={search.term}
 *   loading={search.status === 'loading'}
 *   onNavigate={navigate}
 *   placeholder="Search for Teams or Players"
 * />
 * ```
 */
export function LiveSearchCombobox({
  query,
  onQueryChange,
  results,
  term,
  loading = false,
  onNavigate,
  placeholder,
  inputRef,
  className,
}: LiveSearchComboboxProps) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const root = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  // The highlight belongs to one list of results: new results (or typing) start again from none.
  const [highlight, setHighlight] = useState<{ of: readonly LiveSearchResult[]; index: number }>({
    of: results,
    index: -1,
  });

  const typed = normalizeSearchQuery(query);
  const rows: Row[] =
    typed === null
      ? []
      : [
          ...results.map((result): Row => ({ kind: 'result', result })),
          { kind: 'all', path: searchPagePath({ q: typed }) },
        ];
  const expanded = open && rows.length > 0;
  const active = expanded && highlight.of === results && highlight.index < rows.length ? highlight.index : -1;

  const close = () => {
    setOpen(false);
    setHighlight({ of: results, index: -1 });
  };

  // An outside click closes the list (focus may not move, e.g. a click on plain text).
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  // The highlighted row stays in view when the list scrolls (the mobile panel caps its height).
  useEffect(() => {
    if (active < 0) return;
    document.getElementById(`${id}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, id]);

  const choose = (row: Row) => {
    close();
    if (row.kind === 'result') {
      // The words served their purpose; the box is ready for the next search.
      onQueryChange('');
      onNavigate(row.result.url);
    } else {
      onNavigate(row.path);
    }
  };

  const move = (step: 1 | -1) => {
    setOpen(true);
    if (rows.length === 0) return;
    const from = active;
    const next = from === -1 ? (step === 1 ? 0 : rows.length - 1) : (from + step + rows.length) % rows.length;
    setHighlight({ of: results, index: next });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Keys that finish an input method's composition (Enter in Japanese, say) are not ours.
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (event.altKey) setOpen(true);
        else move(1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        move(-1);
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          close();
        } else if (query !== '') {
          event.preventDefault();
          onQueryChange('');
        }
        break;
      case 'Enter': {
        const row = active >= 0 ? rows[active] : undefined;
        if (row) {
          event.preventDefault();
          choose(row);
        }
        // Otherwise the form submits.
        break;
      }
      default:
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    close();
    onNavigate(searchPagePath({ q: query }));
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focusout of the box and its list, not an action
    <div
      ref={root}
      className={`ss-search${expanded ? ' is-open' : ''}${className ? ` ${className}` : ''}`}
      onBlur={(event) => {
        // Focus left the box and its list (Tab, or a click elsewhere).
        const next = event.relatedTarget as Node | null;
        if (!next || !root.current?.contains(next)) setOpen(false);
      }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers and happy-dom */}
      <form role="search" action="/search" method="get" className="ss-search__form" onSubmit={submit}>
        <input
          ref={inputRef}
          type="search"
          name="q"
          className="ss-search__input"
          placeholder={placeholder}
          aria-label={placeholder}
          autoComplete="off"
          spellCheck={false}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          value={query}
          onChange={(event) => {
            onQueryChange(event.currentTarget.value);
            setHighlight({ of: results, index: -1 });
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="ss-search__submit" aria-label="Submit search">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M10 2a8 8 0 0 1 6.32 12.9l5.39 5.4-1.41 1.4-5.4-5.39A8 8 0 1 1 10 2Zm0 2a6 6 0 1 0 0 12 6 6 0 0 0 0-12Z"
            />
          </svg>
        </button>
      </form>
      {/* Always in the page, so aria-controls points at something; hidden while closed. */}
      <div
        id={listboxId}
        role="listbox"
        aria-label="Search suggestions"
        className="ss-live"
        hidden={!expanded}
        aria-busy={loading || undefined}
        // Keeps focus in the input while a row is clicked, so the list does not close under the pointer.
        onMouseDown={(event) => event.preventDefault()}
      >
        {expanded &&
          rows.map((row, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard reaches rows through the combobox's arrows and Enter
            <div
              key={row.kind === 'result' ? row.result.id : 'all'}
              id={optionId(index)}
              role="option"
              // Reached through aria-activedescendant; never a Tab stop of its own.
              tabIndex={-1}
              aria-selected={index === active}
              className={`ss-live__option${row.kind === 'all' ? ' ss-live__option--all' : ''}${index === active ? ' is-active' : ''}`}
              onClick={() => choose(row)}
              onMouseMove={() => {
                if (index !== active) setHighlight({ of: results, index });
              }}
            >
              {row.kind === 'result' ? (
                <>
                  {row.result.logo ? (
                    <img className="ss-live__logo" src={row.result.logo} alt="" width={28} height={28} />
                  ) : (
                    <span className="ss-live__logo ss-live__logo--blank" aria-hidden="true">
                      {row.result.name.charAt(0)}
                    </span>
                  )}
                  <span className="ss-live__text">
                    <span className="ss-live__name">
                      <HighlightedText text={row.result.name} query={term} />
                    </span>
                    {row.result.label && <span className="ss-live__label">{row.result.label}</span>}
                  </span>
                </>
              ) : (
                <span className="ss-live__all">{seeAllLabel(typed ?? '')}</span>
              )}
            </div>
          ))}
      </div>
      <div role="status" className="ss-visually-hidden">
        {statusText(expanded, loading, results.length)}
      </div>
    </div>
  );
}
