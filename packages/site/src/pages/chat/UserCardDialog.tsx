/**
 * The user card (spec 3 §2): who wrote a message — avatar, name, username, member since, PRO and
 * moderator badges — with a way to mention them. Follow and block are off by feature flag (spec 3
 * §6), so they are not offered.
 * @module
 */
import type { ChatUser } from '@sportspyder/contract';
import { chatAuthorName, isChatBot, showsProBadge } from '@sportspyder/core';
import { ChatAvatar } from './ChatAvatar.js';
import { ChatDialog } from './ChatDialog.js';

/** Props of {@link UserCardDialog}. */
export interface UserCardDialogProps {
  /** The author. */
  user: ChatUser;
  /** True when they moderate the channel. */
  moderator: boolean;
  /** Puts '@username ' in the composer; absent where nothing can be written. */
  onMention?: (() => void) | undefined;
  /** Closes the card. */
  onClose: () => void;
}

const SINCE = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/** The user card. */
export function UserCardDialog({ user, moderator, onMention, onClose }: UserCardDialogProps) {
  const name = chatAuthorName(user);
  const mentionable = onMention && !isChatBot(user) && /^[A-Za-z0-9_]+$/.test(user.username);
  return (
    <ChatDialog
      title={name}
      onClose={onClose}
      actions={
        <>
          {mentionable && (
            <button type="button" className="ss-button ss-button--secondary" onClick={onMention}>
              Mention
            </button>
          )}
          <button type="button" className="ss-button" onClick={onClose}>
            Close
          </button>
        </>
      }
    >
      <div className="ss-chat-user-card">
        <ChatAvatar user={user} size={56} />
        <div>
          <p className="ss-chat-user-card__username">@{user.username}</p>
          <p>Member since {SINCE.format(new Date(user.createdAt))}</p>
          <p>
            {showsProBadge(user) && <span className="ss-chat-badge ss-chat-badge--pro">PRO</span>}
            {moderator && <span className="ss-chat-badge">Moderator</span>}
          </p>
        </div>
      </div>
    </ChatDialog>
  );
}
