/**
 * The virtualised message list of chat (issue 14): only the rows in view (and a few around them)
 * are in the DOM, measured as they render (@tanstack/react-virtual), so a channel of 10,000
 * messages scrolls without long tasks. The rules of spec 3 §4: with the newest at the bottom the
 * list opens at the newest message, follows new ones while the reader is within 20 px of it
 * (`CHAT_SCROLL_THRESHOLD`) or wrote them, keeps the reading position when older pages arrive on
 * top, and offers 'Go to latest' when scrolled away. Router-free; compiles under preact/compat for
 * the chat embed.
 * @module
 */
import {
  CHAT_SCROLL_THRESHOLD,
  type ChatItem,
  GO_TO_LATEST_LABEL,
  shouldAutoScroll,
} from '@sportspyder/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

/** Props of {@link MessageList}. */
export interface MessageListProps {
  /** The messages in display order. */
  items: readonly ChatItem[];
  /** Where the newest message is: 'bottom' (a channel, replies oldest first) or 'top'. */
  newestAt: 'bottom' | 'top';
  /** Names the list. */
  label: string;
  /** The list's height in px. */
  height: number;
  /** The reader's id (a message they wrote is always scrolled to). */
  currentUserId: number | null;
  /** Renders one message. */
  renderItem: (item: ChatItem) => ReactNode;
  /** True when older messages (newest at the bottom) or further replies can be loaded. */
  hasMore?: boolean;
  /** True while they load. */
  loadingMore?: boolean;
  /** Loads them. */
  onLoadMore?: () => void;
  /** Where further pages go: 'top' (older messages above a channel) or 'bottom' (a thread's next page). */
  loadMoreAt?: 'top' | 'bottom';
  /** The label of the button loading them. */
  loadMoreLabel?: string;
  /** The reader reached the newest messages: clear the 'new' marks. */
  onSeenLatest?: () => void;
  /** Shown when there is no message. */
  empty?: ReactNode;
  /** A linked message (`?replyId=`) to scroll to once it is in the list. */
  scrollToId?: number | null | undefined;
}

/** A row's first guess before it is measured. */
const ESTIMATED_ROW = 76;
/** Pixels from the top at which older messages start loading (newest at the bottom). */
const LOAD_OLDER_AT = 160;
const THRESHOLD = Math.abs(CHAT_SCROLL_THRESHOLD);

/** The message list. */
export function MessageList({
  items,
  newestAt,
  label,
  height,
  currentUserId,
  renderItem,
  hasMore = false,
  loadingMore = false,
  onLoadMore,
  loadMoreAt = newestAt === 'bottom' ? 'top' : 'bottom',
  loadMoreLabel = loadMoreAt === 'top' ? 'Load older messages' : 'Load more replies',
  onSeenLatest,
  empty,
  scrollToId,
}: MessageListProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const bottom = newestAt === 'bottom';
  const [atLatest, setAtLatest] = useState(true);
  const loadRef = useRef({ hasMore, loadingMore, onLoadMore, onSeenLatest });
  loadRef.current = { hasMore, loadingMore, onLoadMore, onSeenLatest };

  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_ROW,
    getItemKey: (index) => items[index]?.message.id ?? index,
    overscan: 6,
    initialRect: { width: 0, height },
    // Newest at the bottom: keep the reading position when older pages are prepended, and follow
    // appended messages while within the threshold of the end (spec 3 §4, §9).
    ...(bottom ? { anchorTo: 'end' as const, followOnAppend: true, scrollEndThreshold: THRESHOLD } : {}),
    onChange: (instance) => {
      const offset = instance.scrollOffset ?? 0;
      const latest = bottom ? instance.isAtEnd(THRESHOLD) : offset <= THRESHOLD;
      setAtLatest(latest);
      const load = loadRef.current;
      if (latest) load.onSeenLatest?.();
      if (loadMoreAt === 'top' && offset < LOAD_OLDER_AT && instance.getTotalSize() > height) {
        if (load.hasMore && !load.loadingMore) load.onLoadMore?.();
      }
    },
  });

  // Opens at the newest message once the first messages are there.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || items.length === 0) return;
    opened.current = true;
    if (bottom) virtualizer.scrollToEnd();
  }, [items.length, bottom, virtualizer]);

  // A linked message is scrolled to once, when its page has arrived (it may be an older page).
  const linkedIndex = scrollToId == null ? -1 : items.findIndex((item) => item.message.id === scrollToId);
  const scrolledTo = useRef<number | null>(null);
  useEffect(() => {
    if (linkedIndex < 0 || scrolledTo.current === scrollToId) return;
    scrolledTo.current = scrollToId ?? null;
    virtualizer.scrollToIndex(linkedIndex, { align: 'center' });
  }, [linkedIndex, scrollToId, virtualizer]);

  // The reader's own new message is scrolled to wherever they were (spec 3 §4).
  const newestId = items.length > 0 ? (bottom ? items[items.length - 1] : items[0])?.message.id : undefined;
  const lastNewest = useRef(newestId);
  useEffect(() => {
    const previous = lastNewest.current;
    lastNewest.current = newestId;
    if (newestId === undefined || previous === undefined || newestId <= previous) return;
    const newest = bottom ? items[items.length - 1] : items[0];
    const own = newest?.message.user.id === currentUserId;
    if (!shouldAutoScroll({ nearLatest: atLatest, ownMessage: own })) return;
    if (bottom) virtualizer.scrollToEnd();
    else virtualizer.scrollToOffset(0);
  }, [newestId, items, bottom, currentUserId, atLatest, virtualizer]);

  const goToLatest = useCallback(() => {
    if (bottom) virtualizer.scrollToEnd();
    else virtualizer.scrollToOffset(0);
    loadRef.current.onSeenLatest?.();
    scroller.current?.focus();
  }, [bottom, virtualizer]);

  const rows = virtualizer.getVirtualItems();
  return (
    <div className="ss-chat-list" style={{ height }}>
      {loadMoreAt === 'top' && hasMore && (
        <button
          type="button"
          className="ss-chat-link-button ss-chat-list__more"
          disabled={loadingMore}
          onClick={() => onLoadMore?.()}
        >
          {loadingMore ? 'Loading…' : loadMoreLabel}
        </button>
      )}
      <section
        ref={scroller}
        className="ss-chat-list__scroller"
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
        tabIndex={0}
        onKeyDown={(event) => {
          // The browser's own Home/End scroll smoothly, and rows measured on the way move the target
          // under it: the virtualiser jumps by index instead, correcting as rows are measured.
          if (event.target !== event.currentTarget || items.length === 0) return;
          if (event.key === 'Home') {
            event.preventDefault();
            virtualizer.scrollToIndex(0, { align: 'start' });
          } else if (event.key === 'End') {
            event.preventDefault();
            virtualizer.scrollToIndex(items.length - 1, { align: 'end' });
          }
        }}
      >
        {items.length === 0 ? (
          <div className="ss-chat-list__empty">{empty}</div>
        ) : (
          <ul className="ss-chat-list__canvas" style={{ height: virtualizer.getTotalSize() }}>
            {rows.map((row) => {
              const item = items[row.index] as ChatItem;
              return (
                <li
                  key={row.key}
                  aria-setsize={items.length}
                  aria-posinset={row.index + 1}
                  data-index={row.index}
                  ref={virtualizer.measureElement}
                  className="ss-chat-list__row"
                  style={{ transform: `translateY(${row.start}px)` }}
                >
                  {renderItem(item)}
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {loadMoreAt === 'bottom' && hasMore && (
        <button
          type="button"
          className="ss-chat-link-button ss-chat-list__more"
          disabled={loadingMore}
          onClick={() => onLoadMore?.()}
        >
          {loadingMore ? 'Loading…' : loadMoreLabel}
        </button>
      )}
      {!atLatest && items.length > 0 && (
        <button type="button" className="ss-button ss-chat-list__latest" onClick={goToLatest}>
          {GO_TO_LATEST_LABEL}
        </button>
      )}
    </div>
  );
}
