/**
 * Member notifications (spec 1 §3 "Notification").
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { MessageArticleRef, MessageEpisodeRef } from './chat.js';
import { DateTime, Id, Nullable } from './common.js';

/** The kinds of notification. */
export const NotificationType = Type.Union([
  Type.Literal('message_replies'),
  Type.Literal('message_mentions'),
  Type.Literal('message_threads'),
  Type.Literal('message_likes'),
  Type.Literal('podcast_new_episodes'),
  Type.Literal('podcast_recommendations'),
  Type.Literal('podcast_popular'),
  Type.Literal('egg_new_article'),
]);
/** The kind of a notification. */
export type NotificationType = Static<typeof NotificationType>;

/** The message a notification is about (content truncated at 75 characters by the client). */
export const NotificationMessage = Type.Object({
  id: Id,
  content: Type.String(),
  parentId: Nullable(Id),
  channelId: Nullable(Id),
  username: Type.String({ description: 'Who wrote, replied or liked.' }),
});
/** The message a notification is about. */
export type NotificationMessage = Static<typeof NotificationMessage>;

/** A notification of the member. Unread while `readAt` is null. */
export const Notification = Type.Object({
  id: Id,
  type: NotificationType,
  event: Type.String({ description: 'Human sentence, e.g. "replied to your message".' }),
  readAt: Nullable(DateTime),
  createdAt: DateTime,
  messagesCount: Type.Integer({ minimum: 0 }),
  message: Nullable(NotificationMessage),
  episode: Nullable(MessageEpisodeRef),
  article: Nullable(MessageArticleRef),
  spoiler: Type.Optional(
    Type.Boolean({
      description:
        "True when its message, article or episode gives away the result of a game the signed-in member's spoiler shield hides: the client blurs them until revealed (issue 49).",
    }),
  ),
});
/** A notification. */
export type Notification = Static<typeof Notification>;
