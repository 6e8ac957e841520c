/**
 * The home hero's team picker (spec 2 §2 "Home"): choose a sport, then one of its teams from the
 * precache, and go to that team's news (/{sport}/{team}/news).
 * @module
 */
import type { Sport, Team } from '@sportspyder/contract';
import { collegeTeamName } from '@sportspyder/core';
import { teamNewsHref } from '@sportspyder/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';

/** Every team of a sport from its divisions or conferences, sorted by name. */
export function sportTeams(sport: Sport): Team[] {
  const groups = [...(sport.divisions ?? []), ...(sport.conferences ?? [])];
  return groups.flatMap((group) => group.teams ?? []).sort((a, b) => a.fullName.localeCompare(b.fullName));
}

/** Props of {@link TeamPicker}. */
export interface TeamPickerProps {
  /** The sports (with their teams) to pick from. */
  sports: readonly Sport[];
}

/** Two selects: the sport, then its team; picking a team opens its news. */
export function TeamPicker({ sports }: TeamPickerProps) {
  const navigate = useNavigate();
  const [sportSlug, setSportSlug] = useState('');
  const sport = sports.find((s) => s.slug === sportSlug);
  const teams = sport ? sportTeams(sport) : [];
  return (
    <form className="ss-home-picker" aria-label="Find your team" onSubmit={(event) => event.preventDefault()}>
      <label className="ss-home-picker__field">
        <span className="ss-visually-hidden">Sport</span>
        <select value={sportSlug} onChange={(event) => setSportSlug(event.target.value)}>
          <option value="">Select a sport</option>
          {sports.map((s) => (
            <option key={s.slug} value={s.slug}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <label className="ss-home-picker__field">
        <span className="ss-visually-hidden">Team</span>
        <select
          value=""
          disabled={!sport}
          onChange={(event) => {
            const team = teams.find((t) => t.slug === event.target.value);
            if (team) navigate(teamNewsHref({ slug: team.slug, sportSlug: sport?.slug ?? team.sportSlug }));
          }}
        >
          <option value="">Select your team</option>
          {teams.map((team) => (
            <option key={team.slug} value={team.slug}>
              {sport?.isCollege ? collegeTeamName(team.fullName) : team.fullName}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}
