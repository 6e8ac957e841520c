/**
 * /settings/password (spec 3 §2, §5): the current and the new password. The change ends every other
 * session of the account; this browser stays signed in. Below, the signed-in sessions (issue 47).
 * @module
 */
import { changePassword, type FormErrors, formErrors, NO_FORM_ERRORS } from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { type FormEvent, useState } from 'react';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { SignedInSessionsSection } from '../settings/SignedInSessionsSection.js';
import { AccountField } from './AccountField.js';
import './account.css';

/** The password change form. */
export function PasswordSettingsPage() {
  useDocumentTitle('Change Password');
  const client = useClient();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors(NO_FORM_ERRORS);
    try {
      await changePassword(client, { currentPassword, newPassword });
      setCurrent('');
      setNew('');
    } catch (error) {
      setErrors(formErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="ss-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Change Password</h1>
        <p className="ss-page__description">Changing your password signs you out on every other device.</p>
      </header>
      <form className="ss-card ss-form" onSubmit={submit} noValidate aria-busy={busy}>
        <ErrorBox titles={errors.titles} />
        <AccountField
          label="Current password"
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          required
          value={currentPassword}
          onChange={(event) => setCurrent(event.target.value)}
          error={errors.fields.currentPassword?.title}
        />
        <AccountField
          label="New password"
          type="password"
          name="newPassword"
          autoComplete="new-password"
          hint="At least 8 characters."
          required
          value={newPassword}
          onChange={(event) => setNew(event.target.value)}
          error={errors.fields.newPassword?.title}
        />
        <button type="submit" className="ss-button" disabled={busy}>
          {busy ? 'Saving…' : 'Update password'}
        </button>
      </form>
      <SignedInSessionsSection />
    </article>
  );
}
