/**
 * The realtime channels of the ActionCable endpoint `/cable` and the messages each broadcasts
 * (spec 1 §7, spec 2 §7, spec 3 §7). Every broadcast also carries `seq`, the per-stream sequence
 * number the client uses to notice gaps and catch up over REST.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { Message, MessageListMeta } from './chat.js';
import { Id } from './common.js';

/** The channel names a client may subscribe to. */
export const CableChannelName = Type.Union([
  Type.Literal('UserNotificationsChannel'),
  Type.Literal('UserVersionsChannel'),
  Type.Literal('ChatChannel'),
  Type.Literal('ChatThreadChannel'),
  Type.Literal('ArticleCommentsChannel'),
  Type.Literal('EpisodeCommentsChannel'),
]);
/** The channel names a client may subscribe to. */
export type CableChannelName = Static<typeof CableChannelName>;

const seq = Type.Optional(Type.Integer({ minimum: 0, description: 'Per-stream sequence number.' }));

/** `UserNotificationsChannel` (signed-in only, no params): the new unread count; the client refetches the session. */
export const UserNotificationsMessage = Type.Object({
  type: Type.Literal('notification'),
  notificationsCount: Type.Integer({ minimum: 0 }),
  seq,
});
/** `UserNotificationsChannel` message. */
export type UserNotificationsMessage = Static<typeof UserNotificationsMessage>;

/** `UserVersionsChannel` (anyone, no params): a new deployed version; the client reloads the page. */
export const UserVersionsMessage = Type.Object({ version: Type.String(), seq });
/** `UserVersionsChannel` message. */
export type UserVersionsMessage = Static<typeof UserVersionsMessage>;

/** Subscription params of `ChatChannel` (a channel's top-level messages). */
export const ChatChannelParams = Type.Object({ channelId: Id });
/** Subscription params of `ChatChannel`. */
export type ChatChannelParams = Static<typeof ChatChannelParams>;

/** Subscription params of `ChatThreadChannel` (the replies of one message). */
export const ChatThreadChannelParams = Type.Object({ messageId: Id });
/** Subscription params of `ChatThreadChannel`. */
export type ChatThreadChannelParams = Static<typeof ChatThreadChannelParams>;

/** Subscription params of `ArticleCommentsChannel`. */
export const ArticleCommentsChannelParams = Type.Object({ articleId: Id });
/** Subscription params of `ArticleCommentsChannel`. */
export type ArticleCommentsChannelParams = Static<typeof ArticleCommentsChannelParams>;

/** Subscription params of `EpisodeCommentsChannel`. */
export const EpisodeCommentsChannelParams = Type.Object({ episodeId: Id });
/** Subscription params of `EpisodeCommentsChannel`. */
export type EpisodeCommentsChannelParams = Static<typeof EpisodeCommentsChannelParams>;

/**
 * What the chat and comment channels broadcast: changed or new messages and their meta. A message
 * with `deletedAt` was deleted (counts go down), one without `deletedAt`/`updatedAt` is new.
 */
export const MessagesPush = Type.Object({
  messages: Type.Array(Message),
  meta: Type.Optional(Type.Partial(MessageListMeta)),
  seq,
  offset: Type.Optional(
    Type.Integer({ minimum: 1, description: "Position in the stream's durable log, from 1, no gaps." }),
  ),
  epoch: Type.Optional(
    Type.String({ description: "The stream log's epoch; changes only when the log is reset." }),
  ),
});
/** What the chat and comment channels broadcast. */
export type MessagesPush = Static<typeof MessagesPush>;
