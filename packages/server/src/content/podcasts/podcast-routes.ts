/**
 * Podcast and episode read routes: a podcast page (`podcasts/:id`) and its episodes, one episode
 * (`podcast_episodes/:id`), the podcasts and episodes of a sport and of a team (team lists leave out
 * what the member hid from that team), and a player's episodes.
 * @module
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type PodcastEpisode, routes } from '@sportspyder/contract';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database.js';
import { currentUserId } from '../../http/current-user.js';
import type { PagedIds } from '../paged-ids.js';
import {
  notFound,
  pageMeta,
  pageOf,
  resolvePlayerId,
  resolveSportId,
  resolveTeamId,
} from '../players/paging.js';
import type { ContentRouteOptions } from '../players/route-options.js';
import {
  episodeSuggestionIds,
  pagePlayerEpisodeIds,
  pagePodcastEpisodeIds,
  pageSportEpisodeIds,
  pageSportPodcastIds,
  pageTeamEpisodeIds,
  pageTeamPodcastIds,
} from './episode-queries.js';
import { groupEpisodes } from './group-episodes.js';
import { loadEpisodes, pageEpisodes } from './load-episodes.js';
import { loadPodcasts, pagePodcasts } from './load-podcasts.js';
import { loadEpisodeRefs } from './podcast-refs.js';

/** Loads a page of episodes as the list answer (one statement), grouped by podcast when asked. */
async function episodeList(
  db: Queryable,
  page: PagedIds,
  paging: { page: number; perPage: number },
  grouped = false,
): Promise<{ podcastEpisodes: PodcastEpisode[]; meta: ReturnType<typeof pageMeta> }> {
  const { episodes, totalCount } = await pageEpisodes(db, page);
  return {
    podcastEpisodes: grouped ? groupEpisodes(episodes) : episodes,
    meta: pageMeta(paging.page, paging.perPage, totalCount),
  };
}

/**
 * Registers the podcast and episode read routes.
 *
 * @example
 * ```ts
 * await app.register(contentPodcastRoutes, { db, config });
 * ```
 */
export async function contentPodcastRoutes(app: FastifyInstance, opts: ContentRouteOptions): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, config } = opts;
  const now = opts.now ?? (() => new Date());

  const getPodcast = routes.getPodcast;
  api.route({
    method: getPodcast.method,
    url: getPodcast.url,
    schema: { params: getPodcast.params, response: getPodcast.response },
    handler: async (request) => {
      const userId = await currentUserId(request, db, config);
      const [podcast] = await loadPodcasts(db, [request.params.id], { userId, withSuggestions: true });
      return podcast ? { podcast } : notFound();
    },
  });

  const podcastEpisodes = routes.listPodcastEpisodes;
  api.route({
    method: podcastEpisodes.method,
    url: podcastEpisodes.url,
    schema: {
      params: podcastEpisodes.params,
      querystring: podcastEpisodes.querystring,
      response: podcastEpisodes.response,
    },
    handler: async (request) => {
      const { podcastId } = request.params;
      const exists = await db.query('SELECT 1 FROM podcasts WHERE id = $1', [podcastId]);
      if (exists.rows.length === 0) notFound();
      const paging = pageOf(request.query, 25);
      const page = pagePodcastEpisodeIds(podcastId, {
        offset: paging.offset,
        limit: paging.perPage,
      });
      return episodeList(db, page, paging);
    },
  });

  const getEpisode = routes.getPodcastEpisode;
  api.route({
    method: getEpisode.method,
    url: getEpisode.url,
    schema: { params: getEpisode.params, response: getEpisode.response },
    handler: async (request) => {
      const [episode] = await loadEpisodes(db, [request.params.id]);
      if (!episode) return notFound();
      const suggestions = await loadEpisodeRefs(db, await episodeSuggestionIds(db, episode.id));
      return { podcastEpisode: { ...episode, suggestions } };
    },
  });

  const sportPodcasts = routes.listSportPodcasts;
  api.route({
    method: sportPodcasts.method,
    url: sportPodcasts.url,
    schema: {
      params: sportPodcasts.params,
      querystring: sportPodcasts.querystring,
      response: sportPodcasts.response,
    },
    handler: async (request) => {
      const sportId = await resolveSportId(db, request.params.sportId);
      const userId = await currentUserId(request, db, config);
      const paging = pageOf(request.query, 25);
      const page = pageSportPodcastIds(
        sportId,
        { top: request.query.top === 1, now: now() },
        { offset: paging.offset, limit: paging.perPage },
      );
      const { podcasts, totalCount } = await pagePodcasts(db, page, { userId });
      return { podcasts, meta: pageMeta(paging.page, paging.perPage, totalCount) };
    },
  });

  const sportEpisodes = routes.listSportPodcastEpisodes;
  api.route({
    method: sportEpisodes.method,
    url: sportEpisodes.url,
    schema: {
      params: sportEpisodes.params,
      querystring: sportEpisodes.querystring,
      response: sportEpisodes.response,
    },
    handler: async (request) => {
      const sportId = await resolveSportId(db, request.params.sportId);
      const paging = pageOf(request.query, 25);
      const page = pageSportEpisodeIds(sportId, { offset: paging.offset, limit: paging.perPage });
      return episodeList(db, page, paging, request.query.grouped === true);
    },
  });

  const teamEpisodes = routes.listTeamPodcastEpisodes;
  api.route({
    method: teamEpisodes.method,
    url: teamEpisodes.url,
    schema: {
      params: teamEpisodes.params,
      querystring: teamEpisodes.querystring,
      response: teamEpisodes.response,
    },
    handler: async (request) => {
      const teamId = await resolveTeamId(db, request.params.teamId);
      const userId = await currentUserId(request, db, config);
      const paging = pageOf(request.query, 4);
      const page = pageTeamEpisodeIds(teamId, userId, {
        offset: paging.offset,
        limit: paging.perPage,
      });
      return episodeList(db, page, paging, request.query.grouped === true);
    },
  });

  const teamPodcasts = routes.listTeamPodcasts;
  api.route({
    method: teamPodcasts.method,
    url: teamPodcasts.url,
    schema: {
      params: teamPodcasts.params,
      querystring: teamPodcasts.querystring,
      response: teamPodcasts.response,
    },
    handler: async (request) => {
      const teamId = await resolveTeamId(db, request.params.teamId);
      const userId = await currentUserId(request, db, config);
      const paging = pageOf(request.query, 25);
      const page = pageTeamPodcastIds(
        teamId,
        { top: request.query.top === 1, now: now(), userId },
        { offset: paging.offset, limit: paging.perPage },
      );
      const { podcasts, totalCount } = await pagePodcasts(db, page, { userId });
      return { podcasts, meta: pageMeta(paging.page, paging.perPage, totalCount) };
    },
  });

  const playerEpisodes = routes.listPlayerPodcastEpisodes;
  api.route({
    method: playerEpisodes.method,
    url: playerEpisodes.url,
    schema: {
      params: playerEpisodes.params,
      querystring: playerEpisodes.querystring,
      response: playerEpisodes.response,
    },
    handler: async (request) => {
      const playerId = await resolvePlayerId(db, request.params.playerId);
      const paging = pageOf(request.query, 6);
      const page = pagePlayerEpisodeIds(playerId, {
        offset: paging.offset,
        limit: paging.perPage,
      });
      return episodeList(db, page, paging);
    },
  });
}
