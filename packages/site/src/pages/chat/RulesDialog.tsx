/**
 * The messaging rules (spec 3 §2, §9). Shown before a member's first chat interaction with 'I
 * agree' (accepting sets chatAcceptedRules and refreshes the session, spec 3 §4), or read again
 * from the settings with just Close.
 * @module
 */
import { CHAT_RULES, CHAT_RULES_CONSEQUENCES } from '@sportspyder/core';
import { useState } from 'react';
import { ChatDialog } from './ChatDialog.js';

/** Props of {@link RulesDialog}. */
export interface RulesDialogProps {
  /** Accepts the rules; absent when they are only read. Answers an error text, or null. */
  onAccept?: (() => Promise<string | null>) | undefined;
  /** Closes the dialog. */
  onClose: () => void;
}

/** The rules dialog. */
export function RulesDialog({ onAccept, onClose }: RulesDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const accept = async () => {
    if (!onAccept) return;
    setBusy(true);
    const problem = await onAccept();
    setBusy(false);
    setError(problem);
  };
  return (
    <ChatDialog
      title="Messaging rules"
      description={onAccept ? 'Please read and accept the rules before you chat.' : undefined}
      onClose={onClose}
      actions={
        onAccept ? (
          <>
            <button type="button" className="ss-button ss-button--secondary" onClick={onClose}>
              Not now
            </button>
            <button type="button" className="ss-button" disabled={busy} onClick={accept}>
              I agree
            </button>
          </>
        ) : (
          <button type="button" className="ss-button" onClick={onClose}>
            Close
          </button>
        )
      }
    >
      <ol className="ss-chat-rules">
        {CHAT_RULES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
      <p>{CHAT_RULES_CONSEQUENCES}</p>
      {error && (
        <p className="ss-chat-banner" role="alert">
          {error}
        </p>
      )}
    </ChatDialog>
  );
}
