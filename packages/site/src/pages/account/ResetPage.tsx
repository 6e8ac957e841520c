/**
 * /reset/:id (spec 3 §2, §4): a reset link works once, for 60 minutes. A usable link asks for the new
 * password; a used, expired or unknown one shows 'This password reset link has already been used and
 * has expired.' with 'generate new link'. After the change every session of the account has ended,
 * so the page goes to /login.
 * @module
 */
import {
  type FormErrors,
  formErrors,
  GENERATE_NEW_LINK_TEXT,
  NO_FORM_ERRORS,
  RESET_LINK_EXPIRED_TEXT,
  readResetLink,
  resetPassword,
} from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { AccountField } from './AccountField.js';
import './account.css';

type State = 'loading' | 'usable' | 'expired' | 'error';

/** The reset form. */
export function ResetPage() {
  useDocumentTitle('Reset Password');
  const { id = '' } = useParams();
  const client = useClient();
  const navigate = useNavigate();
  const [state, setState] = useState<State>('loading');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);

  useEffect(() => {
    let live = true;
    setState('loading');
    readResetLink(client, id).then(
      (link) => live && setState(link),
      () => live && setState('error'),
    );
    return () => {
      live = false;
    };
  }, [client, id]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors(NO_FORM_ERRORS);
    try {
      const result = await resetPassword(client, id, password);
      if (result === 'expired') setState('expired');
      else navigate('/login', { replace: true });
    } catch (error) {
      setErrors(formErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="ss-page ss-page--narrow">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Reset your password</h1>
      </header>
      {state === 'loading' ? (
        <p className="ss-loading-text">Loading…</p>
      ) : state === 'expired' ? (
        <div className="ss-card ss-account-notice" role="alert">
          <p>{RESET_LINK_EXPIRED_TEXT}</p>
          <p>
            <Link to="/forgot">{GENERATE_NEW_LINK_TEXT}</Link>
          </p>
        </div>
      ) : state === 'error' ? (
        <div className="ss-card ss-account-notice" role="alert">
          <p>We could not check this link. Check your connection and reload the page.</p>
        </div>
      ) : (
        <form className="ss-card ss-form" onSubmit={submit} noValidate aria-busy={busy}>
          <ErrorBox titles={errors.titles} />
          <AccountField
            label="New password"
            type="password"
            name="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.fields.password?.title}
          />
          <button type="submit" className="ss-button ss-button--block" disabled={busy}>
            {busy ? 'Saving…' : 'Change password'}
          </button>
        </form>
      )}
    </article>
  );
}
