/**
 * Records one event of the site's video player (spec 3 §7 `POST api/v1/videos/{articleId}/events`):
 * the event row as sent and, for a play, the viewer's row of `video_plays` that the team and sport
 * rankings count. A member's events are theirs (user id); a visitor's are the device's (hash).
 * @module
 */
import type { VideoEventBody } from '@sportspyder/contract';
import type { Queryable } from '../../db/database.js';
import { HttpError } from '../../http/errors.js';

/** A viewer's `played_at` moves at most this often (ms): repeated plays of one viewing rewrite nothing. */
export const PLAYED_AT_RESOLUTION_MS = 60 * 60 * 1_000;

/** The video an event is about, as the recorder needs it. */
export interface EventVideo {
  /** Article id. */
  id: number;
  /** Length in seconds from the feed, when known. */
  duration: number | null;
}

/** Who sent the event and when. */
export interface EventViewer {
  /** The signed-in member, or null. */
  userId: number | null;
  /** The device hash (always sent). */
  hash: string;
  /** The server's clock. */
  now: Date;
}

/**
 * Finds the video of an event call: an article the feeds list as a video (`kind = 'video'`, spec 2
 * §3 "an article with a duration"; YouTube's feeds often omit the duration, so the kind decides).
 * Null for an unknown id and for a plain article.
 */
export async function findEventVideo(db: Queryable, id: number): Promise<EventVideo | null> {
  const { rows } = await db.query<{ id: number | string; duration: number | null }>(
    `SELECT id, duration FROM articles WHERE id = $1 AND kind = 'video'`,
    [id],
  );
  const row = rows[0];
  if (!row) return null;
  return { id: Number(row.id), duration: row.duration === null ? null : Number(row.duration) };
}

/** The viewer key of a member (`u:<id>`) or, signed out, of a device (`h:<hash>`), as `video_plays` stores it. */
export function viewerKey(who: { userId: number | null; hash: string }): string {
  return who.userId !== null ? `u:${who.userId}` : `h:${who.hash}`;
}

/**
 * Checks the page context of a play (`ctype` and `cid` go together and name an existing team or
 * sport); throws a 422 naming the field otherwise. Other events' context is ignored, as on the player.
 */
export async function checkPlayContext(db: Queryable, body: VideoEventBody): Promise<void> {
  if (body.eventType !== 'play') return;
  const { ctype, cid } = body;
  if (ctype === undefined && cid === undefined) return;
  if (ctype === undefined) {
    throw new HttpError(422, [{ field: 'ctype', code: 'blank', title: "Ctype can't be blank" }]);
  }
  if (cid === undefined) {
    throw new HttpError(422, [{ field: 'cid', code: 'blank', title: "Cid can't be blank" }]);
  }
  const table = ctype === 'Team' ? 'teams' : 'sports';
  const { rows } = await db.query(`SELECT 1 FROM ${table} WHERE id = $1`, [cid]);
  if (rows.length === 0) {
    throw new HttpError(422, [
      { field: 'cid', code: 'invalid', title: `Cid is not a ${ctype === 'Team' ? 'team' : 'sport'}` },
    ]);
  }
}

/**
 * Stores the event (time rounded to whole seconds; the player's duration, else the feed's) and, for a
 * play, the viewer's latest play of the video; answers the event id.
 *
 * @example
 * ```ts
 * const id = await recordVideoEvent(db, video, request.body, { userId, hash, now: new Date() });
 * ```
 */
export async function recordVideoEvent(
  db: Queryable,
  video: EventVideo,
  body: VideoEventBody,
  who: EventViewer,
): Promise<number> {
  const play = body.eventType === 'play';
  const duration = body.duration > 0 ? body.duration : video.duration;
  const now = who.now.toISOString();
  const event = await db.query<{ id: number | string }>(
    `INSERT INTO video_events (article_id, user_id, hash, event_type, time, duration, speed, platform, p,
       variant, first, auto, context_type, context_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      video.id,
      who.userId,
      body.hash,
      body.eventType,
      Math.max(0, Math.round(body.time)),
      duration,
      body.speed ?? null,
      body.platform,
      body.p ?? null,
      body.v ?? null,
      body.first === true,
      body.auto === true,
      // The page context belongs to plays only (spec 3 §7).
      play ? (body.ctype ?? null) : null,
      play ? (body.cid ?? null) : null,
      now,
    ],
  );
  if (play) {
    // The WHERE leaves a row played within the resolution alone: no new row version per repeated play.
    await db.query(
      `INSERT INTO video_plays (article_id, viewer, first_played_at, played_at) VALUES ($1, $2, $3, $3)
       ON CONFLICT (article_id, viewer) DO UPDATE SET played_at = EXCLUDED.played_at
       WHERE video_plays.played_at <= EXCLUDED.played_at - make_interval(secs => $4)`,
      [video.id, viewerKey(who), now, PLAYED_AT_RESOLUTION_MS / 1000],
    );
  }
  return Number(event.rows[0]?.id);
}
