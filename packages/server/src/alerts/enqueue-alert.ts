/**
 * Puts an alert in the delivery queue (issue 49): one `alert_events` row per event, whose unique key makes
 * "at most one alert per game event" hold whoever reads the event first (a second scoreboard read, a
 * retry, another process), then one `alert_deliveries` row per subscription of each recipient. Quiet hours
 * are applied here, once: alerts that are only worth it now (a game starting, a breaking story) are kept
 * as `skipped` in the log, alerts still worth reading later (a final score, a new episode) are held until
 * the quiet hours end. Nothing is sent here; the worker (`alert-worker.ts`) drains the queue.
 * @module
 */
import type { AlertKind, PushPayload } from '@sportspyder/contract';
import type { Database } from '../db/database.js';
import { type QuietWindow, quietUntil } from './quiet-hours.js';

/** Push urgency (RFC 8030 §5.3). */
export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

/** What each kind does in quiet hours: wait for their end, or not be sent at all. */
export const QUIET_HOURS_RULE: Record<AlertKind, 'hold' | 'skip'> = {
  game_start: 'skip',
  breaking: 'skip',
  final_score: 'hold',
  new_episode: 'hold',
};

/** How long a push service keeps an undelivered alert (TTL, seconds): past it, the news is stale. */
export const ALERT_TTL_SECONDS: Record<AlertKind, number> = {
  game_start: 60 * 60,
  breaking: 3 * 60 * 60,
  final_score: 12 * 60 * 60,
  new_episode: 24 * 60 * 60,
};

/** Push urgency per kind: live game events wake a phone, the rest may wait for the radio's next wake-up. */
export const ALERT_URGENCY: Record<AlertKind, PushUrgency> = {
  game_start: 'high',
  final_score: 'high',
  breaking: 'normal',
  new_episode: 'low',
};

/** One member to alert and what their device shows. */
export interface AlertRecipient {
  userId: number;
  payload: PushPayload;
}

/** What {@link enqueueAlert} did. */
export interface EnqueueResult {
  /** The event was alerted before: nothing was queued. */
  duplicate: boolean;
  /** Deliveries queued (now or after quiet hours). */
  queued: number;
  /** Deliveries logged as skipped for quiet hours. */
  skipped: number;
}

/**
 * Records the event under `dedupeKey` and queues its deliveries; a key seen before queues nothing.
 * @example
 * await enqueueAlert(db, { dedupeKey: 'game-12-final', kind: 'final_score', recipients });
 */
export async function enqueueAlert(
  db: Database,
  event: { dedupeKey: string; kind: AlertKind; recipients: readonly AlertRecipient[]; now?: Date },
): Promise<EnqueueResult> {
  const now = event.now ?? new Date();
  return db.transaction(async (tx) => {
    const inserted = await tx.query<{ id: number }>(
      `INSERT INTO alert_events (dedupe_key, kind, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
      [event.dedupeKey, event.kind, now.toISOString()],
    );
    const eventId = inserted.rows[0]?.id;
    if (eventId === undefined) return { duplicate: true, queued: 0, skipped: 0 };
    if (event.recipients.length === 0) return { duplicate: false, queued: 0, skipped: 0 };
    const userIds = event.recipients.map((r) => r.userId);
    const quiet = await tx.query<{
      user_id: number;
      start_minute: number;
      end_minute: number;
      time_zone: string;
    }>(
      'SELECT user_id, start_minute, end_minute, time_zone FROM alert_quiet_hours WHERE user_id = ANY($1::int[])',
      [userIds],
    );
    const windows = new Map<number, QuietWindow>(
      quiet.rows.map((r) => [
        Number(r.user_id),
        { startMinute: Number(r.start_minute), endMinute: Number(r.end_minute), timeZone: r.time_zone },
      ]),
    );
    const rule = QUIET_HOURS_RULE[event.kind];
    const rows = event.recipients.map((recipient) => {
      const until = quietUntil(now, windows.get(recipient.userId));
      return {
        userId: recipient.userId,
        payload: recipient.payload,
        state: until && rule === 'skip' ? 'skipped' : 'queued',
        dueAt: (until && rule === 'hold' ? until : now).toISOString(),
      };
    });
    const result = await tx.query<{ state: string }>(
      `INSERT INTO alert_deliveries (event_id, subscription_id, user_id, payload, ttl_seconds, urgency, state, due_at,
                                     created_at)
       SELECT $1, s.id, x."userId", x.payload, $3, $4, x.state, x."dueAt", $5
         FROM jsonb_to_recordset($2::jsonb) AS x("userId" int, payload jsonb, state text, "dueAt" timestamptz)
         JOIN push_subscriptions s ON s.user_id = x."userId"
       ON CONFLICT (event_id, subscription_id) DO NOTHING
       RETURNING state`,
      [
        eventId,
        JSON.stringify(rows),
        ALERT_TTL_SECONDS[event.kind],
        ALERT_URGENCY[event.kind],
        now.toISOString(),
      ],
    );
    const skipped = result.rows.filter((r) => r.state === 'skipped').length;
    return { duplicate: false, queued: result.rows.length - skipped, skipped };
  });
}
