/**
 * /settings/account (spec 3 §2 "Settings", §5, §8): e-mail, username (tip: at least 4 characters,
 * changeable once a week; the server enforces it), display name and links-in-new-window. Only the
 * changed fields are sent; the server's problems show in the error box with the fields marked; the
 * toast 'Account updated successfully!'. A new e-mail must be verified again (the page says where
 * the link went); changing the e-mail asks for the current password (the field appears once the
 * address differs; the old address is mailed an undo link). Below: Download my data and Delete account.
 * @module
 */
import type { AccountSettings } from '@sportspyder/contract';
import {
  accountFormChanges,
  type FormErrors,
  formErrors,
  NO_FORM_ERRORS,
  saveAccountSettings,
  USERNAME_TIP,
} from '@sportspyder/core';
import { useAccountSettings, useClient } from '@sportspyder/react';
import { type FormEvent, useEffect, useState } from 'react';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { AccountField } from '../account/AccountField.js';
import { AccountDataSection } from './AccountDataSection.js';
import '../account/account.css';

interface AccountForm {
  email: string;
  username: string;
  name: string;
  linksInNewWindow: boolean;
  currentPassword: string;
}

const formOf = (settings: AccountSettings): AccountForm => ({
  email: settings.email,
  username: settings.username,
  name: settings.name ?? '',
  linksInNewWindow: settings.linksInNewWindow,
  currentPassword: '',
});

/** The account settings screen. */
export function AccountSettingsPage() {
  useDocumentTitle('Account Settings');
  const settings = useAccountSettings();
  return (
    <article className="ss-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Account Settings</h1>
      </header>
      {settings.data ? (
        <AccountSettingsForm settings={settings.data} />
      ) : settings.status === 'error' ? (
        <p role="alert">Your settings could not be loaded. Please reload the page.</p>
      ) : (
        <p aria-busy="true">Loading your settings…</p>
      )}
      <AccountDataSection />
    </article>
  );
}

function AccountSettingsForm({ settings }: { settings: AccountSettings }) {
  const client = useClient();
  const [form, setForm] = useState<AccountForm>(() => formOf(settings));
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);
  const [verifyNotice, setVerifyNotice] = useState<string | null>(null);

  // Saved elsewhere (another tab's save refreshed the cache): show the saved values.
  useEffect(() => setForm(formOf(settings)), [settings]);

  const set = <K extends keyof AccountForm>(field: K, value: AccountForm[K]) =>
    setForm((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = accountFormChanges(settings, form);
    setBusy(true);
    setErrors(NO_FORM_ERRORS);
    try {
      const saved = await saveAccountSettings(client, body, 'account');
      setVerifyNotice(body.email ? saved.email : null);
    } catch (error) {
      setErrors(formErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ss-card ss-form" onSubmit={submit} noValidate aria-busy={busy}>
      <ErrorBox titles={errors.titles} />
      {verifyNotice ? (
        <p role="status" className="ss-account-notice">
          We sent a verification link to {verifyNotice}. Please open it to confirm your new address.
        </p>
      ) : null}
      <AccountField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={form.email}
        onChange={(event) => set('email', event.target.value)}
        error={errors.fields.email?.title}
      />
      {form.email.trim() !== settings.email ? (
        <AccountField
          label="Current password"
          type="password"
          name="currentPassword"
          autoComplete="current-password"
          required
          hint="Type your password to change your email address."
          value={form.currentPassword}
          onChange={(event) => set('currentPassword', event.target.value)}
          error={errors.fields.currentPassword?.title}
        />
      ) : null}
      <AccountField
        label="Username"
        name="username"
        autoComplete="username"
        required
        minLength={4}
        maxLength={30}
        hint={USERNAME_TIP}
        value={form.username}
        onChange={(event) => set('username', event.target.value)}
        error={errors.fields.username?.title}
      />
      <AccountField
        label="Display name"
        name="name"
        autoComplete="nickname"
        maxLength={60}
        value={form.name}
        onChange={(event) => set('name', event.target.value)}
        error={errors.fields.name?.title}
      />
      <label className="ss-settings-option">
        <input
          type="checkbox"
          name="linksInNewWindow"
          checked={form.linksInNewWindow}
          onChange={(event) => set('linksInNewWindow', event.target.checked)}
        />
        Open article links in a new window
      </label>
      <button type="submit" className="ss-button" disabled={busy}>
        {busy ? 'Saving…' : 'Save changes'}
      </button>
    </form>
  );
}
