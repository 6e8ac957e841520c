// The team's chat channel, live: messages arrive over the realtime socket as members post them.
// Visitors read along; posting needs a signed-in SportSpyder member (chat.composer(...).send()).
import { messageBody, pickChannel } from '@sportspyder/core';
import { useChannelMessages, useChatChannels } from '@sportspyder/react';

export function ChatPanel({ teamSlug }: { teamSlug: string }) {
  const channels = useChatChannels({ teamId: teamSlug });
  // The team's default channel (the one the server marks selected, else the first).
  const channel = pickChannel(channels.data ?? []);
  const { items, status, connection } = useChannelMessages(channel?.id);
  return (
    <section className="panel chat" aria-labelledby="chat-heading">
      <h2 id="chat-heading">{channel ? `${channel.name} chat` : 'Chat'}</h2>
      {connection === 'live' && <p className="chat__live">Live</p>}
      {status === 'error' && <p role="alert">The chat could not be loaded.</p>}
      {status === 'success' && items.length === 0 && <p>No messages yet. Say something on SportSpyder!</p>}
      {/* A log: screen readers announce new messages as they are added at the bottom. */}
      <div role="log" aria-label="Messages">
        <ol className="chat__messages">
          {items.map(({ message }) => (
            <li key={message.id} data-testid="chat-message">
              <strong>{message.user.displayName || message.user.username}</strong> {messageBody(message).text}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
