/**
 * /settings/fantasy/:id/edit (spec 3 "Fantasy" §2, §4): the team's name (editable), an Articles link
 * to its news page, and the roster: each player with its position and a remove button, or "This team
 * doesn't have any players yet." with 'Find players to add'. 'Find more players' switches to the player
 * search; done switches back. Deleting asks first. Another member's team, or an unknown one, is the
 * not-found page (the server answers 404).
 * @module
 */
import type { FantasyTeam } from '@sportspyder/contract';
import {
  deleteFantasyTeam,
  FANTASY_NAME_HINT,
  FIND_MORE_PLAYERS_TEXT,
  FIND_PLAYERS_TO_ADD_TEXT,
  type FormErrors,
  formErrors,
  NO_FORM_ERRORS,
  NO_PLAYERS_TEXT,
  removeFantasyPlayer,
  renameFantasyTeam,
} from '@sportspyder/core';
import { useClient, useFantasyTeam } from '@sportspyder/react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { AccountField } from '../account/AccountField.js';
import { FantasyPlayerSearch } from './FantasyPlayerSearch.js';
import '../account/account.css';
import './fantasy.css';

function RenameForm({ team }: { team: FantasyTeam }) {
  const client = useClient();
  const [name, setName] = useState(team.name);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors(NO_FORM_ERRORS);
    try {
      const renamed = await renameFantasyTeam(client, team.id, name);
      setName(renamed.name);
    } catch (error) {
      setErrors(formErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ss-card ss-form" onSubmit={submit} noValidate aria-busy={busy} aria-label="Rename team">
      <ErrorBox titles={errors.titles} />
      <AccountField
        label="Team name"
        name="name"
        required
        maxLength={60}
        autoComplete="off"
        hint={FANTASY_NAME_HINT}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errors.fields.name?.title}
      />
      <div className="ss-fantasy__row">
        <button type="submit" className="ss-button" disabled={busy || name === team.name}>
          {busy ? 'Saving…' : 'Save name'}
        </button>
        <Link to={`/fantasy_teams/${team.id}/news`}>Articles</Link>
      </div>
    </form>
  );
}

function Roster({ team, onFind }: { team: FantasyTeam; onFind: () => void }) {
  const client = useClient();
  const [pending, setPending] = useState<number | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const remove = async (rosterId: number) => {
    setPending(rosterId);
    setErrors(NO_FORM_ERRORS);
    try {
      await removeFantasyPlayer(client, team.id, rosterId);
      // The removed row (and its focused button) is gone: keep the keyboard in the roster.
      headingRef.current?.focus();
    } catch (error) {
      setErrors(formErrors(error));
    } finally {
      setPending(null);
    }
  };

  return (
    <section className="ss-card" aria-labelledby="fantasy-roster-title">
      <h2 id="fantasy-roster-title" className="ss-card__title" tabIndex={-1} ref={headingRef}>
        Roster
      </h2>
      <ErrorBox titles={errors.titles} />
      {team.rosters.length === 0 ? (
        <div className="ss-empty" role="status">
          <p className="ss-empty__text">{NO_PLAYERS_TEXT}</p>
          <button type="button" className="ss-button" onClick={onFind}>
            {FIND_PLAYERS_TO_ADD_TEXT}
          </button>
        </div>
      ) : (
        <>
          <ul className="ss-fantasy__players" aria-label={`Players of ${team.name}`}>
            {team.rosters.map((entry) => (
              <li key={entry.id} className="ss-fantasy__player">
                <span className="ss-fantasy__position" title="Position">
                  {entry.position ?? '—'}
                </span>
                <span className="ss-fantasy__player-name">{entry.name}</span>
                <button
                  type="button"
                  className="ss-button ss-button--secondary"
                  onClick={() => remove(entry.id)}
                  disabled={pending === entry.id}
                  aria-label={`Remove ${entry.name}`}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="ss-button" onClick={onFind}>
            {FIND_MORE_PLAYERS_TEXT}
          </button>
        </>
      )}
    </section>
  );
}

function DeleteTeam({ team }: { team: FantasyTeam }) {
  const client = useClient();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
    else if (wasConfirming.current) openRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);

  const remove = async () => {
    setBusy(true);
    setErrors(NO_FORM_ERRORS);
    try {
      await deleteFantasyTeam(client, team.id);
      navigate('/settings/fantasy');
    } catch (error) {
      setErrors(formErrors(error));
      setBusy(false);
    }
  };

  return (
    <section className="ss-card" aria-labelledby="fantasy-delete-title">
      <h2 id="fantasy-delete-title" className="ss-card__title">
        Delete this team
      </h2>
      <button
        ref={openRef}
        type="button"
        className="ss-button ss-button--secondary"
        onClick={() => setConfirming(true)}
        disabled={confirming}
      >
        Delete team
      </button>
      {confirming ? (
        <div className="ss-fantasy__confirm" role="alertdialog" aria-labelledby="fantasy-confirm-text">
          <p id="fantasy-confirm-text">Delete {team.name} and its roster? This cannot be undone.</p>
          <ErrorBox titles={errors.titles} />
          <div className="ss-fantasy__row">
            <button ref={confirmRef} type="button" className="ss-button" onClick={remove} disabled={busy}>
              {busy ? 'Deleting…' : 'Yes, delete it'}
            </button>
            <button
              type="button"
              className="ss-button ss-button--secondary"
              onClick={() => setConfirming(false)}
              disabled={busy}
            >
              Keep it
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function EditFantasyTeam({ id }: { id: number }) {
  const snapshot = useFantasyTeam(id);
  const team = snapshot.data?.fantasyTeam;
  const [searching, setSearching] = useState(false);
  useDocumentTitle(team ? `Edit ${team.name}` : 'Edit Fantasy Team');

  const closeSearch = () => {
    setSearching(false);
    // Back to the roster: focus its heading, where the member left off.
    requestAnimationFrame(() => document.getElementById('fantasy-roster-title')?.focus());
  };

  let body: ReactNode;
  if (!team && snapshot.status === 'error') {
    body = <p role="alert">This fantasy team could not be loaded. Please reload the page.</p>;
  } else if (!team) {
    body = <p aria-busy="true">Loading your fantasy team…</p>;
  } else if (searching) {
    body = <FantasyPlayerSearch team={team} onDone={closeSearch} />;
  } else {
    body = (
      <>
        <RenameForm key={team.id} team={team} />
        <Roster team={team} onFind={() => setSearching(true)} />
        <DeleteTeam team={team} />
      </>
    );
  }
  return (
    <article className="ss-page ss-fantasy">
      <header className="ss-page__header">
        <p className="ss-fantasy__back">
          <Link to="/settings/fantasy">Fantasy Teams</Link>
        </p>
        <h1 className="ss-page__title">{team ? team.name : 'Edit Fantasy Team'}</h1>
        {team ? <p className="ss-page__description">{team.sport} fantasy team</p> : null}
      </header>
      <div className="ss-fantasy__body">{body}</div>
    </article>
  );
}

/** The edit page (a non-numeric id is the not-found page). */
export function EditFantasyTeamPage() {
  const raw = useParams().id ?? '';
  if (!/^\d{1,9}$/.test(raw)) return <Navigate to="/page-not-found" replace />;
  return <EditFantasyTeam key={raw} id={Number(raw)} />;
}
