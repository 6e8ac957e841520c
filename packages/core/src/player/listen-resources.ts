/**
 * The listening-history and "My Podcasts" calls (spec 1 §7, spec 3 §2): recent listens of the
 * member or of this device (3 in the menu, 8 on dashboards), deleting a listen (which also drops
 * it from the device's recents), the member's latest followed episodes and podcast lists.
 * @module
 */
import type {
  PodcastEpisodeList,
  PodcastList,
  PodcastListenList,
  PodcastListenResponse,
} from '@sportspyder/contract';
import { DASHBOARD_RECENT_LISTENS } from '../constants.js';
import { type ContentClient, cachedGet, type PageParams } from '../content/resource-path.js';
import { readPlayerMemory, writePlayerMemory } from '../player-memory.js';
import type { StorageAdapter } from '../storage.js';

/** The cache prefix of every listens read (invalidated after a play added a recent, or a delete). */
export const PODCAST_LISTENS_PATH = 'api/v1/podcast_listens';

/** The client slice the listens calls need: content reads plus the device hash and storage. */
export type ListensClient = ContentClient & { readonly deviceHash: string; readonly storage: StorageAdapter };

/**
 * `GET api/v1/podcast_listens?hash&limit`: the recent listens of the member, or of this device
 * when signed out (limit 3 in the menu, 8 on dashboards).
 *
 * @example
 * ```ts
 * const { podcastListens } = await listPodcastListens(client, { limit: MENU_RECENT_LISTENS });
 * ```
 */
export function listPodcastListens(
  client: ListensClient,
  params: { limit?: number } = {},
): Promise<PodcastListenList> {
  return cachedGet(
    client,
    `/${PODCAST_LISTENS_PATH}`,
    {},
    {
      hash: client.deviceHash,
      limit: params.limit ?? DASHBOARD_RECENT_LISTENS,
    },
  );
}

/**
 * `DELETE api/v1/podcast_listens/:id?hash`: removes a listen, drops its episode from the device's
 * recents (with its saved time) and refetches the listens.
 */
export async function deletePodcastListen(
  client: ListensClient,
  params: { listenId: number; episodeId?: number | undefined },
): Promise<PodcastListenResponse> {
  const answer = await client.api.delete<PodcastListenResponse>(
    `${PODCAST_LISTENS_PATH}/${params.listenId}`,
    undefined,
    { query: { hash: client.deviceHash }, handleNotFound: false },
  );
  const episodeId = params.episodeId ?? answer?.podcastListen?.podcastEpisode?.id;
  if (episodeId != null) {
    const memory = readPlayerMemory(client.storage);
    if (memory.recents.some((recent) => recent.id === episodeId)) {
      const times = { ...memory.times };
      delete times[String(episodeId)];
      writePlayerMemory(client.storage, {
        ...memory,
        recents: memory.recents.filter((recent) => recent.id !== episodeId),
        times,
      });
    }
  }
  await client.cache.invalidate(PODCAST_LISTENS_PATH);
  return answer;
}

/** `GET api/v1/profile/podcast_episodes`: the latest episodes of the podcasts the member follows (25 a page). */
export function listProfilePodcastEpisodes(
  client: ContentClient,
  params: PageParams = {},
): Promise<PodcastEpisodeList> {
  return cachedGet(client, '/api/v1/profile/podcast_episodes', {}, params);
}

/** `GET api/v1/profile/podcasts?type`: podcasts the member follows, subscribes to or listened to. */
export function listProfilePodcasts(
  client: ContentClient,
  params: PageParams & { type?: 'following' | 'subscribed' | 'listens' | undefined } = {},
): Promise<PodcastList> {
  return cachedGet(client, '/api/v1/profile/podcasts', {}, params);
}
