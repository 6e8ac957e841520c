/**
 * The weekly team recap signup of team feeds (spec 2 §4, §5): one e-mail field; the server's error
 * code is shown as the spec's message (the core's `newsletterError`, with its sign-in or join tip)
 * and success as "Signed up successfully! Check your email for more details.". Hiding the form for
 * signed-in members is the caller's choice.
 * @module
 */
import { ApiError, NEWSLETTER_SUCCESS_TEXT, type NewsletterError, newsletterError } from '@sportspyder/core';
import { type FormEvent, useId, useState } from 'react';
import { type LinkComponent, useLinkComponent } from '../components/Link.js';

/** What {@link NewsletterSignupProps.onSubmit} resolves to: success, or the server's error code. */
export interface NewsletterSubmitResult {
  /** True when the signup was accepted. */
  ok: boolean;
  /** The server's error code (`blank`, `invalid`, `has_account`, `taken`, `unsubscribed`). */
  code?: string | null;
  /** The server's error title, shown for codes the spec does not know. */
  message?: string;
}

/** Props of {@link NewsletterSignup}. */
export interface NewsletterSignupProps {
  /** Sends the signup (e-mail and the page's team); may also reject with the core's `ApiError`. */
  onSubmit: (email: string) => Promise<NewsletterSubmitResult>;
  /** The team's name, for the heading. */
  teamName?: string;
  /** Link component override for the tip's sign-in / join link. */
  LinkComponent?: LinkComponent;
}

type FormState = { status: 'idle' | 'sending' | 'success' } | { status: 'error'; error: NewsletterError };

function errorOf(reason: unknown): NewsletterError {
  if (reason instanceof ApiError) return newsletterError(reason.errors[0]?.code, reason.errors[0]?.title);
  return newsletterError(null);
}

/**
 * The newsletter signup form.
 *
 * @example
 * ```tsx
 * <NewsletterSignup
 *   teamName={team.fullName}
 *   onSubmit={async (email) => {
 *     const result = await signUpForNewsletter(client, { email, teamId: team.id });
 *     return result.ok ? { ok: true } : { ok: false, code: result.code, message: result.message };
 *   }}
 * />
 * ```
 */
export function NewsletterSignup({ onSubmit, teamName, LinkComponent }: NewsletterSignupProps) {
  const Link = useLinkComponent(LinkComponent);
  const id = useId();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<FormState>({ status: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.status === 'sending') return;
    setState({ status: 'sending' });
    try {
      const result = await onSubmit(email.trim());
      setState(
        result.ok
          ? { status: 'success' }
          : { status: 'error', error: newsletterError(result.code, result.message) },
      );
    } catch (reason) {
      setState({ status: 'error', error: errorOf(reason) });
    }
  };

  return (
    <section className="ss-newsletter" aria-labelledby={`${id}-title`}>
      <h3 className="ss-newsletter__title" id={`${id}-title`}>
        {teamName ? `Get the weekly ${teamName} recap` : 'Get the weekly team recap'}
      </h3>
      {state.status === 'success' ? (
        <p className="ss-newsletter__success" role="status">
          {NEWSLETTER_SUCCESS_TEXT}
        </p>
      ) : (
        // noValidate: the server's messages (spec 2 §5) are shown, not the browser's bubbles.
        <form className="ss-newsletter__form" onSubmit={submit} noValidate>
          <label className="ss-newsletter__label" htmlFor={`${id}-email`}>
            Email
          </label>
          <div className="ss-newsletter__row">
            <input
              id={`${id}-email`}
              className="ss-newsletter__input"
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@example.com"
              value={email}
              aria-invalid={state.status === 'error'}
              aria-describedby={state.status === 'error' ? `${id}-error` : undefined}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <button type="submit" className="ss-button" disabled={state.status === 'sending'}>
              Sign Up
            </button>
          </div>
          {state.status === 'error' && (
            <div className="ss-newsletter__error" id={`${id}-error`} role="alert">
              <p className="ss-newsletter__message">{state.error.message}</p>
              {state.error.tip && (
                <p className="ss-newsletter__tip">
                  {state.error.tipLink ? (
                    <Link href={state.error.tipLink}>{state.error.tip}</Link>
                  ) : (
                    state.error.tip
                  )}
                </p>
              )}
            </div>
          )}
        </form>
      )}
    </section>
  );
}
