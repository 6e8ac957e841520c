/**
 * A chat message link (spec 3 §2): `/channels/:channelId/messages/:id` opens the message's thread
 * in its channel; `?replyId=` points out one reply of it, `?messageId=` (the article and episode
 * links' parameter) is taken the same way. Its panes are local: the address stays the shared one.
 * The channel is read by id (`GET api/v1/channels/:id`) for its real name and moderators, so the
 * channel's moderators get their Delete here too (issue 48).
 * @module
 */
import type { Channel } from '@sportspyder/contract';
import { chatChannelKey, fetchChatChannel } from '@sportspyder/core';
import { useClient, useResource } from '@sportspyder/react';
import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../hooks/useDocumentTitle.js';
import { numericId } from '../news/useNewsContent.js';
import { ChatView } from './ChatView.js';

/** The message link page. */
export function MessageLinkPage() {
  useDocumentTitle('Chat Message');
  const params = useParams();
  const [search] = useSearchParams();
  const channelId = numericId(params.channelId);
  const messageId = numericId(params.id);
  const highlightId = numericId(search.get('replyId') ?? search.get('messageId') ?? undefined);
  // Only the channel's id is in the link: its name and moderators are read; its messages and thread
  // come from the chat as usual.
  const client = useClient();
  const read = useResource(
    channelId ? chatChannelKey(channelId) : 'channel:none',
    () => fetchChatChannel(client, channelId ?? 0),
    { enabled: Boolean(channelId) },
  );
  const found = read.data;
  const channels = useMemo<Channel[]>(() => (found ? [found] : []), [found]);
  const [open, setOpen] = useState<{ key: string; threadId: number | null }>({ key: '', threadId: null });
  const key = `${channelId}:${messageId}`;
  const threadId = open.key === key ? open.threadId : messageId;
  return (
    <article className="ss-page ss-chat-page">
      <header className="ss-page__header">
        <h1 className="ss-page__title">Chat Message</h1>
      </header>
      {read.status === 'error' ? (
        <p className="ss-page__description">This message's channel could not be found.</p>
      ) : channelId && messageId ? (
        <ChatView
          channels={channels}
          channelId={channelId}
          threadId={threadId}
          highlightId={highlightId}
          onNavigate={(_channel, thread) => setOpen({ key, threadId: thread })}
          label="Chat message"
        />
      ) : (
        <p className="ss-page__description">This message link is not valid.</p>
      )}
    </article>
  );
}
