/**
 * "Signed-in sessions" on /settings/password (issue 47): every browser signed in to the account, as a
 * list with the device in plain words, the place when the server knows it ("Unknown place" otherwise)
 * and when it was last seen, this browser marked. Each other session has its own "Sign out" button
 * named after it; "Sign out all other sessions" asks first. This browser's own session is ended by the
 * header's sign-out, not here, so the list keeps working where it is read.
 * @module
 */
import type { SignedInSession } from '@sportspyder/contract';
import {
  END_OTHER_SESSIONS_TEXT,
  endOtherSignedInSessions,
  endSignedInSession,
  lastSeenText,
  listSignedInSessions,
  sessionPlaceText,
} from '@sportspyder/core';
import { useClient } from '@sportspyder/react';
import { useCallback, useEffect, useState } from 'react';
import { ConfirmDialog } from '../configure/ConfirmDialog.js';
import '../configure/configure.css';
import './settings.css';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; sessions: SignedInSession[] };

/** The signed-in sessions card. */
export function SignedInSessionsSection() {
  const client = useClient();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [busy, setBusy] = useState<number | 'others' | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const refresh = useCallback(async () => {
    try {
      setLoad({ status: 'ready', sessions: await listSignedInSessions(client) });
    } catch {
      setLoad({ status: 'error' });
    }
  }, [client]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const end = async (session: SignedInSession) => {
    setBusy(session.id);
    setFailed(null);
    try {
      setLoad({ status: 'ready', sessions: await endSignedInSession(client, session) });
    } catch {
      // Most likely it had ended already (404): the list is read again either way.
      setFailed(`The session on ${session.device} could not be signed out. The list was refreshed.`);
      await refresh();
    } finally {
      setBusy(null);
    }
  };

  const endOthers = async () => {
    setConfirming(false);
    setBusy('others');
    setFailed(null);
    try {
      setLoad({ status: 'ready', sessions: await endOtherSignedInSessions(client) });
    } catch {
      setFailed('The other sessions could not be signed out. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  const others = load.status === 'ready' ? load.sessions.filter((s) => !s.current) : [];

  return (
    <section className="ss-card ss-settings-data" aria-labelledby="signed-in-sessions-title">
      <h2 id="signed-in-sessions-title" className="ss-card__title">
        Signed-in sessions
      </h2>
      <p>Browsers and devices signed in to your account. Sign out any you do not recognise.</p>
      {failed ? <p role="alert">{failed}</p> : null}
      {load.status === 'loading' ? (
        <p aria-busy="true">Loading your sessions…</p>
      ) : load.status === 'error' ? (
        <p role="alert">Your sessions could not be loaded. Please reload the page.</p>
      ) : (
        <ul className="ss-session-list" aria-label="Signed-in sessions">
          {load.sessions.map((session) => (
            <li key={session.id} className="ss-session">
              <div>
                <strong>{session.device}</strong>
                {session.current ? <span className="ss-session__current"> (this browser)</span> : null}
                <div className="ss-session__meta">
                  {sessionPlaceText(session)} · {lastSeenText(session)}
                </div>
              </div>
              {session.current ? null : (
                <button
                  type="button"
                  className="ss-button ss-button--secondary"
                  aria-label={`Sign out ${session.device}, ${sessionPlaceText(session)}, ${lastSeenText(session)}`}
                  disabled={busy !== null}
                  onClick={() => end(session)}
                >
                  {busy === session.id ? 'Signing out…' : 'Sign out'}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 ? (
        <div>
          <button
            type="button"
            className="ss-button ss-button--danger"
            disabled={busy !== null}
            onClick={() => setConfirming(true)}
          >
            {busy === 'others' ? 'Signing out…' : 'Sign out all other sessions'}
          </button>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title="Sign out all other sessions?"
          text={END_OTHER_SESSIONS_TEXT}
          confirmLabel="Sign out all other sessions"
          onConfirm={endOthers}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </section>
  );
}
