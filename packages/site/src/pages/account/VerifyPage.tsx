/**
 * /verify/:id (spec 3 §2, §4): opening the link verifies the address; the page says 'Email verified
 * successfully' or the spec's invalid-code text.
 * @module
 */
import { EMAIL_VERIFIED_TOAST, VERIFICATION_INVALID_TEXT, verifyEmail } from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import './account.css';

type State = 'verifying' | 'verified' | 'invalid' | 'error';

/** The verification page. */
export function VerifyPage() {
  useDocumentTitle('Verify Email');
  const { id = '' } = useParams();
  const client = useClient();
  const [state, setState] = useState<State>('verifying');
  // One call per code, also when React runs the effect twice.
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === id) return;
    started.current = id;
    verifyEmail(client, id).then(setState, () => setState('error'));
  }, [client, id]);

  return (
    <article className="ss-page ss-page--narrow">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Verify your email</h1>
      </header>
      <div className="ss-card ss-account-notice" role={state === 'verifying' ? undefined : 'status'}>
        {state === 'verifying' ? <p className="ss-loading-text">Verifying…</p> : null}
        {state === 'verified' ? (
          <>
            <p>{EMAIL_VERIFIED_TOAST}</p>
            <p>
              <Link to="/">Go to the home page</Link>
            </p>
          </>
        ) : null}
        {state === 'invalid' ? <p>{VERIFICATION_INVALID_TEXT}</p> : null}
        {state === 'error' ? (
          <p>We could not verify your email right now. Please reload the page to try again.</p>
        ) : null}
      </div>
    </article>
  );
}
