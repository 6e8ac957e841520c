/**
 * The live chat lists as React state: a channel's messages, a thread, comments and a composer,
 * each a thin adapter over the chat store core hands out (one per key, shared by every component
 * showing it; its socket and requests stop when the last one unmounts). A null id (a closed pane)
 * watches nothing.
 * @module
 */
import type {
  ChatComposer,
  CommentsOptions,
  CommentsSnapshot,
  CommentsStore,
  CommentTarget,
  ComposerSnapshot,
  LiveList,
  LiveListSnapshot,
  Observable,
  SendTarget,
  ThreadSnapshot,
  ThreadStore,
} from '@sportspyder/core';
import { useMemo } from 'react';
import { useStore } from '../hooks/useStore.js';
import { useChat } from './useChat.js';

const IDLE_LIST: LiveListSnapshot = Object.freeze({
  status: 'idle',
  items: Object.freeze([]),
  hasMore: false,
  loadingMore: false,
  connection: 'offline',
});
const IDLE_THREAD: ThreadSnapshot = Object.freeze({
  ...IDLE_LIST,
  parent: null,
  parentLiked: false,
  sort: 'asc',
  newCount: 0,
});
const IDLE_COMMENTS: CommentsSnapshot = Object.freeze({ ...IDLE_LIST, count: 0 });

const still = <T>(value: T): Observable<T> => ({
  getSnapshot: () => value,
  subscribe: () => () => undefined,
});
const NO_LIST = still(IDLE_LIST);
const NO_THREAD = still(IDLE_THREAD);
const NO_COMMENTS = still(IDLE_COMMENTS);
const nothing = () => Promise.resolve();

/** A channel's messages plus their controls. */
export interface ChannelMessagesState extends LiveListSnapshot {
  /** Loads older messages (infinite scroll upwards). */
  loadMore(): Promise<void>;
  /** Clears the 'new' marks. */
  clearNew(): void;
}

/**
 * A channel's messages, live (oldest first: newest at the bottom).
 *
 * @example
 * ```tsx
 * const { items, hasMore, loadMore } = useChannelMessages(channelId);
 * items.map(({ message, liked, isNew }) => <MessageRow key={message.id} message={message} liked={liked} isNew={isNew} />);
 * ```
 */
export function useChannelMessages(channelId: number | null | undefined): ChannelMessagesState {
  const chat = useChat();
  const store: LiveList | null = channelId ? chat.channelMessages(channelId) : null;
  const snapshot = useStore(store ?? NO_LIST);
  return useMemo(
    () => ({
      ...snapshot,
      loadMore: store ? store.loadMore : nothing,
      clearNew: store ? store.clearNew : () => undefined,
    }),
    [snapshot, store],
  );
}

/** A thread plus its controls. */
export interface ThreadState extends ThreadSnapshot {
  /** Shows the replies oldest ('asc') or newest ('desc') first. */
  setSort(sort: ThreadSnapshot['sort']): Promise<void>;
  /** Shows the counted new replies (newest first). */
  showNew(): Promise<void>;
  /** Loads the next page of replies. */
  loadMore(): Promise<void>;
  /** Loads the replies down to the page that holds reply `id` (a `?replyId=` link). */
  loadThrough(id: number): Promise<void>;
  /** Clears the 'new' marks. */
  clearNew(): void;
}

/**
 * A message's thread, live; null closes it.
 *
 * @example
 * ```tsx
 * const thread = useThread(replyId);
 * {thread.newCount > 0 && <button onClick={thread.showNew}>{thread.newCount} new</button>}
 * ```
 */
export function useThread(messageId: number | null | undefined): ThreadState {
  const chat = useChat();
  const store: ThreadStore | null = messageId ? chat.thread(messageId) : null;
  const snapshot = useStore(store ?? NO_THREAD);
  return useMemo(
    () => ({
      ...snapshot,
      setSort: store ? store.setSort : nothing,
      showNew: store ? store.showNew : nothing,
      loadMore: store ? store.loadMore : nothing,
      loadThrough: store ? store.loadThrough : nothing,
      clearNew: store ? store.clearNew : () => undefined,
    }),
    [snapshot, store],
  );
}

/** Comments plus their controls. */
export interface CommentsState extends CommentsSnapshot {
  /** Loads older comments. */
  loadMore(): Promise<void>;
  /** Loads older comments down to the page that holds comment `id` (a `?messageId=` link). */
  loadThrough(id: number): Promise<void>;
}

/**
 * An article's or an episode's comments with the live count.
 *
 * @example
 * ```tsx
 * const { items, count } = useComments({ articleId: 55 });
 * <h2>{count} comments</h2>
 * ```
 */
export function useComments(
  target: CommentTarget | null | undefined,
  options?: CommentsOptions,
): CommentsState {
  const chat = useChat();
  const key = target ? JSON.stringify(target) : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for target; options seed the store once
  const store: CommentsStore | null = useMemo(
    () => (target ? chat.comments(target, options) : null),
    [chat, key],
  );
  const snapshot = useStore(store ?? NO_COMMENTS);
  return useMemo(
    () => ({
      ...snapshot,
      loadMore: store ? store.loadMore : nothing,
      loadThrough: store ? store.loadThrough : nothing,
    }),
    [snapshot, store],
  );
}

/** A composer's state plus its actions. */
export interface ChatComposerState extends ComposerSnapshot {
  /** Sends; answers the outcome (act on 'sign-in-needed' and 'rules-needed'). */
  send: ChatComposer['send'];
  /** Shares an article or episode into the channel. */
  share: ChatComposer['share'];
  /** Hides the error banner. */
  dismissError(): void;
}

/**
 * The composer of a channel, a thread (`parentId`) or comments, with the cooldown and the banner.
 *
 * @example
 * ```tsx
 * const composer = useChatComposer({ channelId, parentId: replyId });
 * <button disabled={composer.sending || composer.coolingDown} onClick={() => composer.send(text)}>Send</button>
 * {composer.error && <p role="alert">{composer.error}</p>}
 * ```
 */
export function useChatComposer(target: SendTarget): ChatComposerState {
  const chat = useChat();
  const key = JSON.stringify(target);
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for target
  const composer = useMemo(() => chat.composer(target), [chat, key]);
  const snapshot = useStore(composer);
  return useMemo(
    () => ({ ...snapshot, send: composer.send, share: composer.share, dismissError: composer.dismissError }),
    [snapshot, composer],
  );
}
