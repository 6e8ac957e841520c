/**
 * The thread pane (spec 3 §2, §4): a message (its snippet cut at 95 characters in the header) and
 * its replies, live, oldest or newest first; replies that arrive beyond unread pages wait in a
 * '{n} new replies' button; the reader's own reply turns the thread newest first. The composer
 * replies to the thread, with the reply tray quoting the message being answered.
 * @module
 */
import type { Channel, Message, ReplySort } from '@sportspyder/contract';
import {
  type ChatItem,
  canModerate as canModerateIn,
  chatAuthorName,
  messageBody,
  truncateChatText,
} from '@sportspyder/core';
import { useSession, useThread } from '@sportspyder/react';
import { type RefObject, useCallback, useEffect, useId } from 'react';
import { Composer, type ComposerHandle } from './Composer.js';
import { MessageItem } from './MessageItem.js';
import { MessageList } from './MessageList.js';
import type { ChatInteractions } from './useChatInteractions.js';

/** Props of {@link ThreadPane}. */
export interface ThreadPaneProps {
  /** The thread's message id. */
  messageId: number;
  /** Its channel. */
  channel: Channel;
  /** The list's height in px. */
  listHeight: number;
  /** The reader's id, or null. */
  currentUserId: number | null;
  /** The screen's interactions. */
  interactions: ChatInteractions;
  /** The message being replied to (reply mode), or null. */
  replyTo: Message | null;
  /** Replies to a message of the thread. */
  onReply: (message: Message) => void;
  /** Leaves reply mode. */
  onCancelReply: () => void;
  /** A reply to point out (a `?replyId=` link). */
  highlightId?: number | null | undefined;
  /** The composer's handle. */
  composerRef: RefObject<ComposerHandle | null>;
}

/** The thread pane. */
export function ThreadPane({
  messageId,
  channel,
  listHeight,
  currentUserId,
  interactions,
  replyTo,
  onReply,
  onCancelReply,
  highlightId,
  composerRef,
}: ThreadPaneProps) {
  const thread = useThread(messageId);
  const sortId = useId();
  const { user } = useSession();
  // Admins moderate every channel, a channel's moderators theirs (core's rule, as the server's).
  const canModerate = canModerateIn(user, channel);
  const renderItem = useCallback(
    (item: ChatItem) => (
      <div className={item.message.id === highlightId ? 'ss-chat-linked' : undefined}>
        <MessageItem
          item={item}
          currentUserId={currentUserId}
          canModerate={canModerate}
          authorIsModerator={channel.moderators.includes(item.message.user.id)}
          actions={interactions.actions}
          onReply={onReply}
        />
      </div>
    ),
    [currentUserId, canModerate, channel.moderators, interactions.actions, onReply, highlightId],
  );
  // A `?replyId=` link to a reply beyond the loaded pages loads down to its page.
  const linkedShown = thread.items.some((item) => item.message.id === highlightId);
  const { status, loadThrough } = thread;
  useEffect(() => {
    if (highlightId != null && status === 'success' && !linkedShown) void loadThrough(highlightId);
  }, [highlightId, status, linkedShown, loadThrough]);
  const parent = thread.parent;
  const parentText = parent ? messageBody(parent).text || parent.content : '';
  return (
    <>
      <div className="ss-chat-thread__head">
        <p className="ss-chat-thread__snippet">
          {parent ? (
            <>
              <strong>{chatAuthorName(parent.user)}</strong>: {truncateChatText(parentText, 'replySnippet')}
            </>
          ) : (
            'Loading…'
          )}
        </p>
        {parent && (
          <MessageItem
            item={{ message: parent, liked: thread.parentLiked, isNew: false, highlighted: false }}
            currentUserId={currentUserId}
            canModerate={canModerate}
            authorIsModerator={channel.moderators.includes(parent.user.id)}
            actions={interactions.actions}
            onReply={onReply}
          />
        )}
        <div className="ss-chat-thread__tools">
          <label htmlFor={sortId}>Sort replies</label>
          <select
            id={sortId}
            value={thread.sort}
            onChange={(event) => void thread.setSort(event.currentTarget.value as ReplySort)}
          >
            <option value="asc">Oldest first</option>
            <option value="desc">Newest first</option>
          </select>
          {thread.newCount > 0 && (
            <button
              type="button"
              className="ss-button ss-chat-thread__new"
              onClick={() => void thread.showNew()}
            >
              {thread.newCount} new {thread.newCount === 1 ? 'reply' : 'replies'}
            </button>
          )}
        </div>
      </div>
      <MessageList
        items={thread.items}
        newestAt={thread.sort === 'asc' ? 'bottom' : 'top'}
        loadMoreAt="bottom"
        label="Replies"
        height={listHeight}
        currentUserId={currentUserId}
        renderItem={renderItem}
        hasMore={thread.hasMore}
        loadingMore={thread.loadingMore}
        onLoadMore={thread.loadMore}
        onSeenLatest={thread.clearNew}
        scrollToId={highlightId}
        empty={thread.status === 'success' ? 'No replies yet.' : 'Loading replies…'}
      />
      <Composer
        target={{ channelId: channel.id, parentId: messageId }}
        label="Reply in thread"
        sendLabel="Send reply"
        settle={interactions.settle}
        replyTo={replyTo}
        onCancelReply={onCancelReply}
        mentionSource={parent ? [parent, ...thread.items.map((item) => item.message)] : undefined}
        handleRef={composerRef}
      />
    </>
  );
}
