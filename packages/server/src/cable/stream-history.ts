/**
 * What the extended protocol's `history` command reads: the logged broadcasts of a stream after a
 * position, or since a time. The cable server only knows this interface; `streamLogHistory` serves it
 * from the durable stream log in the database.
 * @module
 */
import type { StreamPosition } from './broadcaster.js';

/** One logged broadcast, as a client receives it. */
export interface HistoryEntry {
  /** The message, exactly as it was broadcast live. */
  message: Record<string, unknown>;
  /** Its place in the stream. */
  position: StreamPosition;
}

/** Reads a stream's logged broadcasts. */
export interface StreamHistory {
  /**
   * The entries after `position` (exclusive), oldest first; null when `position` cannot be served
   * (another epoch, or a stream never logged), which the client learns as `reject_history`.
   */
  since(stream: string, position: StreamPosition): Promise<HistoryEntry[] | null>;
  /**
   * The entries logged at or after `time`, oldest first (none for a stream never logged); null when
   * there are too many to send (the client learns `reject_history` and reloads instead).
   */
  sinceTime(stream: string, time: Date): Promise<HistoryEntry[] | null>;
}
