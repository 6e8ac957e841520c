/**
 * The in-process {@link Broadcaster}: a map of stream listeners and a counter per stream.
 * @module
 */
import type { Broadcaster, DeliveredMessage, StreamListener, StreamPosition } from './broadcaster.js';

/** A {@link Broadcaster} inside one process. */
export class MemoryBroadcaster implements Broadcaster {
  private readonly listeners = new Map<string, Set<StreamListener>>();
  private readonly sequences = new Map<string, number>();
  /** Receives errors thrown by listeners (one bad socket must not stop the others). */
  onListenerError: (error: unknown) => void = () => {};

  /** {@inheritDoc Broadcaster.publish} */
  async publish(stream: string, message: Record<string, unknown>, position?: StreamPosition): Promise<void> {
    const seq = (this.sequences.get(stream) ?? 0) + 1;
    this.sequences.set(stream, seq);
    const delivered: DeliveredMessage = { ...message, seq };
    for (const listener of [...(this.listeners.get(stream) ?? [])]) {
      try {
        listener(delivered, position);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  /** {@inheritDoc Broadcaster.subscribe} */
  subscribe(stream: string, listener: StreamListener): () => void {
    let set = this.listeners.get(stream);
    if (!set) {
      set = new Set();
      this.listeners.set(stream, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(stream);
    };
  }

  /** Number of listeners of a stream (tests, metrics). */
  listenerCount(stream: string): number {
    return this.listeners.get(stream)?.size ?? 0;
  }

  /** {@inheritDoc Broadcaster.close} */
  async close(): Promise<void> {
    this.listeners.clear();
  }
}
