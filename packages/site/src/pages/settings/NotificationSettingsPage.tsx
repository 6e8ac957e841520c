/**
 * /settings/notifications (spec 3 §2, spec 1 §3 "Account settings"): which events create a
 * notification (the bell and /notifications), saved with 'Notifications updated successfully!'.
 * Which of them are also mailed is /settings/emails.
 * @module
 */
import { NOTIFY_TOGGLES } from '@sportspyder/core';
import { useAccountSettings } from '@sportspyder/react';
import { RouterLink } from '../../components/RouterLink.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { SettingsLoad } from './SettingsLoad.js';
import { ToggleSettingsForm } from './ToggleSettingsForm.js';
import './settings.css';

/** The notification settings screen. */
export function NotificationSettingsPage() {
  useDocumentTitle('Notification Settings');
  const settings = useAccountSettings();
  return (
    <article className="ss-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Notification Settings</h1>
        <p className="ss-page__description">
          Choose what shows up in your notifications. E-mails are set in{' '}
          <RouterLink href="/settings/emails">Email Settings</RouterLink>.
        </p>
      </header>
      <SettingsLoad snapshot={settings}>
        {(data) => (
          <ToggleSettingsForm
            settings={data}
            screen="notifications"
            legend="Notify me about"
            toggles={NOTIFY_TOGGLES}
          />
        )}
      </SettingsLoad>
    </article>
  );
}
