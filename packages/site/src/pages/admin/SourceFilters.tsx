/**
 * The filters of the health table on /admin/sources: a text search (title or feed URL, applied as the
 * admin types), state, kind, origin and sport, and the count of each state over all sources as buttons
 * that filter by it.
 * @module
 */
import type { AdminSourceList, AdminSourceState } from '@sportspyder/contract';
import { useReference } from '@sportspyder/react';
import { useEffect, useId, useState } from 'react';
import { KIND_LABELS, ORIGIN_LABELS, STATE_LABELS } from './adminSourceFormat.js';

/** The filters, as the URL carries them ('' is any). */
export interface SourceFilterValues {
  q: string;
  state: string;
  kind: string;
  origin: string;
  sport: string;
}

/** Props of {@link SourceFilters}. */
export interface SourceFiltersProps {
  /** The filters in force. */
  value: SourceFilterValues;
  /** Receives one changed filter. */
  onChange: (name: keyof SourceFilterValues, value: string) => void;
  /** The counts of each state, once the table has loaded. */
  states: AdminSourceList['meta']['states'] | null;
}

/** How long the text search waits after the last key before it asks the server. */
const TYPING_PAUSE_MS = 300;

function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="ss-admin-filters__field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="ss-admin-select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Any</option>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The filter bar and the state counts. */
export function SourceFilters({ value, onChange, states }: SourceFiltersProps) {
  const { sports } = useReference();
  const searchId = useId();
  const [q, setQ] = useState(value.q);
  // The URL changed from elsewhere (back button, a state count): show it in the box.
  useEffect(() => setQ(value.q), [value.q]);
  useEffect(() => {
    if (q === value.q) return;
    const timer = setTimeout(() => onChange('q', q), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [q, value.q, onChange]);

  return (
    <div className="ss-admin-filters">
      {states ? (
        <ul className="ss-admin-counts" aria-label="Sources by state">
          {(Object.keys(STATE_LABELS) as AdminSourceState[]).map((state) => (
            <li key={state}>
              <button
                type="button"
                className={`ss-admin-count ss-admin-count--${state}`}
                aria-pressed={value.state === state}
                onClick={() => onChange('state', value.state === state ? '' : state)}
              >
                <span className="ss-admin-count__number">{states[state]}</span> {STATE_LABELS[state]}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is too new for some browsers and happy-dom */}
      <div role="search" aria-label="Filter sources" className="ss-admin-filters__bar">
        <div className="ss-admin-filters__field ss-admin-filters__field--wide">
          <label htmlFor={searchId}>Search title or feed URL</label>
          <input
            id={searchId}
            type="search"
            className="ss-admin-input"
            value={q}
            maxLength={200}
            onChange={(event) => setQ(event.target.value)}
          />
        </div>
        <Select
          label="State"
          value={value.state}
          options={Object.entries(STATE_LABELS)}
          onChange={(v) => onChange('state', v)}
        />
        <Select
          label="Kind"
          value={value.kind}
          options={Object.entries(KIND_LABELS)}
          onChange={(v) => onChange('kind', v)}
        />
        <Select
          label="Origin"
          value={value.origin}
          options={Object.entries(ORIGIN_LABELS)}
          onChange={(v) => onChange('origin', v)}
        />
        <Select
          label="Sport"
          value={value.sport}
          options={sports.map((s) => [s.slug, s.name] as const)}
          onChange={(v) => onChange('sport', v)}
        />
      </div>
    </div>
  );
}
