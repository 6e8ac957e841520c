/**
 * Comments on an article or an episode (spec 3 §2, §4; spec 2 podcast pages): the live count (a
 * deleted comment takes one off, a new one adds one), the comment box ('Message posted
 * successfully!' once posted; a visitor gets the sign-in prompt, a member's first comment the
 * rules), the comments newest first with likes, report, delete and copy link, older ones on
 * demand, and a way to share the article or episode into a chat channel. A `?messageId=` link
 * points its comment out.
 * @module
 */
import { type CommentTarget, canModerate } from '@sportspyder/core';
import { useComments, useSession } from '@sportspyder/react';
import { useEffect, useRef } from 'react';
import { useShieldOn } from '../../spoilers/useSpoilerShield.js';
import { Composer, type ComposerHandle } from './Composer.js';
import { MessageItem } from './MessageItem.js';
import { type ShareRequest, useChatInteractions } from './useChatInteractions.js';
import './chat.css';

/** Props of {@link CommentsSection}. */
export interface CommentsSectionProps {
  /** What is commented on. */
  target: CommentTarget;
  /** The count known before the comments load (an episode's messagesCount). */
  initialCount?: number | undefined;
  /** The comment a `?messageId=` link names. */
  highlightId?: number | null | undefined;
  /** The article or episode, for 'Share in chat'. */
  share?: ShareRequest | undefined;
}

/** The comments of an article or an episode. */
export function CommentsSection({ target, initialCount, highlightId, share }: CommentsSectionProps) {
  const comments = useComments(target, { initialCount });
  const { user } = useSession();
  const composer = useRef<ComposerHandle | null>(null);
  const interactions = useChatInteractions({ onMention: (name) => composer.current?.mention(name) });
  const linked = useRef<HTMLLIElement>(null);
  const found = comments.items.some((item) => item.message.id === highlightId);
  useEffect(() => {
    if (found) linked.current?.scrollIntoView?.({ block: 'center' });
  }, [found]);
  // A `?messageId=` link to a comment older than the first page loads down to its page.
  const { status, loadThrough } = comments;
  useEffect(() => {
    if (highlightId != null && status === 'success' && !found) void loadThrough(highlightId);
  }, [highlightId, status, found, loadThrough]);
  const count = comments.count;
  // Comments have no moderators: admins only (core's rule, as the server's).
  const moderates = canModerate(user, null);
  const shieldOn = useShieldOn();
  return (
    <section className="ss-card ss-comments" aria-labelledby="comments-title">
      <div className="ss-comments__head">
        <h2 id="comments-title" className="ss-card__title">
          {count} {count === 1 ? 'Comment' : 'Comments'}
        </h2>
        {share && (
          <button
            type="button"
            className="ss-button ss-button--secondary"
            onClick={() => interactions.openShare(share)}
          >
            Share in chat
          </button>
        )}
      </div>
      <Composer
        target={target}
        label="Write a comment"
        sendLabel="Post"
        settle={interactions.settle}
        mentionSource={comments.items.map((item) => item.message)}
        handleRef={composer}
      />
      {comments.status === 'error' && comments.items.length === 0 && (
        <p className="ss-chat-hint">The comments could not be loaded. Try again later.</p>
      )}
      {comments.status === 'success' && comments.items.length === 0 && (
        <p className="ss-chat-hint">No comments yet. Be the first!</p>
      )}
      <ul className="ss-comments__list" aria-label="Comments">
        {comments.items.map((item) => (
          <li
            key={item.message.id}
            ref={item.message.id === highlightId ? linked : undefined}
            className={item.message.id === highlightId ? 'ss-chat-linked' : undefined}
          >
            <MessageItem
              item={item}
              currentUserId={user?.id ?? null}
              canModerate={moderates}
              actions={interactions.actions}
              spoilerShieldOn={shieldOn}
            />
          </li>
        ))}
      </ul>
      {comments.hasMore && (
        <button
          type="button"
          className="ss-button ss-button--secondary"
          disabled={comments.loadingMore}
          onClick={() => void comments.loadMore()}
        >
          {comments.loadingMore ? 'Loading…' : 'Load more comments'}
        </button>
      )}
      {interactions.dialogs}
    </section>
  );
}
