/**
 * A chat author's avatar (spec 3 §2): the product's logo mark for the 'sportspyder' bot, else the
 * name's initial on the member's chat colour (colour classes in chat.css). Decorative: the name is
 * always shown beside it.
 * @module
 */
import type { ChatUser } from '@sportspyder/contract';
import { chatAvatar } from '@sportspyder/core';

/** Props of {@link ChatAvatar}. */
export interface ChatAvatarProps {
  /** The author. */
  user: Pick<ChatUser, 'username' | 'displayName' | 'chatColor'>;
  /** Size in px (default 32). */
  size?: number;
}

/** The avatar of an author. */
export function ChatAvatar({ user, size = 32 }: ChatAvatarProps) {
  const avatar = chatAvatar(user);
  if (avatar.kind === 'logo') {
    return (
      <svg
        className="ss-chat-avatar ss-chat-avatar--logo"
        width={size}
        height={size}
        viewBox="0 0 32 32"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="16" cy="16" r="15" fill="#f5a623" />
        <path
          d="M16 2v28M2 16h28M6 6l20 20M26 6 6 26"
          stroke="#0d1b2a"
          strokeWidth="1.6"
          strokeLinecap="round"
          opacity="0.55"
        />
        <circle cx="16" cy="16" r="5" fill="#0d1b2a" />
      </svg>
    );
  }
  return (
    <span
      className={`ss-chat-avatar ss-chat-color--${avatar.colorName}`}
      style={{ width: size, height: size, lineHeight: `${size}px` }}
      aria-hidden="true"
    >
      {avatar.initial}
    </span>
  );
}
