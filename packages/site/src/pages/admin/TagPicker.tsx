/**
 * The sport and teams of a source, as the add panel and the edit dialog choose them: a sport select and
 * the teams of that sport as checkboxes (with a filter for the long college lists). Teams outside the
 * chosen sport are dropped when the sport changes, since the server files a source under one sport.
 * @module
 */
import type { Sport, Team } from '@sportspyder/contract';
import { useReference } from '@sportspyder/react';
import { useId, useMemo, useState } from 'react';

/** A source's sport and teams, by slug. */
export interface TagChoice {
  /** The sport's slug, or null for none. */
  sport: string | null;
  /** The teams' slugs. */
  teams: string[];
}

/** Props of {@link TagPicker}. */
export interface TagPickerProps {
  /** The current choice. */
  value: TagChoice;
  /** Receives the new choice. */
  onChange: (value: TagChoice) => void;
}

/** Every team of a sport, by name. */
export function teamsOfSport(sport: Sport | undefined): Team[] {
  if (!sport) return [];
  const groups = [...(sport.divisions ?? []), ...(sport.conferences ?? [])];
  const teams = groups.flatMap((group) => group.teams ?? []);
  return [...new Map(teams.map((t) => [t.slug, t])).values()].sort((a, b) =>
    a.fullName.localeCompare(b.fullName),
  );
}

/** The sport select and the team checkboxes. */
export function TagPicker({ value, onChange }: TagPickerProps) {
  const { sports, loading } = useReference();
  const sportId = useId();
  const filterId = useId();
  const [filter, setFilter] = useState('');
  const sport = sports.find((s) => s.slug === value.sport);
  const teams = useMemo(() => teamsOfSport(sport), [sport]);
  const needle = filter.trim().toLowerCase();
  // Checked teams stay listed whatever the filter, so a choice never disappears from view.
  const shown = teams.filter(
    (t) => !needle || value.teams.includes(t.slug) || t.fullName.toLowerCase().includes(needle),
  );

  const changeSport = (slug: string) => {
    const next = sports.find((s) => s.slug === slug);
    const keep = new Set(teamsOfSport(next).map((t) => t.slug));
    onChange({ sport: slug || null, teams: value.teams.filter((t) => keep.has(t)) });
  };
  const toggle = (slug: string, on: boolean) =>
    onChange({
      ...value,
      teams: on ? [...value.teams, slug] : value.teams.filter((t) => t !== slug),
    });

  return (
    <div className="ss-admin-tags">
      <div className="ss-form__field">
        <label className="ss-form__label" htmlFor={sportId}>
          Sport
        </label>
        <select
          id={sportId}
          className="ss-admin-select"
          value={value.sport ?? ''}
          onChange={(event) => changeSport(event.target.value)}
        >
          <option value="">No sport</option>
          {sports.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.name}
            </option>
          ))}
          {value.sport && !sport && !loading ? <option value={value.sport}>{value.sport}</option> : null}
        </select>
      </div>
      {sport ? (
        <fieldset className="ss-admin-tags__teams">
          <legend className="ss-form__label">
            Teams of {sport.name} ({value.teams.length} chosen)
          </legend>
          {teams.length > 12 ? (
            <div className="ss-admin-tags__filter">
              <label htmlFor={filterId}>Filter teams</label>
              <input
                id={filterId}
                type="search"
                className="ss-admin-input"
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
              />
            </div>
          ) : null}
          <ul className="ss-admin-tags__list">
            {shown.map((team) => (
              <li key={team.slug}>
                <label className="ss-admin-check">
                  <input
                    type="checkbox"
                    checked={value.teams.includes(team.slug)}
                    onChange={(event) => toggle(team.slug, event.target.checked)}
                  />
                  {team.fullName}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : (
        <p className="ss-form__hint">Choose a sport to file the source under its teams.</p>
      )}
    </div>
  );
}
