/**
 * /settings/emails (spec 3 §2, §4 "Account and email", §9): which e-mails the member receives and
 * the recap newsletter's frequency (weekly or daily). Unsubscribe-all disables the other toggles
 * and the frequency (the server turns them off). Saved with 'Email settings updated successfully!'.
 * @module
 */
import type { NewsletterFrequency } from '@sportspyder/contract';
import { EMAIL_TOGGLES, type EmailToggle, isToggleDisabled, NEWSLETTER_FREQUENCIES } from '@sportspyder/core';
import { useAccountSettings } from '@sportspyder/react';
import { useId } from 'react';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { SettingsLoad } from './SettingsLoad.js';
import { ToggleSettingsForm } from './ToggleSettingsForm.js';
import './settings.css';

const FREQUENCY_TEXT: Record<NewsletterFrequency, string> = {
  weekly: 'Weekly recap',
  daily: 'Daily recap',
};

/** The e-mail settings screen. */
export function EmailSettingsPage() {
  useDocumentTitle('Email Settings');
  const settings = useAccountSettings();
  const radioName = useId();
  return (
    <article className="ss-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Email Settings</h1>
        {settings.data ? <p className="ss-page__description">E-mails go to {settings.data.email}.</p> : null}
      </header>
      <SettingsLoad snapshot={settings}>
        {(data) => (
          <ToggleSettingsForm
            settings={data}
            screen="emails"
            legend="Emails you receive"
            toggles={EMAIL_TOGGLES}
            extraFields={['emailNewsletterRecapFrequency']}
            isDisabled={(values, field) => isToggleDisabled(values, field as EmailToggle['field'])}
          >
            {(values, set) => (
              <fieldset className="ss-settings-toggles" disabled={values.unsubscribeAll}>
                <legend>Newsletter frequency</legend>
                {NEWSLETTER_FREQUENCIES.map((frequency) => (
                  <label key={frequency} className="ss-settings-option">
                    <input
                      type="radio"
                      name={radioName}
                      value={frequency}
                      checked={values.emailNewsletterRecapFrequency === frequency}
                      onChange={() => set({ emailNewsletterRecapFrequency: frequency })}
                    />
                    {FREQUENCY_TEXT[frequency]}
                  </label>
                ))}
              </fieldset>
            )}
          </ToggleSettingsForm>
        )}
      </SettingsLoad>
    </article>
  );
}
