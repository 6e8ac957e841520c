/**
 * The compact chat for pages that are not chat pages (sidebars, under hero stories): its code loads in
 * its own chunk, and only once its box comes near the viewport (`useNearViewport`), in a box already of
 * its final height so nothing moves when it arrives. On a phone it sits below the feed: mounted with
 * the page, its chunk and two chat reads competed with the feed's first screen (issue 46).
 * @module
 */
import { CHAT_HEIGHTS } from '@sportspyder/core';
import { lazy, Suspense } from 'react';
import { useNearViewport } from '../../hooks/useNearViewport.js';
import type { ChatPanelProps } from './ChatPanel.js';

const ChatPanel = lazy(() => import('./ChatPanel.js').then((m) => ({ default: m.ChatPanel })));

/** {@link ChatPanel}, loaded when it is about to be seen. */
export function LazyChatPanel(props: ChatPanelProps) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const placeholder = (
    <div ref={ref} className="ss-chat-panel__placeholder" style={{ height: CHAT_HEIGHTS[props.variant] }} />
  );
  if (!near) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <ChatPanel {...props} />
    </Suspense>
  );
}
