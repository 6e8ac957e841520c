/**
 * The paged id queries of My Podcasts (spec 3 "/settings/podcasts"): the podcasts a member follows
 * (the following and subscribed tabs: subscribing is following), the podcasts the member listened to
 * (most recent listen first), and the latest episodes of the followed podcasts, as SQL that the
 * loaders read with the details in one statement ({@link PagedIds}).
 * @module
 */
import { type PagedIds, type PageWindow, pagedIds } from '../content/paged-ids.js';
import { listenerKey } from './listening-rules.js';

/** The podcasts a member follows, by title. */
export function pageFollowedPodcastIds(userId: number, window: PageWindow): PagedIds {
  return pagedIds(
    `SELECT p.id FROM podcast_follows f JOIN podcasts p ON p.id = f.podcast_id WHERE f.user_id = $1
     ORDER BY lower(p.title), p.id`,
    'SELECT count(*)::int AS count FROM podcast_follows f WHERE f.user_id = $1',
    [userId],
    window,
  );
}

/** The podcasts a member listened to, the most recently heard first. */
export function pageListenedPodcastIds(userId: number, window: PageWindow): PagedIds {
  return pagedIds(
    `SELECT podcast_id AS id FROM podcast_listens WHERE listener = $1
     GROUP BY podcast_id ORDER BY max(updated_at) DESC, podcast_id`,
    'SELECT count(DISTINCT podcast_id)::int AS count FROM podcast_listens WHERE listener = $1',
    [listenerKey({ userId, hash: '' })],
    window,
  );
}

/** The latest episodes of the podcasts a member follows, newest first. */
export function pageFollowedEpisodeIds(userId: number, window: PageWindow): PagedIds {
  const from = `FROM podcast_episodes e
    WHERE e.podcast_id IN (SELECT f.podcast_id FROM podcast_follows f WHERE f.user_id = $1)`;
  return pagedIds(
    `SELECT e.id ${from} ORDER BY e.published_at DESC, e.id DESC`,
    `SELECT count(*)::int AS count ${from}`,
    [userId],
    window,
  );
}
