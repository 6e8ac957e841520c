/**
 * The paged id queries of My Podcasts (spec 3 "/settings/podcasts"): the podcasts a member follows
 * (the following and subscribed tabs: subscribing is following), the podcasts the member listened to
 * (most recent listen first), and the latest episodes of the followed podcasts.
 * @module
 */
import type { Queryable } from '../db/database.js';
import { listenerKey } from './listening-rules.js';

/** One page of ids and the size of the whole list. */
export interface IdPage {
  /** Ids of the page, in list order. */
  ids: number[];
  /** Items in the whole list. */
  totalCount: number;
}

/** Where a page starts and how long it is. */
export interface PageWindow {
  /** Rows to skip. */
  offset: number;
  /** Rows to take. */
  limit: number;
}

async function idPage(
  db: Queryable,
  listSql: string,
  countSql: string,
  params: unknown[],
  window: PageWindow,
): Promise<IdPage> {
  const n = params.length;
  const [list, count] = await Promise.all([
    db.query<{ id: number | string }>(`${listSql} LIMIT $${n + 1} OFFSET $${n + 2}`, [
      ...params,
      window.limit,
      window.offset,
    ]),
    db.query<{ count: number }>(countSql, params),
  ]);
  return { ids: list.rows.map((row) => Number(row.id)), totalCount: Number(count.rows[0]?.count ?? 0) };
}

/** The podcasts a member follows, by title. */
export function pageFollowedPodcastIds(db: Queryable, userId: number, window: PageWindow): Promise<IdPage> {
  return idPage(
    db,
    `SELECT p.id FROM podcast_follows f JOIN podcasts p ON p.id = f.podcast_id WHERE f.user_id = $1
     ORDER BY lower(p.title), p.id`,
    'SELECT count(*)::int AS count FROM podcast_follows f WHERE f.user_id = $1',
    [userId],
    window,
  );
}

/** The podcasts a member listened to, the most recently heard first. */
export function pageListenedPodcastIds(db: Queryable, userId: number, window: PageWindow): Promise<IdPage> {
  return idPage(
    db,
    `SELECT podcast_id AS id FROM podcast_listens WHERE listener = $1
     GROUP BY podcast_id ORDER BY max(updated_at) DESC, podcast_id`,
    'SELECT count(DISTINCT podcast_id)::int AS count FROM podcast_listens WHERE listener = $1',
    [listenerKey({ userId, hash: '' })],
    window,
  );
}

/** The latest episodes of the podcasts a member follows, newest first. */
export function pageFollowedEpisodeIds(db: Queryable, userId: number, window: PageWindow): Promise<IdPage> {
  const from = `FROM podcast_episodes e
    WHERE e.podcast_id IN (SELECT f.podcast_id FROM podcast_follows f WHERE f.user_id = $1)`;
  return idPage(
    db,
    `SELECT e.id ${from} ORDER BY e.published_at DESC, e.id DESC`,
    `SELECT count(*)::int AS count ${from}`,
    [userId],
    window,
  );
}
