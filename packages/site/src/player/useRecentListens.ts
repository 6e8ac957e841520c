/**
 * The recent listens read of the site (spec 1 §7: `api/v1/podcast_listens` with the device hash and
 * a limit, 3 in the menu and 8 on dashboards) under its own cache key, which the player refreshes
 * after a play that added a recent. Kept apart from the player code so the user bar stays light.
 * @module
 */
import type { PodcastListenList } from '@sportspyder/contract';
import { listPodcastListens, type ResourceSnapshot } from '@sportspyder/core';
import { useClient, useResource } from '@sportspyder/react';

/** The cache prefix of the site's listens reads (refreshed with the core's listens key). */
export const SITE_LISTENS_KEY = 'site/podcast-listens';

/** The listens read of `limit` items (shared by every list of that size). */
export function useRecentListens(limit: number, enabled = true): ResourceSnapshot<PodcastListenList> {
  const client = useClient();
  return useResource<PodcastListenList>(
    { path: SITE_LISTENS_KEY, params: { limit, hash: client.deviceHash } },
    () => listPodcastListens(client, { limit }),
    { enabled },
  );
}
