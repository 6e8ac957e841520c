/**
 * Chat beside or under other content (spec 3 §2 "Chat also appears in sport and team sidebars and
 * under hero stories"): the same chat box at the spec's sidebar (400) or short (350) height, its
 * panes kept locally so the page's address does not change, with a link to the full chat page.
 * @module
 */
import type { ChannelScope, ChatHeightVariant } from '@sportspyder/core';
import { useLinkComponent } from '@sportspyder/react';
import { useState } from 'react';
import { ChatView } from './ChatView.js';
import { type ChatPageScope, chatBasePath, chatPanePath } from './chatPaths.js';

/** Props of {@link ChatPanel}. */
export interface ChatPanelProps {
  /** The chat page it stands for. */
  place: ChatPageScope;
  /** Whose channels it lists. */
  scope: ChannelScope;
  /** 'sidebar' (400 px) or 'short' (350 px, under hero stories). */
  variant: Exclude<ChatHeightVariant, 'default'>;
  /** Names the box, e.g. 'Green Bay Packers chat'. */
  label: string;
}

/** The compact chat. */
export function ChatPanel({ place, scope, variant, label }: ChatPanelProps) {
  const Link = useLinkComponent();
  const [open, setOpen] = useState<{ channelId: number | null; threadId: number | null }>({
    channelId: null,
    threadId: null,
  });
  return (
    <div className="ss-chat-panel">
      <ChatView
        scope={scope}
        channelId={open.channelId}
        threadId={open.threadId}
        onNavigate={(channelId, threadId) => setOpen({ channelId, threadId })}
        variant={variant}
        label={label}
      />
      <p className="ss-chat-panel__more">
        <Link href={chatPanePath(chatBasePath(place), open.channelId, open.threadId)}>
          Open the full chat
        </Link>
      </p>
    </div>
  );
}
