/**
 * Listening routes (issue 5, spec 1 §7, spec 3 "/my/podcasts" and "/settings/podcasts"): the player's
 * events, the recent listens of a device or member and their removal, and My Podcasts (followed
 * podcasts, listened podcasts, latest episodes of the followed podcasts).
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { requireMember } from '../content/members/require-member.js';
import { notFound, pageMeta, pageOf } from '../content/players/paging.js';
import { pageEpisodes } from '../content/podcasts/load-episodes.js';
import { pagePodcasts } from '../content/podcasts/load-podcasts.js';
import { loadEpisodeRefs } from '../content/podcasts/podcast-refs.js';
import type { Database } from '../db/database.js';
import { currentUserId } from '../http/current-user.js';
import { HttpError } from '../http/errors.js';
import { claimDeviceListens } from './claim-device-listens.js';
import { listenerKey } from './listening-rules.js';
import { findListen, recentListens } from './load-listens.js';
import {
  pageFollowedEpisodeIds,
  pageFollowedPodcastIds,
  pageListenedPodcastIds,
} from './profile-podcast-queries.js';
import { adjacentEpisodeIds, findEventEpisode, recordEpisodeEvent } from './record-episode-event.js';

/** The 403 of a listen that belongs to another member or device. */
export const NOT_YOUR_LISTEN = { code: 'forbidden', title: 'This listen is not yours.' };

/** Options of {@link listeningRoutes}. */
export interface ListeningRouteOptions {
  /** The database. */
  db: Database;
  /** To find the session of a request. */
  config: Pick<ServerConfig, 'production'>;
  /** The clock (tests pin it); defaults to the system time. */
  now?: () => Date;
}

/**
 * Registers the listening routes.
 *
 * @example
 * ```ts
 * await api.register(listeningRoutes, { db, config });
 * ```
 */
export async function listeningRoutes(app: FastifyInstance, opts: ListeningRouteOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;
  const now = opts.now ?? (() => new Date());

  // A signed-in member's requests that carry the device hash take the device's listens along.
  async function listenerOf(request: Parameters<typeof currentUserId>[0], hash: string) {
    const userId = await currentUserId(request, db, config);
    if (userId !== null) await claimDeviceListens(db, userId, hash);
    return { userId, hash };
  }

  const createEvent = routes.createEpisodeEvent;
  api.route({
    method: createEvent.method,
    url: createEvent.url,
    schema: { params: createEvent.params, body: createEvent.body, response: createEvent.response },
    handler: async (request, reply) => {
      const episode = await findEventEpisode(db, request.params.podcastEpisodeId);
      if (!episode) return notFound();
      const who = await listenerOf(request, request.body.hash);
      const id = await recordEpisodeEvent(db, episode, request.body, { ...who, now: now() });
      const { prevId, nextId } = await adjacentEpisodeIds(db, episode);
      const refs = new Map(
        (
          await loadEpisodeRefs(db, [episode.id, ...(prevId ? [prevId] : []), ...(nextId ? [nextId] : [])])
        ).map((ref) => [ref.id, ref]),
      );
      const self = refs.get(episode.id);
      if (!self) return notFound();
      return reply.code(201).send({
        events: [
          {
            id,
            episode: self,
            prevEpisode: (prevId && refs.get(prevId)) || null,
            nextEpisode: (nextId && refs.get(nextId)) || null,
          },
        ],
      });
    },
  });

  const listListens = routes.listPodcastListens;
  api.route({
    method: listListens.method,
    url: listListens.url,
    schema: { querystring: listListens.querystring, response: listListens.response },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const limit = request.query.limit ?? 3;
      const who = await listenerOf(request, request.query.hash);
      const { listens, totalCount } = await recentListens(db, listenerKey(who), limit);
      return { podcastListens: listens, meta: pageMeta(1, limit, totalCount) };
    },
  });

  const deleteListen = routes.deletePodcastListen;
  api.route({
    method: deleteListen.method,
    url: deleteListen.url,
    schema: {
      params: deleteListen.params,
      querystring: deleteListen.querystring,
      response: deleteListen.response,
    },
    handler: async (request) => {
      const who = await listenerOf(request, request.query.hash);
      const stored = await findListen(db, request.params.id);
      if (!stored) return notFound();
      const mine =
        who.userId !== null
          ? stored.userId === who.userId
          : stored.userId === null && stored.hash === who.hash;
      if (!mine) throw new HttpError(403, [NOT_YOUR_LISTEN]);
      await db.query('DELETE FROM podcast_listens WHERE id = $1', [stored.id]);
      return { podcastListen: stored.listen };
    },
  });

  const profilePodcasts = routes.listProfilePodcasts;
  api.route({
    method: profilePodcasts.method,
    url: profilePodcasts.url,
    schema: { querystring: profilePodcasts.querystring, response: profilePodcasts.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      reply.header('cache-control', 'no-store');
      const paging = pageOf(request.query, 25);
      const window = { offset: paging.offset, limit: paging.perPage };
      const page =
        request.query.type === 'listens'
          ? pageListenedPodcastIds(userId, window)
          : pageFollowedPodcastIds(userId, window);
      const { podcasts, totalCount } = await pagePodcasts(db, page, { userId });
      return { podcasts, meta: pageMeta(paging.page, paging.perPage, totalCount) };
    },
  });

  const profileEpisodes = routes.listProfilePodcastEpisodes;
  api.route({
    method: profileEpisodes.method,
    url: profileEpisodes.url,
    schema: { querystring: profileEpisodes.querystring, response: profileEpisodes.response },
    handler: async (request, reply) => {
      const userId = await requireMember(request, db, config);
      reply.header('cache-control', 'no-store');
      const paging = pageOf(request.query, 25);
      const { episodes, totalCount } = await pageEpisodes(
        db,
        pageFollowedEpisodeIds(userId, { offset: paging.offset, limit: paging.perPage }),
      );
      return { podcastEpisodes: episodes, meta: pageMeta(paging.page, paging.perPage, totalCount) };
    },
  });
}
