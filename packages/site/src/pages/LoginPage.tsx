/**
 * The sign-in screen (/login, spec 3 §2): e-mail and password. On success the core reloads the page;
 * the page then loads signed in and the guest guard sends the member back to where they were going.
 * @module
 */
import { isApiError, isNetworkError } from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ErrorBox } from '../components/ErrorBox.js';
import { useDocumentTitle } from '../hooks/useDocumentTitle.js';

/** The error titles to show for a failed sign-in. */
export function signInErrorTitles(error: unknown): string[] {
  if (isApiError(error)) return error.errors.map((item) => item.title);
  if (isNetworkError(error)) return ['We could not reach SportSpyder. Check your connection and try again.'];
  return ['Something went wrong while signing in. Please try again.'];
}

/** The sign-in form. */
export function LoginPage() {
  useDocumentTitle('Sign In');
  const client = useClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, boolean>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors([]);
    setFieldErrors({});
    try {
      await client.session.signIn({ username: email.trim(), password });
      // The core reloads the page now; keep the button disabled until it does.
    } catch (error) {
      setErrors(signInErrorTitles(error));
      if (isApiError(error)) {
        setFieldErrors(
          Object.fromEntries(error.errors.filter((e) => e.field).map((e) => [e.field as string, true])),
        );
      }
      setBusy(false);
    }
  };

  return (
    <article className="ss-page ss-page--narrow">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Sign in to SportSpyder</h1>
      </header>
      <form className="ss-card ss-form" onSubmit={submit} noValidate aria-busy={busy}>
        <ErrorBox titles={errors} />
        <label className="ss-form__field">
          <span className="ss-form__label">Email</span>
          <input
            type="email"
            name="username"
            autoComplete="username"
            required
            value={email}
            aria-invalid={fieldErrors.username ? true : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="ss-form__field">
          <span className="ss-form__label">Password</span>
          <input
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            aria-invalid={fieldErrors.password ? true : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <button type="submit" className="ss-button ss-button--block" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p className="ss-form__links">
          <Link to="/forgot">Forgot your password?</Link>
          <span>
            New to SportSpyder? <Link to="/join">Join now</Link>
          </span>
        </p>
      </form>
    </article>
  );
}
