/**
 * Messaging settings (spec 3 §2): the member's chat identity as others see it, with the ways to
 * change it and to read the rules again, and the notification settings for replies, mentions,
 * threads and likes.
 * @module
 */
import type { ChatUser } from '@sportspyder/contract';
import { chatAuthorName, showsOwnProBadge } from '@sportspyder/core';
import { useLinkComponent } from '@sportspyder/react';
import { ChatAvatar } from './ChatAvatar.js';
import { ChatDialog } from './ChatDialog.js';

/** Props of {@link SettingsDialog}. */
export interface SettingsDialogProps {
  /** The member. */
  user: Pick<ChatUser, 'username' | 'displayName' | 'chatColor' | 'chatProBadge' | 'pro' | 'proState'>;
  /** Opens the identity dialog. */
  onIdentity: () => void;
  /** Opens the rules. */
  onRules: () => void;
  /** Closes the dialog. */
  onClose: () => void;
}

/** The settings dialog. */
export function SettingsDialog({ user, onIdentity, onRules, onClose }: SettingsDialogProps) {
  const Link = useLinkComponent();
  return (
    <ChatDialog
      title="Messaging settings"
      onClose={onClose}
      actions={
        <button type="button" className="ss-button" onClick={onClose}>
          Done
        </button>
      }
    >
      <p className="ss-chat-identity-preview">
        <ChatAvatar user={user} />
        <span className={`ss-chat-text--${user.chatColor || 'Default'}`}>{chatAuthorName(user)}</span>
        {showsOwnProBadge(user) && <span className="ss-chat-badge ss-chat-badge--pro">PRO</span>}
      </p>
      <ul className="ss-chat-settings">
        <li>
          <button type="button" className="ss-chat-link-button" onClick={onIdentity}>
            Message identity
          </button>
          <span> — your name's colour and PRO badge</span>
        </li>
        <li>
          <button type="button" className="ss-chat-link-button" onClick={onRules}>
            Messaging rules
          </button>
        </li>
        <li>
          <Link href="/settings/notifications">Notification settings</Link>
          <span> — replies, mentions, threads and likes</span>
        </li>
      </ul>
    </ChatDialog>
  );
}
