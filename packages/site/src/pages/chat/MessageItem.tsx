/**
 * One chat message or comment (spec 3 §2): the avatar (the bot's logo), the author as a button
 * opening the user card, the PRO and moderator badges, the time, the content as text and link
 * segments (never HTML; links with `rel="nofollow ugc noopener"`), clamped to 3 lines with 'Show
 * full message', a share's card, and the actions: Reply, the replies count (highlighted for 3 s when
 * it grows), Like with its count, Copy link, Report or Delete. A deleted message reads 'This
 * message was deleted' with no actions. Router-free (links through the Link component of the
 * bindings), so the chat embed can reuse it under preact/compat.
 * @module
 */
import type { ChatUser, Message } from '@sportspyder/contract';
import {
  CHAT_LINK_REL,
  type ChatItem,
  chatAuthorName,
  chatMessageHidden,
  messageBody,
  showsProBadge,
  truncateChatText,
} from '@sportspyder/core';
import { SpoilerBlur, useLinkComponent } from '@sportspyder/react';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { ChatAvatar } from './ChatAvatar.js';

/** What a member can do to a message (the screen decides what each does). */
export interface MessageActions {
  /** Likes or unlikes. */
  like(message: Message): void;
  /** Opens the report form. */
  report(message: Message): void;
  /** Asks before deleting. */
  remove(message: Message): void;
  /** Opens the copy-link dialog. */
  copyLink(message: Message): void;
  /** Opens the author's card. */
  userCard(user: ChatUser): void;
}

/** Props of {@link MessageItem}. */
export interface MessageItemProps {
  /** The message as the list shows it. */
  item: ChatItem;
  /** The reader's id (own messages can be deleted), or null. */
  currentUserId: number | null;
  /** True when the reader moderates the place (may delete any message). */
  canModerate?: boolean;
  /** True when the author moderates the channel. */
  authorIsModerator?: boolean;
  /** The actions. */
  actions: MessageActions;
  /** Opens the message's thread (channel messages); absent for replies and comments. */
  onOpenThread?: ((message: Message) => void) | undefined;
  /** Replies to the message (opens the reply tray). */
  onReply?: ((message: Message) => void) | undefined;
  /**
   * Whether the member has a spoiler shield on (the site's `useShieldOn`, read once by the list's
   * owner): a live message naming a score is then blurred. A prop, not a hook here, so the row renders
   * without the client's provider (the Preact build of the list).
   */
  spoilerShieldOn?: boolean | undefined;
}

const TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function SharedItem({ message }: { message: Message }) {
  const Link = useLinkComponent();
  if (message.article) {
    return (
      <p className="ss-chat-msg__share">
        <span className="ss-chat-msg__share-kind">Article</span>{' '}
        <Link href={`/articles/${message.article.id}`}>
          {truncateChatText(message.article.title, 'title')}
        </Link>
      </p>
    );
  }
  if (message.episode) {
    return (
      <p className="ss-chat-msg__share">
        <span className="ss-chat-msg__share-kind">Episode</span>{' '}
        <Link href={`/podcasts/${message.episode.podcastId}/episodes/${message.episode.id}`}>
          {truncateChatText(message.episode.title, 'title')}
        </Link>
      </p>
    );
  }
  return null;
}

/** A message with its actions. */
export const MessageItem = memo(function MessageItem({
  item,
  currentUserId,
  canModerate = false,
  authorIsModerator = false,
  actions,
  onOpenThread,
  onReply,
  spoilerShieldOn = false,
}: MessageItemProps) {
  const { message, liked, isNew, highlighted } = item;
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const text = useRef<HTMLParagraphElement>(null);
  const body = messageBody(message, { expanded, overflows });
  // Long lines wrap past 3 lines without any newline: measure the clamped paragraph once laid out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the content changes
  useLayoutEffect(() => {
    const el = text.current;
    if (!el || expanded) return;
    setOverflows(el.scrollHeight > el.clientHeight + 1);
  }, [expanded, message.content]);
  const own = currentUserId != null && message.user.id === currentUserId;
  const name = chatAuthorName(message.user);
  const likes = message.likesCount ?? 0;
  const created = message.createdAt ? new Date(message.createdAt) : null;
  return (
    <div
      className={`ss-chat-msg${isNew ? ' ss-chat-msg--new' : ''}${highlighted ? ' ss-chat-msg--highlighted' : ''}${body.deleted ? ' ss-chat-msg--deleted' : ''}`}
      data-testid="chat-message"
      data-message-id={message.id}
    >
      <ChatAvatar user={message.user} />
      <div className="ss-chat-msg__main">
        <p className="ss-chat-msg__meta">
          <button
            type="button"
            className={`ss-chat-msg__author ss-chat-text--${message.user.chatColor || 'Default'}`}
            onClick={() => actions.userCard(message.user)}
          >
            {name}
          </button>
          {showsProBadge(message.user) && <span className="ss-chat-badge ss-chat-badge--pro">PRO</span>}
          {authorIsModerator && <span className="ss-chat-badge">Mod</span>}
          {created && (
            <time className="ss-chat-msg__time" dateTime={message.createdAt}>
              {TIME.format(created)}
            </time>
          )}
        </p>
        {body.share ? (
          <SharedItem message={message} />
        ) : (
          // The spoiler shield (issue 49): a message naming a hidden result is blurred until revealed.
          <SpoilerBlur
            hidden={!body.deleted && chatMessageHidden(message, spoilerShieldOn)}
            text={message.content}
          >
            <p
              ref={text}
              className={`ss-chat-msg__text${!expanded && !body.deleted ? ' ss-chat-msg__text--clamp' : ''}`}
            >
              {body.segments.map((segment, index) =>
                segment.type === 'link' ? (
                  <a
                    // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder
                    key={index}
                    href={segment.href}
                    rel={CHAT_LINK_REL}
                    target="_blank"
                  >
                    {segment.text}
                  </a>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder
                  <span key={index}>{segment.text}</span>
                ),
              )}
            </p>
          </SpoilerBlur>
        )}
        {body.toggleLabel && (
          <button type="button" className="ss-chat-link-button" onClick={() => setExpanded(true)}>
            {body.toggleLabel}
          </button>
        )}
        {!body.deleted && (
          <div className="ss-chat-msg__actions">
            {onReply && (
              <button type="button" className="ss-chat-action" onClick={() => onReply(message)}>
                Reply
              </button>
            )}
            {onOpenThread && message.repliesCount > 0 && (
              <button
                type="button"
                className={`ss-chat-action ss-chat-msg__replies${highlighted ? ' ss-chat-msg__replies--new' : ''}`}
                onClick={() => onOpenThread(message)}
              >
                {message.repliesCount} {message.repliesCount === 1 ? 'reply' : 'replies'}
              </button>
            )}
            <button
              type="button"
              className={`ss-chat-action${liked ? ' ss-chat-action--on' : ''}`}
              aria-pressed={liked}
              aria-label={`Like, ${likes} ${likes === 1 ? 'like' : 'likes'}`}
              onClick={() => actions.like(message)}
            >
              <span aria-hidden="true">♥</span> {likes}
            </button>
            <button type="button" className="ss-chat-action" onClick={() => actions.copyLink(message)}>
              Copy link
            </button>
            {own || canModerate ? (
              <button type="button" className="ss-chat-action" onClick={() => actions.remove(message)}>
                Delete
              </button>
            ) : (
              <button type="button" className="ss-chat-action" onClick={() => actions.report(message)}>
                Report
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
});
