/**
 * New-episode alerts (issue 49): episodes stored since the worker's last look, of podcasts members follow
 * with "new episode" on, alert once each (`episode-<id>`). The look goes by episode id from a cursor, so a
 * first start, or a feed whose back catalogue is read for the first time, alerts nothing old: only
 * episodes stored after the cursor and published within {@link EPISODE_FRESH_HOURS} hours.
 * @module
 */
import type { Database } from '../db/database.js';
import { type AlertRecipient, enqueueAlert } from './enqueue-alert.js';

/** An episode published longer ago than this is not new, whenever it was stored. */
export const EPISODE_FRESH_HOURS = 24;
const CURSOR = 'episodes';

/**
 * Queues the alerts of the episodes stored since the last call; answers the deliveries queued.
 * @example
 * await queueNewEpisodes(db); // from the worker's scan
 */
export async function queueNewEpisodes(db: Database, now: Date = new Date()): Promise<number> {
  const cursor = await db.query<{ last_id: string | number }>(
    'SELECT last_id FROM alert_cursors WHERE name = $1',
    [CURSOR],
  );
  const max = await db.query<{ id: string | number | null }>('SELECT max(id) AS id FROM podcast_episodes');
  const top = Number(max.rows[0]?.id ?? 0);
  const from = cursor.rows[0] ? Number(cursor.rows[0].last_id) : null;
  if (from === null || top <= from) {
    // The first look only notes where the episodes stand.
    if (from === null) {
      await db.query(
        'INSERT INTO alert_cursors (name, last_id) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
        [CURSOR, top],
      );
    }
    return 0;
  }
  const { rows: episodes } = await db.query<{
    id: number;
    podcast_id: number;
    title: string;
    podcast_title: string;
  }>(
    `SELECT e.id, e.podcast_id, e.title, p.title AS podcast_title
       FROM podcast_episodes e JOIN podcasts p ON p.id = e.podcast_id
      WHERE e.id > $1 AND e.id <= $2 AND e.published_at > $3::timestamptz - make_interval(hours => $4)
        AND EXISTS (SELECT 1 FROM podcast_alerts a WHERE a.podcast_id = e.podcast_id AND a.new_episode)
      ORDER BY e.id`,
    [from, top, now.toISOString(), EPISODE_FRESH_HOURS],
  );
  let queued = 0;
  for (const episode of episodes) {
    const { rows: fans } = await db.query<{ user_id: number }>(
      `SELECT a.user_id FROM podcast_alerts a
         JOIN podcast_follows f ON f.user_id = a.user_id AND f.podcast_id = a.podcast_id
        WHERE a.podcast_id = $1 AND a.new_episode
          AND EXISTS (SELECT 1 FROM push_subscriptions s WHERE s.user_id = a.user_id)`,
      [episode.podcast_id],
    );
    const recipients = fans.map(
      (fan): AlertRecipient => ({
        userId: Number(fan.user_id),
        payload: {
          kind: 'new_episode',
          title: `New episode: ${episode.podcast_title}`,
          body: episode.title,
          url: `/podcasts/${episode.podcast_id}/episodes/${episode.id}`,
          tag: `episode-${episode.id}`,
          timestamp: now.getTime(),
        },
      }),
    );
    queued += (
      await enqueueAlert(db, { dedupeKey: `episode-${episode.id}`, kind: 'new_episode', recipients, now })
    ).queued;
  }
  await db.query('UPDATE alert_cursors SET last_id = greatest(last_id, $2) WHERE name = $1', [CURSOR, top]);
  return queued;
}
