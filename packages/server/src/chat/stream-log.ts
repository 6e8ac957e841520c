/**
 * The durable per-stream log of realtime broadcasts (design "Realtime"): a broadcast is appended here,
 * inside the transaction of the write it announces, and only published once that transaction has
 * committed. So whatever a client was told (an acknowledged POST, a delivered broadcast) survives a
 * crash, even `kill -9`, and a reconnecting client can be served what it missed: `since(offset)` and
 * `sinceTime(time)` are what AnyCable's `history` command reads.
 *
 * Each stream has an epoch (random, fixed until the stream's log is reset) and offsets 1, 2, 3...
 * without gaps: the stream's `stream_heads` row is locked by the append's upsert until its transaction
 * ends, so concurrent appends to one stream take turns and a rolled-back append gives its offset back.
 * @module
 */
import { randomBytes } from 'node:crypto';
import type { Broadcaster } from '../cable/broadcaster.js';
import type { Database, Queryable } from '../db/database.js';

/** One logged broadcast. */
export interface StreamEntry {
  /** The stream, e.g. `chat_channel:12`. */
  stream: string;
  /** Its position in the stream, from 1, increasing by one. */
  offset: number;
  /** The stream's epoch: a client holding another epoch's offsets must start over. */
  epoch: string;
  /** What was broadcast (without `offset`/`epoch`, which {@link deliveredPayload} adds). */
  payload: Record<string, unknown>;
  /** When it was appended. */
  createdAt: Date;
}

interface EntryRow {
  stream: string;
  offset: string | number;
  epoch: string;
  payload: Record<string, unknown> | string;
  created_at: Date | string;
}

const toEntry = (row: EntryRow): StreamEntry => ({
  stream: row.stream,
  offset: Number(row.offset),
  epoch: row.epoch,
  payload: typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
  createdAt: new Date(row.created_at),
});

/** The most entries one read answers (a client further behind reads again from the last offset). */
export const STREAM_READ_LIMIT = 1000;

/**
 * Appends `payload` to `stream` on `tx` (call it inside the transaction of the write it announces)
 * and answers the entry with its offset and epoch.
 *
 * @example
 * ```ts
 * const entry = await db.transaction(async (tx) => {
 *   await tx.query('INSERT INTO chat_messages ...');
 *   return appendToStream(tx, 'chat_channel:3', { messages: [message] });
 * });
 * await publishEntry(app.broadcaster, entry);
 * ```
 */
export async function appendToStream(
  tx: Queryable,
  stream: string,
  payload: Record<string, unknown>,
): Promise<StreamEntry> {
  const head = await tx.query<{ epoch: string; last_offset: string | number }>(
    `INSERT INTO stream_heads (stream, epoch, last_offset) VALUES ($1, $2, 1)
     ON CONFLICT (stream) DO UPDATE SET last_offset = stream_heads.last_offset + 1
     RETURNING epoch, last_offset`,
    [stream, randomBytes(8).toString('hex')],
  );
  const { epoch, last_offset } = head.rows[0] as { epoch: string; last_offset: string | number };
  const { rows } = await tx.query<EntryRow>(
    `INSERT INTO stream_log (stream, "offset", epoch, payload) VALUES ($1, $2, $3, $4::jsonb)
     RETURNING stream, "offset", epoch, payload, created_at`,
    [stream, Number(last_offset), epoch, JSON.stringify(payload)],
  );
  return toEntry(rows[0] as EntryRow);
}

/** The payload a broadcast carries: what was logged plus its stream offset and epoch. */
export function deliveredPayload(entry: StreamEntry): Record<string, unknown> {
  return { ...entry.payload, offset: entry.offset, epoch: entry.epoch };
}

/** Publishes logged entries through the broadcaster, in log order (after their transaction committed). */
export async function publishEntries(
  broadcaster: Broadcaster,
  entries: readonly StreamEntry[],
): Promise<void> {
  for (const entry of entries) {
    await broadcaster.publish(entry.stream, deliveredPayload(entry), {
      epoch: entry.epoch,
      offset: entry.offset,
    });
  }
}

/** The stream's current epoch and last offset, or null when nothing was ever appended. */
export async function streamHead(
  db: Queryable,
  stream: string,
): Promise<{ epoch: string; offset: number } | null> {
  const { rows } = await db.query<{ epoch: string; last_offset: string | number }>(
    'SELECT epoch, last_offset FROM stream_heads WHERE stream = $1',
    [stream],
  );
  const row = rows[0];
  return row ? { epoch: row.epoch, offset: Number(row.last_offset) } : null;
}

/**
 * The entries of `stream` after `offset` (exclusive), oldest first, at most `limit`.
 *
 * @example
 * ```ts
 * const missed = await streamSince(db, 'chat_channel:3', 41); // offsets 42, 43, ...
 * ```
 */
export async function streamSince(
  db: Queryable,
  stream: string,
  offset: number,
  limit: number = STREAM_READ_LIMIT,
): Promise<StreamEntry[]> {
  const { rows } = await db.query<EntryRow>(
    `SELECT stream, "offset", epoch, payload, created_at FROM stream_log
     WHERE stream = $1 AND "offset" > $2 ORDER BY "offset" LIMIT $3`,
    [stream, offset, limit],
  );
  return rows.map(toEntry);
}

/** The entries of `stream` appended at or after `time`, oldest first, at most `limit`. */
export async function streamSinceTime(
  db: Queryable,
  stream: string,
  time: Date,
  limit: number = STREAM_READ_LIMIT,
): Promise<StreamEntry[]> {
  const { rows } = await db.query<EntryRow>(
    `SELECT stream, "offset", epoch, payload, created_at FROM stream_log
     WHERE stream = $1 AND created_at >= $2 ORDER BY "offset" LIMIT $3`,
    [stream, time.toISOString(), limit],
  );
  return rows.map(toEntry);
}

/**
 * Forgets a stream's log: the next append starts a new epoch at offset 1, so clients holding old
 * offsets learn that their position is gone (and reload) instead of being served the wrong entries.
 */
export async function resetStream(db: Database, stream: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM stream_heads WHERE stream = $1', [stream]);
    await tx.query('DELETE FROM stream_log WHERE stream = $1', [stream]);
  });
}
