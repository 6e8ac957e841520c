/**
 * A thread: a message and its replies (spec 3 §4), live on ChatThreadChannel. Replies are read
 * oldest first ('asc', the default) or newest first ('desc'). A live reply from someone else, while
 * oldest first with pages still unread, is not shown but counted in `newCount` (it belongs after
 * them); otherwise it is added at its end (prepended newest first, appended oldest first) and marked
 * new. The reader's own reply turns the thread newest first, so it shows on top. Deleted or edited
 * replies change in place and are never marked new. A reconnection catches up over REST.
 * @module
 */
import type { Message, MessageList, MessageResponse, ReplySort } from '@sportspyder/contract';
import { apiPath } from '../content/resource-path.js';
import { createValueStore, type Observable } from '../store.js';
import type { ChatContext, FeedHandle } from './chat-context.js';
import { joinStores } from './joined-store.js';
import { catchUpNewestFirst, createLiveList, type LiveListSnapshot } from './live-list.js';

/** The default order of replies. */
export const DEFAULT_REPLY_SORT: ReplySort = 'asc';

/** What a thread shows. */
export interface ThreadSnapshot extends LiveListSnapshot {
  /** The message the replies answer (null until read). */
  readonly parent: Message | null;
  /** True when the signed-in member likes the parent. */
  readonly parentLiked: boolean;
  /** The order of the replies. */
  readonly sort: ReplySort;
  /** Replies that arrived live beyond the unread pages (oldest first only). */
  readonly newCount: number;
}

/** A thread's store. */
export interface ThreadStore extends Observable<ThreadSnapshot> {
  /** Shows the replies in `sort` order (reloads from the first page). */
  setSort(sort: ReplySort): Promise<void>;
  /** Shows the counted new replies: turns the thread newest first. */
  showNew(): Promise<void>;
  /** Loads the next page of replies. */
  loadMore(): Promise<void>;
  /** Loads the replies down to the page that holds reply `id` (a `?replyId=` link). */
  loadThrough(id: number): Promise<void>;
  /** Clears the 'new' marks. */
  clearNew(): void;
  /** Waits for running loads (tests). */
  settled(): Promise<void>;
}

const REPLIES = '/api/v1/messages/:messageId/replies';
const MESSAGE = '/api/v1/messages/:id';

/** Builds a thread's store (use `chat.thread(id)`, which shares one per message). */
export function createThreadStore(ctx: ChatContext, messageId: number): ThreadStore {
  const path = apiPath(REPLIES, { messageId });
  let sort: ReplySort = DEFAULT_REPLY_SORT;
  const extra = createValueStore<{
    parent: Message | null;
    parentLiked: boolean;
    sort: ReplySort;
    newCount: number;
  }>({
    parent: null,
    parentLiked: false,
    sort,
    newCount: 0,
  });
  // Replies counted rather than shown, so a catch-up bringing one again does not count it twice.
  const counted = new Set<number>();
  const fetchSorted = (order: ReplySort, page: number) =>
    ctx.api.get<MessageList>(path, {
      query: { sort: order, page },
      handleNotFound: false,
      handleRateLimit: false,
    });

  function flip(next: ReplySort): Promise<void> {
    sort = next;
    counted.clear();
    extra.update({ sort: next, newCount: 0 });
    return replies.reload();
  }

  const replies = createLiveList({
    ctx,
    subscribe: (handlers) => ctx.realtime.subscribe('ChatThreadChannel', { messageId }, handlers),
    fetchPage: (page) => fetchSorted(sort, page),
    fetchAround: (id) =>
      ctx.api.get<MessageList>(path, {
        query: { sort, around: id },
        handleNotFound: false,
        handleRateLimit: false,
      }),
    fetchSort: () => sort,
    displaySort: () => sort,
    catchUp: (afterId) => catchUpNewestFirst((page) => fetchSorted('desc', page), afterId),
    accepts: (message) => message.parentId === messageId,
    hooks: {
      onNew(message) {
        if (message.user.id === ctx.currentUserId()) {
          if (sort === 'desc') return false;
          void flip('desc');
          return true;
        }
        if (sort === 'asc' && replies.getSnapshot().hasMore) {
          if (!counted.has(message.id)) {
            counted.add(message.id);
            extra.update({ newCount: extra.getSnapshot().newCount + 1 });
          }
          return true;
        }
        return false;
      },
    },
  });

  // The parent atop the thread follows likes and deletion like any list's message.
  const parentHandle: FeedHandle = {
    has: (id) => id === messageId,
    accepts: () => false,
    receive: (message) => extra.update({ parent: message }),
    patch: (id, change) => {
      const parent = extra.getSnapshot().parent;
      if (id === messageId && parent) extra.update({ parent: change(parent) });
    },
  };

  let parentLoad: Promise<void> = Promise.resolve();
  const joined = joinStores(replies, extra, () => {
    const offParent = ctx.register(parentHandle);
    const likedNow = () => extra.update({ parentLiked: ctx.likes.isLiked(messageId) });
    const offLikes = ctx.likes.subscribe(likedNow);
    likedNow();
    if (!extra.getSnapshot().parent) {
      parentLoad = ctx.api
        .get<MessageResponse>(apiPath(MESSAGE, { id: messageId }), { handleNotFound: false })
        .then(({ message }) => extra.update({ parent: message }))
        .catch(() => undefined);
    }
    return () => {
      offParent();
      offLikes();
    };
  });

  return {
    getSnapshot: joined.getSnapshot,
    subscribe: joined.subscribe,
    setSort: (next) => (next === sort ? Promise.resolve() : flip(next)),
    showNew: () => flip('desc'),
    loadMore: () => replies.loadMore(),
    loadThrough: (id) => replies.loadThrough(id),
    clearNew: () => replies.clearNew(),
    async settled() {
      await parentLoad;
      await replies.settled();
    },
  };
}
