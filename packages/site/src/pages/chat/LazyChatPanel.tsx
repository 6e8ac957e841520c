/**
 * The compact chat for pages that are not chat pages (sidebars, under hero stories): its code
 * loads in its own chunk after the page, in a box already of its final height so nothing moves
 * when it arrives.
 * @module
 */
import { CHAT_HEIGHTS } from '@sportspyder/core';
import { lazy, Suspense } from 'react';
import type { ChatPanelProps } from './ChatPanel.js';

const ChatPanel = lazy(() => import('./ChatPanel.js').then((m) => ({ default: m.ChatPanel })));

/** {@link ChatPanel}, loaded on demand. */
export function LazyChatPanel(props: ChatPanelProps) {
  return (
    <Suspense
      fallback={
        <div className="ss-chat-panel__placeholder" style={{ height: CHAT_HEIGHTS[props.variant] }} />
      }
    >
      <ChatPanel {...props} />
    </Suspense>
  );
}
