/**
 * /settings/spoilers (issue 49): the spoiler shield of each followed team, on or off, and how long after a
 * game ends its result stays hidden. Each change is saved at once (with the toast); the server answers
 * one entry per followed team.
 * @module
 */
import type { SpoilerShieldTeam } from '@sportspyder/contract';
import { SPOILER_HIDE_CHOICES } from '@sportspyder/core';
import { useClient, useReference, useSpoilerShields } from '@sportspyder/react';
import { useId, useMemo, useState } from 'react';
import { useDocumentTitle } from '../hooks/useDocumentTitle.js';
import { SettingsLoad } from '../pages/settings/SettingsLoad.js';
import '../pages/settings/settings.css';
import './spoilers.css';
import { useSpoilerShield } from './useSpoilerShield.js';

function ShieldRow({
  shield,
  name,
  onChange,
}: {
  shield: SpoilerShieldTeam;
  name: string;
  onChange: (next: SpoilerShieldTeam) => Promise<unknown>;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const change = (next: SpoilerShieldTeam) => {
    setBusy(true);
    void onChange(next).finally(() => setBusy(false));
  };
  return (
    <li className="ss-spoiler-settings__team">
      <input
        id={`${id}-on`}
        type="checkbox"
        checked={shield.on}
        disabled={busy}
        onChange={(event) => change({ ...shield, on: event.currentTarget.checked })}
      />
      <label htmlFor={`${id}-on`}>Shield the {name}</label>
      <label htmlFor={`${id}-hours`} className="ss-spoiler-settings__period">
        Hide results<span className="ss-visually-hidden"> of the {name}</span>
      </label>
      <select
        id={`${id}-hours`}
        value={shield.hideHours === null ? '' : String(shield.hideHours)}
        disabled={busy}
        onChange={(event) => {
          const value = event.currentTarget.value;
          change({ ...shield, hideHours: value === '' ? null : (Number(value) as 12 | 24 | 48) });
        }}
      >
        {SPOILER_HIDE_CHOICES.map((choice) => (
          <option key={String(choice.hours)} value={choice.hours === null ? '' : String(choice.hours)}>
            {choice.label}
          </option>
        ))}
      </select>
    </li>
  );
}

/** The spoiler shield settings screen. */
export function SpoilerSettingsPage() {
  useDocumentTitle('Spoiler Shield');
  const client = useClient();
  const shields = useSpoilerShields();
  const { save } = useSpoilerShield();
  const { teamsBySlug } = useReference();
  const names = useMemo(
    () => new Map(Object.values(teamsBySlug).map((team) => [team.id, team.fullName])),
    [teamsBySlug],
  );
  const onChange = (next: SpoilerShieldTeam) =>
    save([next]).catch(() => client.toasts.show('Something went wrong. Try again later.', 'error'));
  return (
    <article className="ss-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Spoiler Shield</h1>
        <p className="ss-page__description">
          Watching on delay? With the shield on, a team's scores and results are hidden everywhere on the site
          from the start of each game, and headlines that give a result away are blurred, until you reveal the
          game or the time you chose has passed after it ends.
        </p>
      </header>
      <SettingsLoad snapshot={shields}>
        {(data) =>
          data.teams.length === 0 ? (
            <p>Follow a team to shield its results.</p>
          ) : (
            <ul className="ss-spoiler-settings">
              {data.teams.map((shield) => (
                <ShieldRow
                  key={shield.teamId}
                  shield={shield}
                  name={names.get(shield.teamId) ?? `team ${shield.teamId}`}
                  onChange={onChange}
                />
              ))}
            </ul>
          )
        }
      </SettingsLoad>
    </article>
  );
}
