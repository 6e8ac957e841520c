/**
 * The podcast page calls of spec 2 §7 as typed, cached reads: a podcast, its episodes and a single
 * episode. Paths come from the contract registry (`podcastRoutes`).
 * @module
 */
import type { PodcastEpisodeList, PodcastEpisodeResponse, PodcastResponse } from '@sportspyder/contract';
import { type ContentClient, cachedGet, type PageParams } from './resource-path.js';

/** `GET api/v1/podcasts/:id`: one podcast with its last episode, teams, sports and suggestions. */
export function getPodcast(client: ContentClient, params: { podcastId: number }): Promise<PodcastResponse> {
  return cachedGet(client, '/api/v1/podcasts/:id', { id: params.podcastId });
}

/** `GET api/v1/podcasts/:podcastId/episodes`: a podcast's episodes, newest first (25 per page). */
export function listPodcastEpisodes(
  client: ContentClient,
  params: { podcastId: number } & PageParams,
): Promise<PodcastEpisodeList> {
  const { podcastId, ...query } = params;
  return cachedGet(client, '/api/v1/podcasts/:podcastId/episodes', { podcastId }, query);
}

/** `GET api/v1/podcast_episodes/:id`: one episode with its podcast, grouped episodes and suggestions. */
export function getPodcastEpisode(
  client: ContentClient,
  params: { episodeId: number },
): Promise<PodcastEpisodeResponse> {
  return cachedGet(client, '/api/v1/podcast_episodes/:id', { id: params.episodeId });
}
