/**
 * The form of the toggle screens (/settings/notifications, /settings/emails): labelled checkboxes in a
 * fieldset, optional extra controls (the newsletter frequency), a Save button, and the server's
 * problems in the error box. The screen passes the fields it owns and the toast it shows.
 * @module
 */
import type { AccountSettings, AccountUpdateBody } from '@sportspyder/contract';
import {
  type FormErrors,
  formErrors,
  NO_FORM_ERRORS,
  type SettingsScreen,
  saveAccountSettings,
} from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { ErrorBox } from '../../components/ErrorBox.js';

/** A boolean field of the settings with its label. */
export interface SettingsToggle {
  field: keyof AccountSettings & keyof AccountUpdateBody;
  label: string;
}

/** Props of {@link ToggleSettingsForm}. */
export interface ToggleSettingsFormProps {
  /** The saved settings. */
  settings: AccountSettings;
  /** The screen (picks the toast). */
  screen: SettingsScreen;
  /** The fieldset's legend. */
  legend: string;
  /** The toggles, in order. */
  toggles: readonly SettingsToggle[];
  /** Fields the form also sends (e.g. the frequency), with their current value. */
  extraFields?: (keyof AccountUpdateBody)[];
  /** True when a toggle is shown disabled for the form's current values. */
  isDisabled?: (values: AccountSettings, field: SettingsToggle['field']) => boolean;
  /** Extra controls after the toggles, given the values and a setter. */
  children?: (values: AccountSettings, set: (change: Partial<AccountSettings>) => void) => ReactNode;
}

/** A settings form of toggles. */
export function ToggleSettingsForm({
  settings,
  screen,
  legend,
  toggles,
  extraFields = [],
  isDisabled,
  children,
}: ToggleSettingsFormProps) {
  const client = useClient();
  const [values, setValues] = useState(settings);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  useEffect(() => setValues(settings), [settings]);

  const set = (change: Partial<AccountSettings>) => setValues((current) => ({ ...current, ...change }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    for (const field of [...toggles.map((toggle) => toggle.field), ...extraFields]) {
      body[field] = values[field as keyof AccountSettings];
    }
    setBusy(true);
    setErrors(NO_FORM_ERRORS);
    try {
      await saveAccountSettings(client, body as AccountUpdateBody, screen);
    } catch (error) {
      setErrors(formErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ss-card ss-form ss-settings-form" onSubmit={submit} aria-busy={busy}>
      <ErrorBox titles={errors.titles} />
      <fieldset className="ss-settings-toggles">
        <legend>{legend}</legend>
        {toggles.map((toggle) => (
          <label key={toggle.field} className="ss-settings-option">
            <input
              type="checkbox"
              name={toggle.field}
              checked={Boolean(values[toggle.field])}
              disabled={isDisabled?.(values, toggle.field) ?? false}
              aria-invalid={errors.fields[toggle.field] ? true : undefined}
              onChange={(event) => set({ [toggle.field]: event.target.checked })}
            />
            {toggle.label}
          </label>
        ))}
      </fieldset>
      {children?.(values, set)}
      <div>
        <button type="submit" className="ss-button" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}
