/**
 * Routes of podcasts, episodes, the player's events and listens (spec 1 §7, spec 2 §7).
 * @module
 */
import { Type } from '@sinclair/typebox';
import { DeviceHash } from '../common.js';
import { PodcastEpisodeList, PodcastListenList } from '../lists.js';
import { EpisodeEventBody, EpisodeEventsResponse, PodcastListenQuery } from '../podcast.js';
import { PodcastEpisodeResponse, PodcastListenResponse, PodcastResponse } from '../responses.js';
import { errorResponses, idParams, pagedQuery, type RouteDef } from '../route-def.js';

/** Routes of podcasts, episodes and listens. */
export const podcastRoutes = {
  getPodcast: {
    method: 'GET',
    url: '/api/v1/podcasts/:id',
    tag: 'podcasts',
    summary: 'Reads one podcast with its last episode, teams, sports and suggestions.',
    params: idParams('id'),
    response: { 200: PodcastResponse, ...errorResponses(404) },
  },
  listPodcastEpisodes: {
    method: 'GET',
    url: '/api/v1/podcasts/:podcastId/episodes',
    tag: 'podcasts',
    summary: 'Lists the episodes of a podcast, newest first (25 per page).',
    params: idParams('podcastId'),
    querystring: pagedQuery(25),
    response: { 200: PodcastEpisodeList, ...errorResponses(404) },
  },
  getPodcastEpisode: {
    method: 'GET',
    url: '/api/v1/podcast_episodes/:id',
    tag: 'podcasts',
    summary: 'Reads one episode with its podcast, grouped episodes and suggestions.',
    params: idParams('id'),
    response: { 200: PodcastEpisodeResponse, ...errorResponses(404) },
  },
  getPodcastEpisodeAudio: {
    method: 'GET',
    url: '/api/v1/podcast_episodes/:id/audio',
    tag: 'podcasts',
    summary:
      "Relays the episode's audio from its podcast host, so a member's browser can download it for offline " +
      'listening (members only; the whole file, no ranges; 422 `too_large` above 1 GB, 502 `upstream_error` ' +
      'when the host fails; 30 an hour per member).',
    params: idParams('id'),
    produces: 'audio/*',
    response: {
      200: Type.String({
        description:
          'The audio as the host sent it, with its Content-Type (audio/* or application/octet-stream) and Content-Length; `Cache-Control: private, no-store`.',
      }),
      ...errorResponses(401, 404, 422, 429, 502),
    },
  },
  createEpisodeEvent: {
    method: 'POST',
    url: '/api/v1/podcast_episodes/:podcastEpisodeId/events',
    tag: 'podcasts',
    summary: 'Records a player event (play every 20 s, pause, seek); `events[0]` holds previous and next.',
    params: idParams('podcastEpisodeId'),
    body: EpisodeEventBody,
    response: { 201: EpisodeEventsResponse, ...errorResponses(403, 404, 422) },
  },
  listPodcastListens: {
    method: 'GET',
    url: '/api/v1/podcast_listens',
    tag: 'podcasts',
    summary:
      'Lists recent listens of the member, or of the device hash when signed out (3 in the menu, 8 on dashboards).',
    querystring: PodcastListenQuery,
    response: { 200: PodcastListenList, ...errorResponses(422) },
  },
  deletePodcastListen: {
    method: 'DELETE',
    url: '/api/v1/podcast_listens/:id',
    tag: 'podcasts',
    summary: 'Removes a listen of the member or of the device hash.',
    params: idParams('id'),
    querystring: Type.Object({ hash: DeviceHash }),
    response: { 200: PodcastListenResponse, ...errorResponses(403, 404, 422) },
  },
} as const satisfies Record<string, RouteDef>;
