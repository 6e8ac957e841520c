/**
 * Records one player event (spec 1 §7 `POST api/v1/podcast_episodes/{id}/events`): the event row as
 * sent, and the listener's listen of the episode moved to the reported position (created on the
 * first event, completed once fewer than 60 s remain). Also finds the episodes before and after it
 * in its podcast, which drive the player's previous and next buttons.
 * @module
 */
import type { EpisodeEventBody } from '@sportspyder/contract';
import type { Queryable } from '../db/database.js';
import { isCompleted } from './listening-rules.js';

/** The episode an event is about, as the recorder needs it. */
export interface EventEpisode {
  /** Episode id. */
  id: number;
  /** Its podcast. */
  podcastId: number;
  /** Length in seconds from the feed, when known. */
  duration: number | null;
}

/** Who sent the event and when. */
export interface EventListener {
  /** The signed-in member, or null. */
  userId: number | null;
  /** The device hash (always sent). */
  hash: string;
  /** The server's clock. */
  now: Date;
}

/** Finds an episode for the event call; null when unknown. */
export async function findEventEpisode(db: Queryable, id: number): Promise<EventEpisode | null> {
  const { rows } = await db.query<{
    id: number;
    podcast_id: number;
    duration: number | null;
  }>('SELECT id, podcast_id, duration FROM podcast_episodes WHERE id = $1', [id]);
  const row = rows[0];
  if (!row) return null;
  return {
    id: Number(row.id),
    podcastId: Number(row.podcast_id),
    duration: row.duration === null ? null : Number(row.duration),
  };
}

/**
 * Stores the event and moves the listen; answers the event id. The player's duration wins over the
 * feed's (feeds often round or omit it); a listen once completed stays completed, as on the device.
 *
 * @example
 * ```ts
 * const id = await recordEpisodeEvent(db, episode, request.body, { userId, hash, now: new Date() });
 * ```
 */
export async function recordEpisodeEvent(
  db: Queryable,
  episode: EventEpisode,
  body: EpisodeEventBody,
  who: EventListener,
): Promise<number> {
  const duration = body.duration != null && body.duration > 0 ? body.duration : episode.duration;
  const now = who.now.toISOString();
  const event = await db.query<{ id: number }>(
    `INSERT INTO podcast_episode_events (episode_id, user_id, hash, event_type, time, duration, speed,
       platform, variant, first, auto, context_type, context_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
    [
      episode.id,
      who.userId,
      body.hash,
      body.eventType,
      body.time,
      body.duration ?? null,
      body.speed ?? null,
      body.platform,
      body.v ?? null,
      body.first === true,
      body.auto === true,
      // The page context belongs to plays only (spec 1 §7).
      body.eventType === 'play' ? (body.ctype ?? null) : null,
      body.eventType === 'play' ? (body.cid ?? null) : null,
      now,
    ],
  );
  await db.query(
    `INSERT INTO podcast_listens (episode_id, podcast_id, user_id, hash, time, duration, completed_at,
       created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::boolean THEN $8::timestamptz END, $8, $8)
     ON CONFLICT (listener, episode_id) DO UPDATE SET
       time = EXCLUDED.time,
       duration = coalesce(EXCLUDED.duration, podcast_listens.duration),
       hash = EXCLUDED.hash,
       completed_at = coalesce(podcast_listens.completed_at, EXCLUDED.completed_at),
       updated_at = EXCLUDED.updated_at`,
    [
      episode.id,
      episode.podcastId,
      who.userId,
      who.hash,
      body.time,
      duration,
      isCompleted(body.time, duration),
      now,
    ],
  );
  return Number(event.rows[0]?.id);
}

/**
 * The episodes of the same podcast published just before (`prevId`) and just after (`nextId`) this
 * one, in publication order (ties by id): finishing the newest episode goes back to the one before
 * it, finishing an older one continues forward. Each is one probe of (podcast_id, published_at, id).
 */
export async function adjacentEpisodeIds(
  db: Queryable,
  episode: EventEpisode,
): Promise<{ prevId: number | null; nextId: number | null }> {
  // The row's own timestamp (full precision) is the pivot, not a rounded copy of it.
  const { rows } = await db.query<{ prev_id: number | null; next_id: number | null }>(
    `WITH me AS (SELECT podcast_id, published_at, id FROM podcast_episodes WHERE id = $1)
     SELECT
       (SELECT e.id FROM podcast_episodes e, me WHERE e.podcast_id = me.podcast_id
          AND (e.published_at, e.id) < (me.published_at, me.id)
        ORDER BY e.published_at DESC, e.id DESC LIMIT 1) AS prev_id,
       (SELECT e.id FROM podcast_episodes e, me WHERE e.podcast_id = me.podcast_id
          AND (e.published_at, e.id) > (me.published_at, me.id)
        ORDER BY e.published_at, e.id LIMIT 1) AS next_id`,
    [episode.id],
  );
  const row = rows[0];
  return {
    prevId: row?.prev_id == null ? null : Number(row.prev_id),
    nextId: row?.next_id == null ? null : Number(row.next_id),
  };
}
