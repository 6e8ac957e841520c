/**
 * The realtime channels of the ActionCable endpoint `/cable` and the messages each broadcasts
 * (spec 1 §7, spec 2 §7, spec 3 §7). Every broadcast also carries `seq`, the per-stream sequence
 * number the client uses to notice gaps and catch up over REST.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { Message, MessageListMeta } from './chat.js';
import { Id } from './common.js';
import { Game } from './game.js';

/** The channel names a client may subscribe to. */
export const CableChannelName = Type.Union([
  Type.Literal('UserNotificationsChannel'),
  Type.Literal('UserVersionsChannel'),
  Type.Literal('ChatChannel'),
  Type.Literal('ChatThreadChannel'),
  Type.Literal('ArticleCommentsChannel'),
  Type.Literal('EpisodeCommentsChannel'),
  Type.Literal('GamesChannel'),
  Type.Literal('AdminModerationChannel'),
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

/** Subscription params of `GamesChannel` (issue 45): the games of one sport, by its slug. */
export const GamesChannelParams = Type.Object({ sportSlug: Type.String({ minLength: 1, maxLength: 40 }) });
/** Subscription params of `GamesChannel`. */
export type GamesChannelParams = Static<typeof GamesChannelParams>;

/**
 * What `GamesChannel` broadcasts: the sport's games whose start, state, progress or score changed (or that
 * appeared), each whole as the games routes answer it, a moment after the server read the provider. A page
 * replaces the games it shows by id; after a reconnect it reads its games again (pushes are not replayed).
 */
export const GamesPush = Type.Object({ games: Type.Array(Game), seq });
/** What `GamesChannel` broadcasts. */
export type GamesPush = Static<typeof GamesPush>;
