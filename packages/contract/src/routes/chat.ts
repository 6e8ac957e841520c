/**
 * Chat and comment routes (spec 3 §7 "Chat and comments", spec 2 §7 episode comments). Sending
 * is limited per member: too early answers 429 with the cooldown in the error title.
 * @module
 */
import { Type } from '@sinclair/typebox';
import {
  Channel,
  ChannelMessageCreateBody,
  CommentCreateBody,
  FlagCreateBody,
  MessageList,
  MessageResponse,
  ReplySort,
} from '../chat.js';
import { Id, MAX_INT4 } from '../common.js';
import { ChannelList } from '../lists.js';
import { FlagResponse, LikeResponse } from '../responses.js';
import { errorResponses, idParams, pagedQuery, type RouteDef } from '../route-def.js';

const messagePage = pagedQuery(25, {
  sort: Type.Optional(ReplySort),
  around: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_INT4,
      description:
        'A message link: answers the page that holds this message (`meta.pagination.page` says which) instead of `page`; ignored when the message is not in the list.',
    }),
  ),
});

/** Routes of messages, comments, channels, reports and likes. */
export const chatRoutes = {
  listChatChannels: {
    method: 'GET',
    url: '/api/v1/chat/channels',
    tag: 'chat',
    summary: 'Lists the general chat channels.',
    response: { 200: ChannelList },
  },
  getChatChannel: {
    method: 'GET',
    url: '/api/v1/channels/:channelId',
    tag: 'chat',
    summary:
      'Reads one channel with its name and moderators (a message link knows only the channel id); a moderators-only channel answers 404 to others.',
    params: idParams('channelId'),
    response: { 200: Type.Object({ channel: Channel }), ...errorResponses(404) },
  },
  listChannelMessages: {
    method: 'GET',
    url: '/api/v1/channels/:channelId/messages',
    tag: 'chat',
    summary:
      'Lists the top-level messages of a channel, newest first (25 per page); with `after` (catch-up from the last id seen) only newer ones, oldest first; `meta.likes` the liked ids.',
    params: idParams('channelId'),
    querystring: pagedQuery(25, {
      after: Type.Optional(
        Type.Integer({ minimum: 0, maximum: MAX_INT4, description: 'Catch-up: only ids above.' }),
      ),
    }),
    response: { 200: MessageList, ...errorResponses(404) },
  },
  createChannelMessage: {
    method: 'POST',
    url: '/api/v1/channels/:channelId/messages',
    tag: 'chat',
    summary:
      'Posts a message (or a reply with `parentId`, or a share with `articleId`/`episodeId`) to a channel.',
    params: idParams('channelId'),
    body: ChannelMessageCreateBody,
    response: { 201: MessageResponse, ...errorResponses(401, 403, 404, 422, 429) },
  },
  getMessage: {
    method: 'GET',
    url: '/api/v1/messages/:id',
    tag: 'chat',
    summary: 'Reads one message (message links).',
    params: idParams('id'),
    response: { 200: MessageResponse, ...errorResponses(404) },
  },
  deleteMessage: {
    method: 'DELETE',
    url: '/api/v1/messages/:id',
    tag: 'chat',
    summary:
      "Deletes the member's own message (moderators any message of their channel); answers it with `deletedAt`.",
    params: idParams('id'),
    querystring: Type.Object({
      articleId: Type.Optional(Id),
      episodeId: Type.Optional(Id),
      channelId: Type.Optional(Id),
    }),
    response: { 200: MessageResponse, ...errorResponses(401, 403, 404) },
  },
  listMessageReplies: {
    method: 'GET',
    url: '/api/v1/messages/:messageId/replies',
    tag: 'chat',
    summary: 'Lists the replies of a message in `sort` order (25 per page); `meta.likes` the liked ids.',
    params: idParams('messageId'),
    querystring: messagePage,
    response: { 200: MessageList, ...errorResponses(404) },
  },
  createFlag: {
    method: 'POST',
    url: '/api/v1/messages/:messageId/flags',
    tag: 'chat',
    summary: 'Reports a message with a reason (1..6; "Other" text up to 200 characters).',
    params: idParams('messageId'),
    body: FlagCreateBody,
    response: { 201: FlagResponse, ...errorResponses(401, 403, 404, 422) },
  },
  createLike: {
    method: 'POST',
    url: '/api/v1/messages/:messageId/likes',
    tag: 'chat',
    summary: 'Likes a message.',
    params: idParams('messageId'),
    response: { 201: LikeResponse, ...errorResponses(401, 403, 404, 422) },
  },
  deleteLike: {
    method: 'DELETE',
    url: '/api/v1/messages/:messageId/likes',
    tag: 'chat',
    summary: "Removes the member's like of a message.",
    params: idParams('messageId'),
    response: { 200: LikeResponse, ...errorResponses(401, 403, 404) },
  },
  listArticleMessages: {
    method: 'GET',
    url: '/api/v1/articles/:articleId/messages',
    tag: 'chat',
    summary: 'Lists the comments on an article (25 per page); `meta.likes` the liked ids.',
    params: idParams('articleId'),
    querystring: messagePage,
    response: { 200: MessageList, ...errorResponses(404) },
  },
  createArticleMessage: {
    method: 'POST',
    url: '/api/v1/articles/:articleId/messages',
    tag: 'chat',
    summary: 'Comments on an article.',
    params: idParams('articleId'),
    body: CommentCreateBody,
    response: { 201: MessageResponse, ...errorResponses(401, 403, 404, 422, 429) },
  },
  listEpisodeMessages: {
    method: 'GET',
    url: '/api/v1/episodes/:episodeId/messages',
    tag: 'chat',
    summary: 'Lists the comments on an episode (25 per page); `meta.likes` the liked ids.',
    params: idParams('episodeId'),
    querystring: messagePage,
    response: { 200: MessageList, ...errorResponses(404) },
  },
  createEpisodeMessage: {
    method: 'POST',
    url: '/api/v1/episodes/:episodeId/messages',
    tag: 'chat',
    summary: 'Comments on an episode.',
    params: idParams('episodeId'),
    body: CommentCreateBody,
    response: { 201: MessageResponse, ...errorResponses(401, 403, 404, 422, 429) },
  },
  deleteEpisodeMessage: {
    method: 'DELETE',
    url: '/api/v1/episodes/:episodeId/messages/:id',
    tag: 'chat',
    summary: "Deletes the member's own comment on an episode.",
    params: idParams('episodeId', 'id'),
    response: { 200: MessageResponse, ...errorResponses(401, 403, 404) },
  },
} as const satisfies Record<string, RouteDef>;
