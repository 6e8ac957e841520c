/**
 * The chat box (spec 3 §2, §4, §9): three sliding panes — the channel list, the channel and the
 * thread — in a box of the spec's height for where it is shown (660 on chat pages, 400 in
 * sidebars, 350 under hero stories). Opening a thread or replying slides to the thread; changing
 * the channel or the message closes the thread and leaves reply mode. Which channel and thread are
 * open is the caller's (the route on chat pages, local state in sidebars), so every pane of a chat
 * page has an address. The panes out of view are inert.
 * @module
 */
import type { Channel, Message } from '@sportspyder/contract';
import {
  CHAT_HEIGHTS,
  type ChannelScope,
  type ChatHeightVariant,
  chatListHeight,
  GENERAL_CHANNELS,
  pickChannel,
  truncateChatText,
} from '@sportspyder/core';
import { useChatChannels, useSession } from '@sportspyder/react';
import { useCallback, useRef, useState } from 'react';
import { ChannelListPane } from './ChannelListPane.js';
import { ChannelPane } from './ChannelPane.js';
import type { ComposerHandle } from './Composer.js';
import { ThreadPane } from './ThreadPane.js';
import { useChatInteractions } from './useChatInteractions.js';
import './chat.css';

/** Props of {@link ChatView}. */
export interface ChatViewProps {
  /** The place whose channels are listed (a sport's or a team's); the general ones follow. */
  scope?: ChannelScope | undefined;
  /** A fixed channel list instead (a message link knows only its channel). */
  channels?: readonly Channel[] | undefined;
  /** The open channel (null: the list's default). */
  channelId: number | null;
  /** The open thread's message, or null. */
  threadId: number | null;
  /** Opens a channel and, or, a thread. */
  onNavigate: (channelId: number, threadId: number | null) => void;
  /** Where the box is shown (its height, spec 3 §9). */
  variant?: ChatHeightVariant;
  /** A reply to point out in the thread. */
  highlightId?: number | null | undefined;
  /** Names the box. */
  label: string;
}

/** Height of the thread's header (snippet, the message, the sort) taken from its list. */
const THREAD_HEAD = 150;

/** The chat box. */
export function ChatView({
  scope,
  channels: fixed,
  channelId,
  threadId,
  onNavigate,
  variant = 'default',
  highlightId,
  label,
}: ChatViewProps) {
  const { user } = useSession();
  const currentUserId = user?.id ?? null;
  const own = useChatChannels(scope ?? GENERAL_CHANNELS, { enabled: Boolean(scope) && !fixed });
  const general = useChatChannels(GENERAL_CHANNELS, { enabled: !fixed });
  const placeChannels = fixed ?? (scope ? (own.data ?? []) : []);
  const generalChannels = fixed ? [] : (general.data ?? []);
  const all = [...placeChannels, ...generalChannels];
  const channel = pickChannel(all, channelId);
  const [listOpen, setListOpen] = useState(false);
  // Reply mode belongs to one thread: another channel or message leaves it (spec 3 §2).
  const [reply, setReply] = useState<{ threadId: number; message: Message } | null>(null);
  const replyTo = reply && reply.threadId === threadId ? reply.message : null;
  const channelComposer = useRef<ComposerHandle | null>(null);
  const threadComposer = useRef<ComposerHandle | null>(null);
  const interactions = useChatInteractions({
    moderators: channel?.moderators,
    onMention: (username) => (threadId ? threadComposer : channelComposer).current?.mention(username),
  });

  const channelRef = useRef(channel);
  channelRef.current = channel;
  const openThread = useCallback(
    (message: Message) => {
      const open = channelRef.current;
      if (open) onNavigate(open.id, message.id);
    },
    [onNavigate],
  );
  const replyToMessage = useCallback(
    (message: Message) => {
      const open = channelRef.current;
      if (!open) return;
      const root = message.parentId ?? message.id;
      setReply({ threadId: root, message });
      onNavigate(open.id, root);
      requestAnimationFrame(() => threadComposer.current?.focus());
    },
    [onNavigate],
  );

  const pane = listOpen || !channel ? 'channels' : threadId ? 'thread' : 'channel';
  const index = pane === 'channels' ? 0 : pane === 'channel' ? 1 : 2;
  const listHeight = chatListHeight(variant);
  const title =
    pane === 'channels' ? 'Channels' : pane === 'thread' ? 'Thread' : channel ? `# ${channel.name}` : 'Chat';

  return (
    <section
      className={`ss-chat ss-chat--${variant}`}
      style={{ height: CHAT_HEIGHTS[variant] }}
      aria-label={label}
      data-pane={pane}
    >
      <header className="ss-chat__bar">
        {pane === 'thread' && channel ? (
          // The bar names the channel as a context label, cut at 24 characters (core's rule, spec 3
          // §2); the button's name stays the whole channel name.
          <button
            type="button"
            className="ss-chat__nav"
            aria-label={`← ${channel.name}`}
            title={channel.name}
            onClick={() => onNavigate(channel.id, null)}
          >
            ← {truncateChatText(channel.name, 'contextLabel')}
          </button>
        ) : pane === 'channel' ? (
          <button type="button" className="ss-chat__nav" onClick={() => setListOpen(true)}>
            ☰ Channels
          </button>
        ) : channel ? (
          <button type="button" className="ss-chat__nav" onClick={() => setListOpen(false)}>
            ← Back
          </button>
        ) : null}
        <h2 className="ss-chat__title">{title}</h2>
        <button
          type="button"
          className="ss-chat__nav"
          aria-label="Messaging settings"
          onClick={interactions.openSettings}
        >
          ⚙
        </button>
      </header>
      <div className="ss-chat__viewport">
        <div className="ss-chat__track" style={{ transform: `translateX(-${(index * 100) / 3}%)` }}>
          <div className="ss-chat-pane" inert={index !== 0}>
            <ChannelListPane
              channels={placeChannels}
              general={generalChannels}
              selectedId={channel?.id ?? null}
              loading={own.status === 'loading' || general.status === 'loading'}
              onSelect={(next) => {
                setListOpen(false);
                setReply(null);
                onNavigate(next.id, null);
              }}
            />
          </div>
          <div className="ss-chat-pane" inert={index !== 1}>
            {channel && (
              <ChannelPane
                key={channel.id}
                channel={channel}
                listHeight={listHeight}
                currentUserId={currentUserId}
                interactions={interactions}
                onOpenThread={openThread}
                onReply={replyToMessage}
                composerRef={channelComposer}
              />
            )}
          </div>
          <div className="ss-chat-pane" inert={index !== 2}>
            {channel && threadId && (
              <ThreadPane
                key={threadId}
                messageId={threadId}
                channel={channel}
                listHeight={Math.max(120, listHeight - THREAD_HEAD)}
                currentUserId={currentUserId}
                interactions={interactions}
                replyTo={replyTo}
                onReply={replyToMessage}
                onCancelReply={() => setReply(null)}
                highlightId={highlightId}
                composerRef={threadComposer}
              />
            )}
          </div>
        </div>
      </div>
      {interactions.dialogs}
    </section>
  );
}
