/**
 * The chat and comment calls of the contract (spec 3 §7 "Chat and comments"): channel lists (general,
 * sport, team), channel messages with catch-up after an id, messages and their replies, delete, likes,
 * reports, and the comments of articles and episodes. Reads are open to visitors; writes need a member
 * (401) and go through {@link ChatWrites}.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes } from '@sportspyder/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Broadcaster } from '../cable/broadcaster.js';
import type { ServerConfig } from '../config.js';
import { resolveSport, resolveTeam } from '../content/articles/resolve.js';
import { requireMember } from '../content/members/require-member.js';
import type { Database } from '../db/database.js';
import { currentUserId } from '../http/current-user.js';
import { HttpError, NOT_FOUND } from '../http/errors.js';
import { listMeta } from '../routes/list-meta.js';
import { channelAccess, listChannels, loadChannel } from './chat-channels.js';
import { listMessages, loadMessage } from './chat-messages.js';
import { ChatWrites, CooldownError, type SendInput } from './chat-writes.js';

/** Options of {@link chatRoutes}. */
export interface ChatRoutesOptions {
  /** The database. */
  db: Database;
  /** Configuration (session cookie). */
  config: ServerConfig;
  /** Where broadcasts go once logged. */
  broadcaster: Broadcaster;
  /** Seconds between two sends of a member (default `CHAT_SEND_COOLDOWN_SECONDS`). */
  cooldownSeconds?: number;
}

const notFound = () => new HttpError(404, NOT_FOUND.errors);

/** Registers the chat and comment routes. */
export async function chatRoutes(app: FastifyInstance, opts: ChatRoutesOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;
  const writes = new ChatWrites(db, opts.broadcaster, opts.cooldownSeconds);
  const viewer = (request: Parameters<typeof currentUserId>[0]) => currentUserId(request, db, config);
  const member = (request: Parameters<typeof requireMember>[0]) => requireMember(request, db, config);

  /** Sends, answering 201; a cooldown 429 carries Retry-After. */
  const send = async (reply: FastifyReply, input: SendInput) => {
    try {
      const message = await writes.send(input);
      reply.code(201).header('cache-control', 'no-store');
      return { message };
    } catch (error) {
      if (error instanceof CooldownError) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  };
  const page = (
    query: { page?: number; perPage?: number; sort?: 'asc' | 'desc'; around?: number },
    sort: 'asc' | 'desc',
  ) => ({
    page: query.page ?? 1,
    perPage: query.perPage ?? 25,
    sort: query.sort ?? sort,
    aroundId: query.around,
  });

  // Channel lists: visitors read them too; chat is live, so none of it is cached.
  const general = routes.listChatChannels;
  api.route({
    method: general.method,
    url: general.url,
    schema: { response: general.response },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const channels = await listChannels(db, 'general', await viewer(request));
      return { channels, meta: listMeta(channels.length) };
    },
  });
  const sport = routes.listSportChannels;
  api.route({
    method: sport.method,
    url: sport.url,
    schema: { params: sport.params, response: sport.response },
    handler: async (request, reply) => {
      const { id } = await resolveSport(db, request.params.sportId);
      reply.header('cache-control', 'no-store');
      const channels = await listChannels(db, `sport:${id}`, await viewer(request));
      return { channels, meta: listMeta(channels.length) };
    },
  });
  const team = routes.listTeamChannels;
  api.route({
    method: team.method,
    url: team.url,
    schema: { params: team.params, response: team.response },
    handler: async (request, reply) => {
      const { id } = await resolveTeam(db, request.params.teamId);
      reply.header('cache-control', 'no-store');
      const channels = await listChannels(db, `team:${id}`, await viewer(request));
      return { channels, meta: listMeta(channels.length) };
    },
  });

  // One channel (issue 48): a message link shows its real name and moderators.
  const one = routes.getChatChannel;
  api.route({
    method: one.method,
    url: one.url,
    schema: { params: one.params, response: one.response },
    handler: async (request, reply) => {
      const channel = await loadChannel(db, request.params.channelId, await viewer(request));
      if (!channel) throw notFound();
      reply.header('cache-control', 'no-store');
      return { channel };
    },
  });

  const listChannel = routes.listChannelMessages;
  api.route({
    method: listChannel.method,
    url: listChannel.url,
    schema: {
      params: listChannel.params,
      querystring: listChannel.querystring,
      response: listChannel.response,
    },
    handler: async (request, reply) => {
      const userId = await viewer(request);
      const { channelId } = request.params;
      if (!(await channelAccess(db, channelId, userId))?.canRead) throw notFound();
      const { after } = request.query;
      reply.header('cache-control', 'no-store');
      // Catch-up after a reconnect reads forward from the last id seen: oldest first, page after page.
      return listMessages(
        db,
        { kind: 'channel', channelId, ...(after === undefined ? {} : { afterId: after }) },
        page(request.query, after === undefined ? 'desc' : 'asc'),
        userId,
      );
    },
  });

  const create = routes.createChannelMessage;
  api.route({
    method: create.method,
    url: create.url,
    schema: { params: create.params, body: create.body, response: create.response },
    handler: async (request, reply) => {
      const userId = await member(request);
      const { content, parentId, articleId, episodeId } = request.body;
      return send(reply, {
        userId,
        content,
        target: {
          kind: 'channel',
          channelId: request.params.channelId,
          ...(parentId === undefined ? {} : { parentId }),
          ...(articleId === undefined ? {} : { articleId }),
          ...(episodeId === undefined ? {} : { episodeId }),
        },
      });
    },
  });

  const get = routes.getMessage;
  api.route({
    method: get.method,
    url: get.url,
    schema: { params: get.params, response: get.response },
    handler: async (request, reply) => {
      await writes.readable(request.params.id, await viewer(request));
      const message = await loadMessage(db, request.params.id);
      if (!message) throw notFound();
      reply.header('cache-control', 'no-store');
      return { message };
    },
  });

  const remove = routes.deleteMessage;
  api.route({
    method: remove.method,
    url: remove.url,
    schema: { params: remove.params, querystring: remove.querystring, response: remove.response },
    handler: async (request) => {
      const userId = await member(request);
      const { articleId, episodeId, channelId } = request.query;
      return { message: await writes.delete(userId, request.params.id, { articleId, episodeId, channelId }) };
    },
  });

  const replies = routes.listMessageReplies;
  api.route({
    method: replies.method,
    url: replies.url,
    schema: { params: replies.params, querystring: replies.querystring, response: replies.response },
    handler: async (request, reply) => {
      const userId = await viewer(request);
      await writes.readable(request.params.messageId, userId);
      reply.header('cache-control', 'no-store');
      return listMessages(
        db,
        { kind: 'replies', parentId: request.params.messageId },
        page(request.query, 'asc'),
        userId,
      );
    },
  });

  const flag = routes.createFlag;
  api.route({
    method: flag.method,
    url: flag.url,
    schema: { params: flag.params, body: flag.body, response: flag.response },
    handler: async (request, reply) => {
      const userId = await member(request);
      const { chatFlagReasonId, message, hash } = request.body;
      const created = await writes.flag(userId, request.params.messageId, {
        reasonId: chatFlagReasonId,
        message,
        hash,
      });
      reply.code(201);
      return { flag: created };
    },
  });

  const like = routes.createLike;
  api.route({
    method: like.method,
    url: like.url,
    schema: { params: like.params, response: like.response },
    handler: async (request, reply) => {
      const userId = await member(request);
      const { messageId } = request.params;
      const result = await writes.setLike(userId, messageId, true);
      reply.code(201);
      return { like: { id: result.id ?? 1, messageId } };
    },
  });

  const unlike = routes.deleteLike;
  api.route({
    method: unlike.method,
    url: unlike.url,
    schema: { params: unlike.params, response: unlike.response },
    handler: async (request) => {
      const userId = await member(request);
      const { messageId } = request.params;
      const result = await writes.setLike(userId, messageId, false);
      if (result.id === null) throw notFound();
      return { like: { id: result.id, messageId } };
    },
  });

  // Comments (spec 3 §2, spec 2 §7): flat lists, newest first unless `sort=asc`.
  const listArticle = routes.listArticleMessages;
  api.route({
    method: listArticle.method,
    url: listArticle.url,
    schema: {
      params: listArticle.params,
      querystring: listArticle.querystring,
      response: listArticle.response,
    },
    handler: async (request, reply) => {
      const { articleId } = request.params;
      await writes.mustExist('articles', articleId);
      reply.header('cache-control', 'no-store');
      return listMessages(
        db,
        { kind: 'article', articleId },
        page(request.query, 'desc'),
        await viewer(request),
      );
    },
  });
  const createArticle = routes.createArticleMessage;
  api.route({
    method: createArticle.method,
    url: createArticle.url,
    schema: { params: createArticle.params, body: createArticle.body, response: createArticle.response },
    handler: async (request, reply) =>
      send(reply, {
        userId: await member(request),
        content: request.body.content,
        target: { kind: 'article', articleId: request.params.articleId },
      }),
  });
  const listEpisode = routes.listEpisodeMessages;
  api.route({
    method: listEpisode.method,
    url: listEpisode.url,
    schema: {
      params: listEpisode.params,
      querystring: listEpisode.querystring,
      response: listEpisode.response,
    },
    handler: async (request, reply) => {
      const { episodeId } = request.params;
      await writes.mustExist('podcast_episodes', episodeId);
      reply.header('cache-control', 'no-store');
      return listMessages(
        db,
        { kind: 'episode', episodeId },
        page(request.query, 'desc'),
        await viewer(request),
      );
    },
  });
  const createEpisode = routes.createEpisodeMessage;
  api.route({
    method: createEpisode.method,
    url: createEpisode.url,
    schema: { params: createEpisode.params, body: createEpisode.body, response: createEpisode.response },
    handler: async (request, reply) =>
      send(reply, {
        userId: await member(request),
        content: request.body.content,
        target: { kind: 'episode', episodeId: request.params.episodeId },
      }),
  });
  const removeEpisode = routes.deleteEpisodeMessage;
  api.route({
    method: removeEpisode.method,
    url: removeEpisode.url,
    schema: { params: removeEpisode.params, response: removeEpisode.response },
    handler: async (request) => {
      const userId = await member(request);
      const { episodeId, id } = request.params;
      return { message: await writes.delete(userId, id, { episodeId, channelId: null }) };
    },
  });
}
