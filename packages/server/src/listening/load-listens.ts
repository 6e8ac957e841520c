/**
 * Reads listens: the recent listens of a member or device as the contract's `PodcastListen` (the user
 * menu shows 3, dashboards 8), one listen with its owner (for deletes), and the session's
 * `podcastListens` (recents, completed ids, saved times, current episode) that the client merges into
 * the device's player memory on its first session read (spec 1 §3, §4.1).
 * @module
 */
import type { PodcastListen, PodcastListens } from '@sportspyder/contract';
import { jsonRows } from '../content/players/refs.js';
import { loadEpisodeRefs } from '../content/podcasts/podcast-refs.js';
import type { Queryable } from '../db/database.js';
import { listenerKey, SESSION_COMPLETED_MAX, SESSION_RECENTS_MAX } from './listening-rules.js';

interface ListenRow {
  id: number | string;
  episode_id: number | string;
  user_id: number | null;
  hash: string;
  time: number | string;
  completed_at: Date | string | null;
}

/** A stored listen and who owns it. */
export interface StoredListen {
  /** Listen id. */
  id: number;
  /** The member it belongs to, or null for a device's listen. */
  userId: number | null;
  /** The device that last reported it. */
  hash: string;
  /** The listen as the contract shows it. */
  listen: PodcastListen;
}

const LISTEN_COLUMNS = 'l.id, l.episode_id, l.user_id, l.hash, l.time, l.completed_at';

// Rows become contract listens with their episodes (one query for all); a listen whose episode is
// gone is skipped (the cascade removes it anyway).
async function toListens(db: Queryable, rows: readonly ListenRow[]): Promise<StoredListen[]> {
  const episodes = new Map(
    (
      await loadEpisodeRefs(
        db,
        rows.map((row) => Number(row.episode_id)),
      )
    ).map((e) => [e.id, e]),
  );
  return rows.flatMap((row) => {
    const podcastEpisode = episodes.get(Number(row.episode_id));
    if (!podcastEpisode) return [];
    return [
      {
        id: Number(row.id),
        userId: row.user_id === null ? null : Number(row.user_id),
        hash: row.hash,
        listen: {
          id: Number(row.id),
          time: Math.round(Number(row.time) * 10) / 10,
          completedAt: row.completed_at === null ? null : new Date(row.completed_at).toISOString(),
          podcastEpisode,
        },
      },
    ];
  });
}

/**
 * The most recent listens of a listener (`u:<id>` or `h:<hash>`), newest activity first, and how
 * many the listener has in all.
 *
 * @example
 * ```ts
 * const { listens, totalCount } = await recentListens(db, listenerKey({ userId, hash }), 3);
 * ```
 */
export async function recentListens(
  db: Queryable,
  listener: string,
  limit: number,
): Promise<{ listens: PodcastListen[]; totalCount: number }> {
  const [list, count] = await Promise.all([
    db.query<ListenRow>(
      `SELECT ${LISTEN_COLUMNS} FROM podcast_listens l WHERE l.listener = $1
       ORDER BY l.updated_at DESC, l.id DESC LIMIT $2`,
      [listener, limit],
    ),
    db.query<{ count: number }>('SELECT count(*)::int AS count FROM podcast_listens WHERE listener = $1', [
      listener,
    ]),
  ]);
  return {
    listens: (await toListens(db, list.rows)).map((stored) => stored.listen),
    totalCount: Number(count.rows[0]?.count ?? 0),
  };
}

/** One listen with its owner; null when unknown. */
export async function findListen(db: Queryable, id: number): Promise<StoredListen | null> {
  const { rows } = await db.query<ListenRow>(
    `SELECT ${LISTEN_COLUMNS} FROM podcast_listens l WHERE l.id = $1`,
    [id],
  );
  return (await toListens(db, rows))[0] ?? null;
}

/**
 * The member's listening data for the session: the {@link SESSION_RECENTS_MAX} latest listens
 * (episode id and time, newest first) with their times, the {@link SESSION_COMPLETED_MAX} latest
 * completed episodes, and the episode listened to last as the current one.
 *
 * @example
 * ```ts
 * user.podcastListens = await sessionListeningData(db, user.id);
 * ```
 */
export async function sessionListeningData(db: Queryable, userId: number): Promise<PodcastListens> {
  // One statement answering one row, so the session route can fold it with the user's (OneRowBatch).
  const { rows } = await db.query<{ recents: unknown; completed: unknown }>(
    `SELECT
       (SELECT json_agg(json_build_object('id', r.episode_id, 'time', r.time) ORDER BY r.updated_at DESC, r.id DESC)
          FROM (SELECT episode_id, time, updated_at, id FROM podcast_listens WHERE listener = $1
                ORDER BY updated_at DESC, id DESC LIMIT $2) r) AS recents,
       (SELECT json_agg(c.episode_id ORDER BY c.completed_at DESC, c.id DESC)
          FROM (SELECT episode_id, completed_at, id FROM podcast_listens WHERE listener = $1 AND completed_at IS NOT NULL
                ORDER BY completed_at DESC, id DESC LIMIT $3) c) AS completed`,
    [listenerKey({ userId, hash: '' }), SESSION_RECENTS_MAX, SESSION_COMPLETED_MAX],
  );
  const recents = jsonRows<{ id: number | string; time: number | string }>(rows[0]?.recents).map((row) => ({
    id: Number(row.id),
    time: Math.round(Number(row.time) * 10) / 10,
  }));
  return {
    recents,
    completed: jsonRows<number | string>(rows[0]?.completed).map(Number),
    times: Object.fromEntries(recents.map((r) => [String(r.id), r.time])),
    episode: recents[0]?.id ?? null,
  };
}
