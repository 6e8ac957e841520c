/**
 * The alert choices of /settings/alerts (issue 49): per followed team a fieldset of its kinds (Game
 * start, Final score, Breaking story), per followed podcast "New episode", and quiet hours (from, to,
 * time zone). The whole form is saved at once with the settings screens' toast; the server's
 * problems show in the error box and mark their fields.
 * @module
 */
import type { AlertSettings, QuietHours } from '@sportspyder/contract';
import {
  defaultQuietHours,
  type FormErrors,
  formErrors,
  NO_FORM_ERRORS,
  PODCAST_ALERT_TOGGLE,
  saveAlertSettings,
  TEAM_ALERT_TOGGLES,
  timeZoneChoices,
} from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { ErrorBox } from '../../components/ErrorBox.js';
import { RouterLink } from '../../components/RouterLink.js';

/** Props of {@link AlertChoicesForm}. */
export interface AlertChoicesFormProps {
  /** The stored choices. */
  settings: AlertSettings;
  /** Team names by id (the reference data). */
  teamName: (teamId: number) => string;
  /** Podcast titles by id (the member's followed podcasts). */
  podcastTitle: (podcastId: number) => string;
}

/** The alert choices form. */
export function AlertChoicesForm({ settings, teamName, podcastTitle }: AlertChoicesFormProps) {
  const client = useClient();
  const [values, setValues] = useState(settings);
  // The last quiet hours typed, kept while they are switched off so switching back restores them.
  const [quiet, setQuiet] = useState<QuietHours>(settings.quietHours ?? defaultQuietHours());
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const ids = useId();
  useEffect(() => {
    setValues(settings);
    if (settings.quietHours) setQuiet(settings.quietHours);
  }, [settings]);
  const zones = useMemo(() => timeZoneChoices(quiet.timeZone), [quiet.timeZone]);

  const setTeam = (teamId: number, field: string, on: boolean) =>
    setValues((current) => ({
      ...current,
      teams: current.teams.map((team) => (team.teamId === teamId ? { ...team, [field]: on } : team)),
    }));
  const setPodcast = (podcastId: number, on: boolean) =>
    setValues((current) => ({
      ...current,
      podcasts: current.podcasts.map((p) => (p.podcastId === podcastId ? { ...p, newEpisode: on } : p)),
    }));
  const setQuietHours = (change: Partial<QuietHours>) => {
    const next = { ...quiet, ...change };
    setQuiet(next);
    setValues((current) => ({ ...current, quietHours: current.quietHours ? next : null }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors(NO_FORM_ERRORS);
    try {
      await saveAlertSettings(client, values);
    } catch (error) {
      setErrors(formErrors(error));
    } finally {
      setBusy(false);
    }
  };

  const invalid = (field: string) => (errors.fields[field] ? true : undefined);

  return (
    <form className="ss-card ss-form ss-settings-form" onSubmit={submit} aria-busy={busy}>
      <ErrorBox titles={errors.titles} />
      <h2 className="ss-alerts__heading">Teams</h2>
      {values.teams.length === 0 ? (
        <p>
          You follow no teams yet. <RouterLink href="/settings/following">Follow a team</RouterLink> to get
          its alerts.
        </p>
      ) : (
        values.teams.map((team, index) => (
          <fieldset key={team.teamId} className="ss-settings-toggles ss-alerts__team">
            <legend>{teamName(team.teamId)}</legend>
            {TEAM_ALERT_TOGGLES.map((toggle) => (
              <label key={toggle.field} className="ss-settings-option">
                <input
                  type="checkbox"
                  name={`teams.${index}.${toggle.field}`}
                  checked={team[toggle.field]}
                  aria-invalid={invalid(`teams.${index}.teamId`)}
                  onChange={(event) => setTeam(team.teamId, toggle.field, event.target.checked)}
                />
                {toggle.label}
              </label>
            ))}
          </fieldset>
        ))
      )}
      {values.podcasts.length > 0 && (
        <fieldset className="ss-settings-toggles">
          <legend>{PODCAST_ALERT_TOGGLE.label} of</legend>
          {values.podcasts.map((podcast, index) => (
            <label key={podcast.podcastId} className="ss-settings-option">
              <input
                type="checkbox"
                name={`podcasts.${index}.newEpisode`}
                checked={podcast.newEpisode}
                aria-invalid={invalid(`podcasts.${index}.podcastId`)}
                onChange={(event) => setPodcast(podcast.podcastId, event.target.checked)}
              />
              {podcastTitle(podcast.podcastId)}
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="ss-settings-toggles ss-alerts__quiet">
        <legend>Quiet hours</legend>
        <label className="ss-settings-option">
          <input
            type="checkbox"
            name="quietHours"
            checked={values.quietHours !== null}
            onChange={(event) =>
              setValues((current) => ({ ...current, quietHours: event.target.checked ? quiet : null }))
            }
          />
          No alerts during quiet hours
        </label>
        {values.quietHours && (
          <div className="ss-alerts__quiet-fields">
            <div className="ss-form__field">
              <label className="ss-form__label" htmlFor={`${ids}-start`}>
                From
              </label>
              <input
                id={`${ids}-start`}
                type="time"
                required
                value={quiet.start}
                aria-invalid={invalid('quietHours.start')}
                onChange={(event) => setQuietHours({ start: event.target.value })}
              />
            </div>
            <div className="ss-form__field">
              <label className="ss-form__label" htmlFor={`${ids}-end`}>
                To
              </label>
              <input
                id={`${ids}-end`}
                type="time"
                required
                value={quiet.end}
                aria-invalid={invalid('quietHours.end')}
                onChange={(event) => setQuietHours({ end: event.target.value })}
              />
            </div>
            <div className="ss-form__field">
              <label className="ss-form__label" htmlFor={`${ids}-zone`}>
                Time zone
              </label>
              <select
                id={`${ids}-zone`}
                value={quiet.timeZone}
                aria-invalid={invalid('quietHours.timeZone')}
                onChange={(event) => setQuietHours({ timeZone: event.target.value })}
              >
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone.replace(/_/g, ' ')}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
      </fieldset>
      <div>
        <button type="submit" className="ss-button" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
