/**
 * The channel pane (spec 3 §2, §4): a channel's messages, live, in the virtualised list (newest at
 * the bottom, older pages as the reader scrolls up), each with Reply and its replies count opening
 * the thread pane, and the composer.
 * @module
 */
import type { Channel, Message } from '@sportspyder/contract';
import { type ChatItem, canModerate as canModerateIn } from '@sportspyder/core';
import { useChannelMessages, useSession } from '@sportspyder/react';
import { type RefObject, useCallback } from 'react';
import { useShieldOn } from '../../spoilers/useSpoilerShield.js';
import { Composer, type ComposerHandle } from './Composer.js';
import { MessageItem } from './MessageItem.js';
import { MessageList } from './MessageList.js';
import type { ChatInteractions } from './useChatInteractions.js';

/** Props of {@link ChannelPane}. */
export interface ChannelPaneProps {
  /** The channel. */
  channel: Channel;
  /** The message list's height in px. */
  listHeight: number;
  /** The reader's id, or null. */
  currentUserId: number | null;
  /** The screen's interactions. */
  interactions: ChatInteractions;
  /** Opens a message's thread. */
  onOpenThread: (message: Message) => void;
  /** Opens a message's thread in reply mode. */
  onReply: (message: Message) => void;
  /** The composer's handle (mentions from the user card). */
  composerRef: RefObject<ComposerHandle | null>;
}

/** The channel pane. */
export function ChannelPane({
  channel,
  listHeight,
  currentUserId,
  interactions,
  onOpenThread,
  onReply,
  composerRef,
}: ChannelPaneProps) {
  const list = useChannelMessages(channel.id);
  const { user } = useSession();
  // Admins moderate every channel, a channel's moderators theirs (core's rule, as the server's).
  const canModerate = canModerateIn(user, channel);
  const shieldOn = useShieldOn();
  const renderItem = useCallback(
    (item: ChatItem) => (
      <MessageItem
        item={item}
        currentUserId={currentUserId}
        canModerate={canModerate}
        authorIsModerator={channel.moderators.includes(item.message.user.id)}
        actions={interactions.actions}
        onOpenThread={onOpenThread}
        onReply={onReply}
        spoilerShieldOn={shieldOn}
      />
    ),
    [currentUserId, canModerate, channel.moderators, interactions.actions, onOpenThread, onReply, shieldOn],
  );
  const messages = list.items.map((item) => item.message);
  return (
    <>
      <MessageList
        items={list.items}
        newestAt="bottom"
        label={`Messages in ${channel.name}`}
        height={listHeight}
        currentUserId={currentUserId}
        renderItem={renderItem}
        hasMore={list.hasMore}
        loadingMore={list.loadingMore}
        onLoadMore={list.loadMore}
        onSeenLatest={list.clearNew}
        empty={
          list.status === 'error'
            ? 'The messages could not be loaded. Try again later.'
            : list.status === 'success'
              ? 'No messages yet. Say hello!'
              : 'Loading messages…'
        }
      />
      <Composer
        target={{ channelId: channel.id }}
        label={`Message ${channel.name}`}
        settle={interactions.settle}
        mentionSource={messages}
        handleRef={composerRef}
      />
    </>
  );
}
