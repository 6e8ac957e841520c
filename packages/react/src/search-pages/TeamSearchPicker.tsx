/**
 * The team pickers' search (spec 2 "Search": the team search fetches with `type=team`; empty state
 * 'No teams found for "{q}"'): a labelled search box whose answers, debounced and never replaced by a
 * stale one, list teams with a Follow button each (Following when already followed).
 * @module
 */
import type { Team } from '@sportspyder/contract';
import { LIVE_SEARCH_DEBOUNCE_MS, noTeamsFoundText } from '@sportspyder/core';
import { useEffect, useId, useRef, useState } from 'react';
import { HighlightedText } from '../search/HighlightedText.js';

/** Props of {@link TeamSearchPicker}. */
export interface TeamSearchPickerProps {
  /** Finds teams for a non-blank query (the team search with `type=team`). */
  search: (q: string) => Promise<readonly Team[]>;
  /** Whether the member already follows the team. */
  isFollowed: (team: Team) => boolean;
  /** Follows the team. */
  onFollow: (team: Team) => unknown;
  /** The box's label (default "Find a team to follow"). */
  label?: string;
}

type Answer = { q: string; teams: readonly Team[] } | { q: string; error: true };

/**
 * A team search with Follow buttons.
 *
 * @example
 * ```tsx
 * <TeamSearchPicker search={(q) => searchTeams(client, { q, type: 'team' }).then((r) => r.teams)} isFollowed={(t) => followed.has(t.id)} onFollow={follow} />
 * ```
 */
export function TeamSearchPicker({
  search,
  isFollowed,
  onFollow,
  label = 'Find a team to follow',
}: TeamSearchPickerProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const latest = useRef(0);
  const q = text.trim();
  useEffect(() => {
    if (q === '') {
      setAnswer(null);
      return;
    }
    const sequence = ++latest.current;
    const timer = setTimeout(() => {
      search(q).then(
        (teams) => {
          if (sequence === latest.current) setAnswer({ q, teams });
        },
        () => {
          if (sequence === latest.current) setAnswer({ q, error: true });
        },
      );
    }, LIVE_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q, search]);
  return (
    <div className="ss-team-picker">
      <label htmlFor={id} className="ss-team-picker__label">
        {label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Team name"
        autoComplete="off"
      />
      <div aria-live="polite">
        {answer && 'error' in answer && (
          <p className="ss-team-picker__empty">The teams could not be loaded. Try again.</p>
        )}
        {answer && 'teams' in answer && answer.teams.length === 0 && (
          <p className="ss-team-picker__empty">{noTeamsFoundText(answer.q)}</p>
        )}
      </div>
      {answer && 'teams' in answer && answer.teams.length > 0 && (
        <ul className="ss-name-results ss-team-picker__list">
          {answer.teams.map((team) => {
            const followed = isFollowed(team);
            return (
              <li key={team.id} className="ss-name-results__item ss-team-picker__item">
                <img className="ss-name-results__image" src={team.logo} alt="" width={32} height={32} />
                <span className="ss-name-results__text">
                  <span className="ss-name-results__name">
                    <HighlightedText text={team.fullName} query={answer.q} />
                  </span>{' '}
                  <span className="ss-name-results__detail">{team.sportName}</span>
                </span>
                <button
                  type="button"
                  className="ss-button ss-team-picker__follow"
                  disabled={followed}
                  aria-label={followed ? `Following ${team.fullName}` : `Follow ${team.fullName}`}
                  onClick={() => onFollow(team)}
                >
                  {followed ? 'Following' : 'Follow'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
