/**
 * The comments of an article or an episode (spec 3 §2, §4; spec 2 §7): newest first, 25 a page,
 * live on ArticleCommentsChannel or EpisodeCommentsChannel, with their count: a deleted comment
 * takes one off, a new one adds one unless its push carries likes meta (a like count change, not
 * a comment). A reconnection catches up over REST.
 * @module
 */
import type { MessageList } from '@sportspyder/contract';
import { apiPath } from '../content/resource-path.js';
import { createValueStore, type Observable } from '../store.js';
import type { ChatContext } from './chat-context.js';
import { joinStores } from './joined-store.js';
import { catchUpNewestFirst, createLiveList, type LiveListSnapshot } from './live-list.js';

/** What is commented on. */
export type CommentTarget = { readonly articleId: number } | { readonly episodeId: number };

/** What a comments list shows. */
export interface CommentsSnapshot extends LiveListSnapshot {
  /** How many comments there are (deleted ones not counted). */
  readonly count: number;
}

/** A comments store. */
export interface CommentsStore extends Observable<CommentsSnapshot> {
  /** Loads older comments. */
  loadMore(): Promise<void>;
  /** Loads older comments down to the page that holds comment `id` (a `?messageId=` link). */
  loadThrough(id: number): Promise<void>;
  /** Clears the 'new' marks. */
  clearNew(): void;
  /** Waits for running loads (tests). */
  settled(): Promise<void>;
}

/** The key naming a target (`article:12`, `episode:5`). */
export function commentTargetKey(target: CommentTarget): string {
  return 'articleId' in target ? `article:${target.articleId}` : `episode:${target.episodeId}`;
}

/** The comments path of a target (`GET` lists, `POST` comments). */
export function commentsPath(target: CommentTarget): string {
  return 'articleId' in target
    ? apiPath('/api/v1/articles/:articleId/messages', { articleId: target.articleId })
    : apiPath('/api/v1/episodes/:episodeId/messages', { episodeId: target.episodeId });
}

/** Options of {@link createCommentsStore}. */
export interface CommentsOptions {
  /** The count known before the list loads (an episode's `messagesCount`). */
  initialCount?: number | undefined;
}

/** Builds a comments store (use `chat.comments(target)`, which shares one per target). */
export function createCommentsStore(
  ctx: ChatContext,
  target: CommentTarget,
  options: CommentsOptions = {},
): CommentsStore {
  const path = commentsPath(target);
  const extra = createValueStore<{ count: number }>({ count: options.initialCount ?? 0 });
  const bump = (delta: number) => extra.update({ count: Math.max(0, extra.getSnapshot().count + delta) });
  const fetchPage = (page: number) =>
    ctx.api.get<MessageList>(path, {
      query: { page, sort: 'desc' },
      handleNotFound: false,
      handleRateLimit: false,
    });

  const comments = createLiveList({
    ctx,
    subscribe: (handlers) =>
      'articleId' in target
        ? ctx.realtime.subscribe('ArticleCommentsChannel', { articleId: target.articleId }, handlers)
        : ctx.realtime.subscribe('EpisodeCommentsChannel', { episodeId: target.episodeId }, handlers),
    fetchPage,
    fetchAround: (id) =>
      ctx.api.get<MessageList>(path, {
        query: { around: id, sort: 'desc' },
        handleNotFound: false,
        handleRateLimit: false,
      }),
    fetchSort: () => 'desc',
    displaySort: () => 'desc',
    catchUp: (afterId) => catchUpNewestFirst(fetchPage, afterId),
    accepts: (message) =>
      message.channelId == null &&
      ('articleId' in target
        ? message.article?.id === target.articleId
        : message.episode?.id === target.episodeId),
    hooks: {
      onFirstPage(list) {
        // The server's total counts deleted comments too: on a single page they can be taken off;
        // beyond it the count given by the page (an episode's messagesCount) is the better one.
        const { totalCount, totalPages } = list.meta.pagination;
        const deleted = list.messages.filter((m) => m.deletedAt != null).length;
        extra.update({
          count: totalPages <= 1 ? totalCount - deleted : (options.initialCount ?? totalCount),
        });
      },
      onInserted: () => bump(1),
      onDeleted: () => bump(-1),
    },
  });

  const joined = joinStores(comments, extra);
  return {
    getSnapshot: joined.getSnapshot,
    subscribe: joined.subscribe,
    loadMore: () => comments.loadMore(),
    loadThrough: (id) => comments.loadThrough(id),
    clearNew: () => comments.clearNew(),
    settled: () => comments.settled(),
  };
}
