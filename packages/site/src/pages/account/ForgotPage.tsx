/**
 * /forgot (spec 3 §2): asks for a reset link. The page says the same thing for every address, as
 * the server answers the same, so nobody learns which addresses have accounts.
 * @module
 */
import {
  type FormErrors,
  formErrors,
  NO_FORM_ERRORS,
  RESET_REQUESTED_TEXT,
  requestPasswordReset,
} from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '../../components/ErrorBox.js';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { AccountField } from './AccountField.js';
import './account.css';

/** The forgotten-password form. */
export function ForgotPage() {
  useDocumentTitle('Forgot Password');
  const client = useClient();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_FORM_ERRORS);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors(NO_FORM_ERRORS);
    try {
      await requestPasswordReset(client, email);
      setSent(true);
    } catch (error) {
      setErrors(formErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="ss-page ss-page--narrow">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Forgot your password?</h1>
        <p className="ss-page__description">
          Enter the email address of your account and we will send you a link to choose a new password.
        </p>
      </header>
      {sent ? (
        <div className="ss-card ss-account-notice" role="status">
          <p>{RESET_REQUESTED_TEXT}</p>
          <p>
            <Link to="/login">Back to sign in</Link>
          </p>
        </div>
      ) : (
        <form className="ss-card ss-form" onSubmit={submit} noValidate aria-busy={busy}>
          <ErrorBox titles={errors.titles} />
          <AccountField
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.fields.email?.title}
          />
          <button type="submit" className="ss-button ss-button--block" disabled={busy}>
            {busy ? 'Sending…' : 'Send reset link'}
          </button>
          <p className="ss-form__links">
            <Link to="/login">Back to sign in</Link>
          </p>
        </form>
      )}
    </article>
  );
}
