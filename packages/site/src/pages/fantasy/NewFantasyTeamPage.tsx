/**
 * /settings/fantasy/new (spec 3 "Fantasy" §2): the team name (required, hint 'eg. My baseball team')
 * and the sport (MLB=1 first, then NFL, NBA, NHL) with a Create Team button. After creating, the
 * toast "Created {team} successfully. Now let's add players!" shows and the edit page opens.
 * @module
 */
import {
  createFantasyTeam,
  DEFAULT_FANTASY_SPORT_ID,
  FANTASY_NAME_HINT,
  FANTASY_SPORTS,
  type FormErrors,
  formErrors,
  NO_FORM_ERRORS,
} from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { AccountField } from '../account/AccountField.js';
import '../account/account.css';
import './fantasy.css';

/** The create form. */
export function NewFantasyTeamPage() {
  useDocumentTitle('Create a Fantasy Team');
  const client = useClient();
  const navigate = useNavigate();
  const sportId = useId();
  const [name, setName] = useState('');
  const [sport, setSport] = useState<number>(DEFAULT_FANTASY_SPORT_ID);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors(NO_FORM_ERRORS);
    try {
      const team = await createFantasyTeam(client, { name, sportId: sport });
      navigate(`/settings/fantasy/${team.id}/edit`);
    } catch (error) {
      setErrors(formErrors(error));
      setBusy(false);
    }
  };

  const sportError = errors.fields.sportId?.title;
  return (
    <article className="ss-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Create a Fantasy Team</h1>
        <p className="ss-page__description">Name your team and choose its sport, then add your players.</p>
      </header>
      <form className="ss-card ss-form" onSubmit={submit} noValidate aria-busy={busy}>
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
        <div className="ss-form__field">
          <label className="ss-form__label" htmlFor={sportId}>
            Sport
          </label>
          <select
            id={sportId}
            className="ss-fantasy__select"
            name="sportId"
            value={sport}
            onChange={(event) => setSport(Number(event.target.value))}
            aria-invalid={sportError ? true : undefined}
            aria-describedby={sportError ? `${sportId}-message` : undefined}
          >
            {FANTASY_SPORTS.map((option) => (
              <option key={option.id} value={option.id}>
                {option.label}
              </option>
            ))}
          </select>
          {sportError ? (
            <p id={`${sportId}-message`} className="ss-form__error">
              {sportError}
            </p>
          ) : null}
        </div>
        <button type="submit" className="ss-button" disabled={busy}>
          {busy ? 'Creating…' : 'Create Team'}
        </button>
      </form>
    </article>
  );
}
