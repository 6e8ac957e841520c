/**
 * Recent listens (spec 1 §7, §9): the member's or this device's latest listens from
 * `api/v1/podcast_listens` (3 in the user bar menu, 8 on dashboards), each playable, with a delete
 * button that removes the listen, drops it from the device's recents and refetches.
 * @module
 */
import { DASHBOARD_RECENT_LISTENS, deletePodcastListen, episodeName } from '@sportspyder/core';
import { EmptyState, useClient } from '@sportspyder/react';
import { EpisodeItem } from './EpisodeList.js';
import { SITE_LISTENS_KEY, useRecentListens } from './useRecentListens.js';

/** Props of {@link RecentListens}. */
export interface RecentListensProps {
  /** How many (default 8). */
  limit?: number | undefined;
  /** Text when there are none. */
  emptyText?: string | undefined;
}

/** The recent listens with delete. */
export function RecentListens({ limit = DASHBOARD_RECENT_LISTENS, emptyText }: RecentListensProps) {
  const client = useClient();
  const listens = useRecentListens(limit);
  if (!listens.data) {
    return listens.status === 'error' ? (
      <p className="ss-page__description">Your listens could not be loaded. Try again later.</p>
    ) : (
      <p className="ss-loading-text">Loading…</p>
    );
  }
  const items = listens.data.podcastListens.slice(0, limit);
  if (items.length === 0) {
    return (
      <EmptyState
        title="No listens yet"
        text={emptyText ?? "You haven't listened to any podcasts yet. Episodes you play will show up here."}
      />
    );
  }
  return (
    <ul className="ss-episode-items" aria-label="Recent listens">
      {items.map((listen) => {
        const episode = listen.podcastEpisode;
        return (
          <EpisodeItem
            key={listen.id}
            episode={episode}
            href={`/podcasts/${episode.podcast.id}/episodes/${episode.id}`}
            action={
              <button
                type="button"
                className="ss-player-button ss-episode-item__delete"
                aria-label={`Remove ${episodeName(episode)} from your listens`}
                onClick={async () => {
                  try {
                    await deletePodcastListen(client, { listenId: listen.id, episodeId: episode.id });
                    await client.cache.invalidate(SITE_LISTENS_KEY);
                  } catch {
                    client.toasts.show('Something went wrong. Try again.', 'error');
                  }
                }}
              >
                <span aria-hidden="true">✕</span>
              </button>
            }
          />
        );
      })}
    </ul>
  );
}
