/**
 * The pub/sub seam of realtime: channels subscribe to named streams and the app publishes to them.
 * The in-process implementation serves one server; a Redis one can replace it for several.
 * @module
 */

/** A message as delivered: the published fields plus the per-stream sequence number. */
export type DeliveredMessage = Record<string, unknown> & {
  /** Increases by one per message of the stream, so clients can detect gaps. */
  seq: number;
};

/** Publishes messages to streams and delivers them to stream subscribers. */
export interface Broadcaster {
  /** Sends `message` to every subscriber of `stream` (adding `seq`). */
  publish(stream: string, message: Record<string, unknown>): Promise<void>;
  /** Calls `listener` for every message of `stream`; answers the function that stops it. */
  subscribe(stream: string, listener: (message: DeliveredMessage) => void): () => void;
  /** Releases connections (no-op in process). */
  close(): Promise<void>;
}
