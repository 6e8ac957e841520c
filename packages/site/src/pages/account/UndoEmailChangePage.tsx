/**
 * /email/change/undo/:id (issue 47): the link mailed to the OLD address after an e-mail change. The
 * page only reads on load (mail scanners open links); the button undoes the change: the old address
 * comes back, every signed-in session of the account ends, and the page suggests a new password.
 * @module
 */
import { type EmailChangeUndo, undoEmailChange } from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import './account.css';

type State = { state: 'ready' } | { state: 'busy' } | { state: 'error' } | EmailChangeUndo;

/** The undo page of an e-mail change. */
export function UndoEmailChangePage() {
  useDocumentTitle('Undo Email Change');
  const { id = '' } = useParams();
  const client = useClient();
  const [result, setResult] = useState<State>({ state: 'ready' });

  const undo = () => {
    setResult({ state: 'busy' });
    undoEmailChange(client, id).then(setResult, () => setResult({ state: 'error' }));
  };

  return (
    <article className="ss-page ss-page--narrow">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Undo the email change</h1>
      </header>
      <div className="ss-card ss-account-notice" role={result.state === 'ready' ? undefined : 'status'}>
        {result.state === 'ready' || result.state === 'busy' ? (
          <>
            <p>
              If you did not change the email address of your account, undo it: your address comes back and
              every signed-in session ends.
            </p>
            <button type="button" className="ss-button" onClick={undo} disabled={result.state === 'busy'}>
              {result.state === 'busy' ? 'Undoing…' : 'Undo the change'}
            </button>
          </>
        ) : null}
        {result.state === 'undone' ? (
          <>
            <p>Your email address is {result.email} again, and every session was signed out.</p>
            <p>
              To be safe, <Link to="/forgot">choose a new password</Link>.
            </p>
          </>
        ) : null}
        {result.state === 'invalid' ? (
          <p>This link is not valid any more. Sign in and change your address in your settings.</p>
        ) : null}
        {result.state === 'taken' ? <p>{result.title}</p> : null}
        {result.state === 'error' ? (
          <p>We could not undo the change right now. Please try again in a moment.</p>
        ) : null}
      </div>
    </article>
  );
}
