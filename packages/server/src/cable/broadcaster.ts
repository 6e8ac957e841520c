/**
 * The pub/sub seam of realtime: channels subscribe to named streams and the app publishes to them.
 * The in-process implementation serves one server; the Redis one (REDIS_URL) serves several.
 * @module
 */

/** A message as delivered: the published fields plus the per-stream sequence number. */
export type DeliveredMessage = Record<string, unknown> & {
  /** Increases by one per message of the stream, so clients can detect gaps. */
  seq: number;
};

/**
 * Where a message sits in its stream's durable log (the `epoch` names one life of the log, the
 * `offset` counts from 1 within it). Messages published with it can be replayed to clients of the
 * extended protocol (`history`); messages without it are live only.
 */
export interface StreamPosition {
  /** The log's epoch: offsets of different epochs are not comparable. */
  epoch: string;
  /** The message's offset in the log. */
  offset: number;
}

/** Called for each message of a stream, with its log position when it has one. */
export type StreamListener = (message: DeliveredMessage, position?: StreamPosition) => void;

/** Publishes messages to streams and delivers them to stream subscribers. */
export interface Broadcaster {
  /** Sends `message` to every subscriber of `stream` (adding `seq`), with its log position if logged. */
  publish(stream: string, message: Record<string, unknown>, position?: StreamPosition): Promise<void>;
  /** Calls `listener` for every message of `stream`; answers the function that stops it. */
  subscribe(stream: string, listener: StreamListener): () => void;
  /** Releases connections (no-op in process). */
  close(): Promise<void>;
}
