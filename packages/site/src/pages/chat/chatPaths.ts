/**
 * The addresses of chat screens (spec 3 §2): a scope's chat page (`/sports/:sportId/chat`,
 * `/:sportId/:teamId/chat`), its channel and thread (`/:channelId/:messageId`), and the shareable
 * message links: `/channels/:channelId/messages/:id` (with `?replyId=` for a reply) for chat
 * messages, `?messageId=` on the article or episode page for comments.
 * @module
 */
import type { Message } from '@sportspyder/contract';

/** Where a chat page lives: a sport's or a team's chat. */
export type ChatPageScope =
  | { readonly kind: 'sport'; readonly sportSlug: string }
  | { readonly kind: 'team'; readonly sportSlug: string; readonly teamSlug: string };

/** The chat page of a scope (no channel chosen). */
export function chatBasePath(scope: ChatPageScope): string {
  return scope.kind === 'sport'
    ? `/sports/${scope.sportSlug}/chat`
    : `/${scope.sportSlug}/${scope.teamSlug}/chat`;
}

/**
 * The address of a channel (and a thread in it) under a chat page. The sport chat takes the same
 * optional segments as the team chat (docs/decisions/chat.md), so every pane has an address.
 */
export function chatPanePath(base: string, channelId?: number | null, messageId?: number | null): string {
  if (channelId == null) return base;
  return messageId == null ? `${base}/${channelId}` : `${base}/${channelId}/${messageId}`;
}

/**
 * The shareable link of a message: a chat message's page (a reply names its thread's message and
 * itself as `replyId`), or the article or episode page of a comment with `?messageId=`.
 *
 * @example
 * ```ts
 * messageLinkPath({ id: 9, parentId: 4, channelId: 2, article: null, episode: null }); // '/channels/2/messages/4?replyId=9'
 * ```
 */
export function messageLinkPath(
  message: Pick<Message, 'id' | 'parentId' | 'channelId' | 'article' | 'episode'>,
): string {
  if (message.channelId != null) {
    return message.parentId != null
      ? `/channels/${message.channelId}/messages/${message.parentId}?replyId=${message.id}`
      : `/channels/${message.channelId}/messages/${message.id}`;
  }
  if (message.episode) {
    return `/podcasts/${message.episode.podcastId}/episodes/${message.episode.id}?messageId=${message.id}`;
  }
  return `/articles/${message.article?.id ?? 0}?messageId=${message.id}`;
}
