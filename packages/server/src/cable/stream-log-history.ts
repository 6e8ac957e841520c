/**
 * The extended protocol's `history`, served from the durable stream log (`chat/stream-log.ts`): the
 * same messages, with the same offsets and epochs, that went out live. A client further behind than
 * {@link HISTORY_MAX_ENTRIES} messages is refused (`reject_history`) and reloads through REST instead
 * of receiving a flood over the socket.
 * @module
 */
import {
  deliveredPayload,
  STREAM_READ_LIMIT,
  type StreamEntry,
  streamHead,
  streamSince,
  streamSinceTime,
} from '../chat/stream-log.js';
import type { Queryable } from '../db/database.js';
import type { HistoryEntry, StreamHistory } from './stream-history.js';

/** The most messages one `history` answer replays per stream. */
export const HISTORY_MAX_ENTRIES = 1000;

const toHistoryEntry = (entry: StreamEntry): HistoryEntry => ({
  message: deliveredPayload(entry),
  position: { epoch: entry.epoch, offset: entry.offset },
});

/** Reads on from `first` (one page already read) until the log ends; null past the cap. */
async function readOn(db: Queryable, stream: string, first: StreamEntry[]): Promise<HistoryEntry[] | null> {
  const entries = [...first];
  let page = first;
  while (page.length === STREAM_READ_LIMIT && entries.length <= HISTORY_MAX_ENTRIES) {
    page = await streamSince(db, stream, (page.at(-1) as StreamEntry).offset);
    entries.push(...page);
  }
  return entries.length > HISTORY_MAX_ENTRIES ? null : entries.map(toHistoryEntry);
}

/**
 * A {@link StreamHistory} on the database's stream log.
 *
 * @example
 * ```ts
 * new CableServer({ ..., history: streamLogHistory(db) });
 * ```
 */
export function streamLogHistory(db: Queryable): StreamHistory {
  return {
    async since(stream, position) {
      const head = await streamHead(db, stream);
      // Another epoch (the log was reset) or a position the log never reached cannot be continued.
      if (!head || head.epoch !== position.epoch || position.offset > head.offset) return null;
      if (head.offset - position.offset > HISTORY_MAX_ENTRIES) return null;
      return readOn(db, stream, await streamSince(db, stream, position.offset));
    },
    async sinceTime(stream, time) {
      return readOn(db, stream, await streamSinceTime(db, stream, time));
    },
  };
}
