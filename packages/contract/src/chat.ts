/**
 * Chat and comments (spec 3 §3 and §7 "Chat and comments"): messages, channels, reports, likes,
 * the chat colour palette and the request bodies with their input rules.
 * @module
 */
import { type Static, Type } from '@sinclair/typebox';
import { DateTime, DeviceHash, Id, Nullable } from './common.js';
import { Pagination } from './pagination.js';
import { ProState } from './user.js';

/** The 18 named chat colours a member can pick for their name (spec 1 §3). */
export const ChatColor = Type.Union([
  Type.Literal('Cherry'),
  Type.Literal('Magenta'),
  Type.Literal('Jam'),
  Type.Literal('Violet'),
  Type.Literal('Azure'),
  Type.Literal('Aegean'),
  Type.Literal('Ocean'),
  Type.Literal('Pine'),
  Type.Literal('Emerald'),
  Type.Literal('Green'),
  Type.Literal('Pear'),
  Type.Literal('Hazelnut'),
  Type.Literal('Orange'),
  Type.Literal('Fire'),
  Type.Literal('Rust'),
  Type.Literal('Black'),
  Type.Literal('Grey'),
  Type.Literal('Default'),
]);
/** A named chat colour. */
export type ChatColor = Static<typeof ChatColor>;

/** The author of a message as chat shows it (name, colour, PRO badge). */
export const ChatUser = Type.Object({
  id: Id,
  username: Type.String(),
  displayName: Nullable(Type.String()),
  createdAt: DateTime,
  chatColor: Type.String({ description: 'A ChatColor name.' }),
  chatProBadge: Type.Boolean(),
  chatAcceptedRules: Type.Boolean(),
  pro: Type.Boolean(),
  proState: ProState,
  proDaysLeft: Nullable(Type.Integer()),
  proSince: Nullable(DateTime),
  api: Type.Boolean(),
});
/** The author of a message. */
export type ChatUser = Static<typeof ChatUser>;

/** The article a message shares or comments on. */
export const MessageArticleRef = Type.Object({ id: Id, title: Type.String(), finalUrl: Type.String() });
/** The article a message shares or comments on. */
export type MessageArticleRef = Static<typeof MessageArticleRef>;

/** The episode a message shares or comments on. */
export const MessageEpisodeRef = Type.Object({
  id: Id,
  title: Type.String(),
  podcastId: Id,
  imageUrl: Nullable(Type.String()),
});
/** The episode a message shares or comments on. */
export type MessageEpisodeRef = Static<typeof MessageEpisodeRef>;

/**
 * A chat message or comment. A reply has a `parentId`; a deleted message has `deletedAt` and the
 * content '[Message deleted]'; shares carry the content '[article]' or '[episode]'.
 */
export const Message = Type.Object({
  id: Id,
  content: Type.String(),
  user: ChatUser,
  parentId: Nullable(Id),
  channelId: Type.Optional(Nullable(Id)),
  repliesCount: Type.Integer({ minimum: 0 }),
  messagesCount: Type.Integer({ minimum: 0 }),
  likesCount: Type.Optional(Type.Integer({ minimum: 0, description: 'How many members like it.' })),
  article: Nullable(MessageArticleRef),
  episode: Nullable(MessageEpisodeRef),
  createdAt: Type.Optional(DateTime),
  deletedAt: Nullable(DateTime),
  updatedAt: Nullable(DateTime),
  spoiler: Type.Optional(
    Type.Boolean({
      description:
        "True when the message gives away the result of a game the signed-in member's spoiler shield hides: the client blurs it until revealed (issue 49).",
    }),
  ),
});
/** A chat message or comment. */
export type Message = Static<typeof Message>;

/** The `meta` of a message list: paging and the ids of the listed messages the member liked. */
export const MessageListMeta = Type.Object({
  pagination: Pagination,
  likes: Type.Array(Id, { description: 'Ids of listed messages the current member liked.' }),
});
/** The `meta` of a message list. */
export type MessageListMeta = Static<typeof MessageListMeta>;

/** A list of messages (replies, comments, channel messages); live pushes use the same shape. */
export const MessageList = Type.Object({ messages: Type.Array(Message), meta: MessageListMeta });
/** A list of messages. */
export type MessageList = Static<typeof MessageList>;

/** A single message answer. */
export const MessageResponse = Type.Object({ message: Message });
/** A single message answer. */
export type MessageResponse = Static<typeof MessageResponse>;

/** Chat content: 1 to 300 characters with at least one non-whitespace character. */
export const ChatContent = Type.String({ minLength: 1, maxLength: 300, pattern: '\\S' });

/** Body creating a comment on an article or episode. */
export const CommentCreateBody = Type.Object({ content: ChatContent });
/** Body creating a comment. */
export type CommentCreateBody = Static<typeof CommentCreateBody>;

/** `POST api/v1/channels/:channelId/messages` body: content, the parent for a reply, an article or an episode shared. */
export const ChannelMessageCreateBody = Type.Object(
  {
    content: ChatContent,
    parentId: Type.Optional(Nullable(Id)),
    articleId: Type.Optional(Id),
    episodeId: Type.Optional(Id),
  },
  // A message shares an article or an episode, not both: with `articleId`, `episodeId` is refused by name.
  {
    if: { properties: { articleId: { type: 'integer' } }, required: ['articleId'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then (draft-07 and 2020-12), not a promise
    then: { properties: { episodeId: false } },
  },
);
/** `POST api/v1/channels/:channelId/messages` body. */
export type ChannelMessageCreateBody = Static<typeof ChannelMessageCreateBody>;

/** Sort order of replies. */
export const ReplySort = Type.Union([Type.Literal('asc'), Type.Literal('desc')]);
/** Sort order of replies. */
export type ReplySort = Static<typeof ReplySort>;

/** A chat channel; `moderators` are user ids. */
export const Channel = Type.Object({
  id: Id,
  name: Type.String(),
  moderators: Type.Array(Id),
  selected: Type.Boolean({ description: 'The default channel of the list.' }),
});
/** A chat channel. */
export type Channel = Static<typeof Channel>;

/** Report reasons: 1 off topic, 2 hate speech, 3 spam, 4 personal information, 5 political, 6 other. */
export const FlagReasonId = Type.Union([
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
  Type.Literal(4),
  Type.Literal(5),
  Type.Literal(6),
]);
/** Report reasons. */
export type FlagReasonId = Static<typeof FlagReasonId>;

/** A report of a message. */
export const Flag = Type.Object({
  id: Id,
  chatMessageId: Id,
  chatFlagReasonId: FlagReasonId,
  message: Nullable(Type.String()),
});
/** A report of a message. */
export type Flag = Static<typeof Flag>;

/** `POST api/v1/messages/:messageId/flags` body; `message` is the "Other" text (max 200). */
export const FlagCreateBody = Type.Object({
  chatFlagReasonId: FlagReasonId,
  message: Type.Optional(Type.String({ maxLength: 200 })),
  hash: Type.Optional(DeviceHash),
});
/** `POST api/v1/messages/:messageId/flags` body. */
export type FlagCreateBody = Static<typeof FlagCreateBody>;

/** A like of a message by the current member. */
export const Like = Type.Object({ id: Id, messageId: Id });
/** A like of a message. */
export type Like = Static<typeof Like>;
