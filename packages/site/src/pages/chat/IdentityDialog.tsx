/**
 * Message identity (spec 3 §2, §6): the colour of the member's name, one of the 18 named chat
 * colours, and the PRO badge, offered only to PRO members past their trial (the server refuses it
 * otherwise). Saving stores both through the chat's `setIdentity` and refreshes the session.
 * @module
 */
import type { ChatColor, ChatUser } from '@sportspyder/contract';
import { CHAT_COLOR_NAMES, mayShowProBadge } from '@sportspyder/core';
import { useId, useState } from 'react';
import { ChatDialog } from './ChatDialog.js';

/** Props of {@link IdentityDialog}. */
export interface IdentityDialogProps {
  /** The member. */
  user: Pick<ChatUser, 'chatColor' | 'chatProBadge' | 'pro' | 'proState'>;
  /** Saves; answers an error text, or null when saved. */
  onSave: (identity: { chatColor: ChatColor; chatProBadge: boolean }) => Promise<string | null>;
  /** Closes the dialog. */
  onClose: () => void;
}

/** The identity dialog. */
export function IdentityDialog({ user, onSave, onClose }: IdentityDialogProps) {
  const [color, setColor] = useState<string>(user.chatColor || 'Default');
  const [badge, setBadge] = useState(user.chatProBadge);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const allowed = mayShowProBadge(user);
  const save = async () => {
    setBusy(true);
    const problem = await onSave({ chatColor: color as ChatColor, chatProBadge: allowed && badge });
    setBusy(false);
    if (problem) setError(problem);
    else onClose();
  };
  return (
    <ChatDialog
      title="Message identity"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="ss-button ss-button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="ss-button" disabled={busy} onClick={save}>
            Save
          </button>
        </>
      }
    >
      <fieldset className="ss-chat-colors">
        <legend>Name colour</legend>
        {CHAT_COLOR_NAMES.map((name) => (
          <label key={name} className="ss-chat-colors__option">
            <input
              type="radio"
              name="chat-color"
              value={name}
              checked={color === name}
              onChange={() => setColor(name)}
            />
            <span className={`ss-chat-colors__swatch ss-chat-color--${name}`} aria-hidden="true" />
            {name}
          </label>
        ))}
      </fieldset>
      <label className="ss-chat-check">
        <input
          type="checkbox"
          checked={allowed && badge}
          disabled={!allowed}
          aria-describedby={allowed ? undefined : hintId}
          onChange={(event) => setBadge(event.currentTarget.checked)}
        />
        Show my PRO badge
      </label>
      {!allowed && (
        <p id={hintId} className="ss-chat-hint">
          The PRO badge is for PRO members past their trial.
        </p>
      )}
      {error && (
        <p className="ss-chat-banner" role="alert">
          {error}
        </p>
      )}
    </ChatDialog>
  );
}
