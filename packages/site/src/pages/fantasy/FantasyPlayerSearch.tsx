/**
 * The player search of the fantasy edit page (spec 3 "Fantasy" §2, §7): a text box, team and
 * position filters (default option All), a Search button and a done button; the results say
 * 'N players found' and each player has an add or a remove button. Adding or removing refreshes the
 * team and the list (core does it), so the buttons follow the roster.
 * @module
 */
import type { FantasyTeam, PlayerSearchResult } from '@sportspyder/contract';
import {
  ALL_OPTION_TEXT,
  addFantasyPlayer,
  type FormErrors,
  formErrors,
  listSportPositions,
  listSportTeams,
  NO_FORM_ERRORS,
  playersFoundText,
  removeFantasyPlayer,
  rosterEntryOf,
  searchFantasyPlayers,
} from '@sportspyder/core';
import { useClient, useResource } from '@sportspyder/react';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { ErrorBox } from '../../components/ErrorBox.js';

/** Props of {@link FantasyPlayerSearch}. */
export interface FantasyPlayerSearchProps {
  /** The team players are added to (its roster decides add or remove). */
  team: FantasyTeam;
  /** Closes the search (back to the roster). */
  onDone: () => void;
}

interface Filters {
  q: string;
  teamId: number | null;
  positionId: number | null;
}

type Results =
  | { state: 'idle' }
  | { state: 'loading'; players: PlayerSearchResult[] }
  | {
      state: 'ready';
      players: PlayerSearchResult[];
      total: number;
      page: number;
      totalPages: number;
      filters: Filters;
    }
  | { state: 'error' };

/** The player search panel. */
export function FantasyPlayerSearch({ team, onDone }: FantasyPlayerSearchProps) {
  const client = useClient();
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [draft, setDraft] = useState<Filters>({ q: '', teamId: null, positionId: null });
  const [results, setResults] = useState<Results>({ state: 'idle' });
  const [pending, setPending] = useState<number | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const searchRun = useRef(0);
  const sport = team.sportSlug;
  // Site keys around core's cached reads (a key of its own: the inner read caches under the API path).
  const teams = useResource(`site/fantasy/teams/${sport}`, () =>
    listSportTeams(client, { sportId: sport, perPage: 100 }),
  );
  const positions = useResource(`site/fantasy/positions/${sport}`, () =>
    listSportPositions(client, { sportId: sport }),
  );

  const run = useCallback(
    async (filters: Filters, page = 1) => {
      const run = ++searchRun.current;
      setResults((current) => ({
        state: 'loading',
        players: page > 1 && current.state === 'ready' ? current.players : [],
      }));
      try {
        const found = await searchFantasyPlayers(client, { sportId: team.sportId, ...filters, page });
        if (run !== searchRun.current) return;
        setResults((current) => ({
          state: 'ready',
          players:
            page > 1 && current.state === 'loading' ? [...current.players, ...found.players] : found.players,
          total: found.meta.pagination.totalCount,
          page,
          totalPages: found.meta.pagination.totalPages,
          filters,
        }));
      } catch {
        if (run === searchRun.current) setResults({ state: 'error' });
      }
    },
    [client, team.sportId],
  );

  // Opening the search shows the sport's players at once (the most talked about first).
  useEffect(() => {
    headingRef.current?.focus();
    void run({ q: '', teamId: null, positionId: null });
  }, [run]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(draft);
  };

  const toggle = async (player: PlayerSearchResult) => {
    setPending(player.id);
    setErrors(NO_FORM_ERRORS);
    try {
      const entry = rosterEntryOf(team, player.id);
      if (entry) await removeFantasyPlayer(client, team.id, entry.id);
      else await addFantasyPlayer(client, team.id, { playerId: player.id });
    } catch (error) {
      setErrors(formErrors(error));
    } finally {
      setPending(null);
    }
  };

  const option = (value: number | null) => (value === null ? '' : String(value));
  const parse = (value: string) => (value === '' ? null : Number(value));
  const players = results.state === 'ready' || results.state === 'loading' ? results.players : [];

  return (
    <section className="ss-card ss-fantasy__search" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ss-card__title" tabIndex={-1} ref={headingRef}>
        Find {team.sport} players
      </h2>
      <form className="ss-fantasy__filters" aria-label="Player search" onSubmit={submit}>
        <div className="ss-form__field">
          <label className="ss-form__label" htmlFor={`${id}-q`}>
            Player name
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className="ss-fantasy__input"
            value={draft.q}
            maxLength={100}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
        </div>
        <div className="ss-form__field">
          <label className="ss-form__label" htmlFor={`${id}-team`}>
            Team
          </label>
          <select
            id={`${id}-team`}
            className="ss-fantasy__select"
            value={option(draft.teamId)}
            onChange={(event) => setDraft({ ...draft, teamId: parse(event.target.value) })}
          >
            <option value="">{ALL_OPTION_TEXT}</option>
            {(teams.data?.teams ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.fullName}
              </option>
            ))}
          </select>
        </div>
        <div className="ss-form__field">
          <label className="ss-form__label" htmlFor={`${id}-position`}>
            Position
          </label>
          <select
            id={`${id}-position`}
            className="ss-fantasy__select"
            value={option(draft.positionId)}
            onChange={(event) => setDraft({ ...draft, positionId: parse(event.target.value) })}
          >
            <option value="">{ALL_OPTION_TEXT}</option>
            {(positions.data?.positions ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </div>
        <div className="ss-fantasy__filter-actions">
          <button type="submit" className="ss-button">
            Search
          </button>
          <button type="button" className="ss-button ss-button--secondary" onClick={onDone}>
            Done
          </button>
        </div>
      </form>

      <ErrorBox titles={errors.titles} />
      <p className="ss-fantasy__found" role="status" aria-live="polite">
        {results.state === 'ready' ? playersFoundText(results.total) : ''}
        {results.state === 'loading' && players.length === 0 ? 'Searching…' : ''}
      </p>
      {results.state === 'error' ? (
        <p role="alert">The players could not be loaded. Please try again.</p>
      ) : null}
      {players.length > 0 ? (
        <ul className="ss-fantasy__players" aria-label="Players found">
          {players.map((player) => {
            const onTeam = rosterEntryOf(team, player.id) !== undefined;
            return (
              <li key={player.id} className="ss-fantasy__player">
                <span className="ss-fantasy__player-name">{player.name}</span>
                <span className="ss-fantasy__meta">
                  {[player.position?.name, player.team?.name].filter(Boolean).join(' · ')}
                </span>
                <button
                  type="button"
                  className={`ss-fantasy__toggle${onTeam ? ' ss-fantasy__toggle--on' : ''}`}
                  onClick={() => toggle(player)}
                  disabled={pending === player.id}
                  aria-label={onTeam ? `Remove ${player.name}` : `Add ${player.name}`}
                >
                  <span aria-hidden="true">{onTeam ? '−' : '+'}</span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      {results.state === 'ready' && results.page < results.totalPages ? (
        <button
          type="button"
          className="ss-button ss-button--secondary"
          onClick={() => run(results.filters, results.page + 1)}
        >
          More players
        </button>
      ) : null}
    </section>
  );
}
