/**
 * A process-wide nudge for the WebSub renewal job: the ingest pipeline queues a subscription in the
 * database (the durable queue every process's job reads) and then wakes the job of this process, so a
 * new feed's subscription is asked for within moments instead of at the job's next round.
 * @module
 */

const listeners = new Set<() => void>();

/** Wakes the WebSub jobs of this process (no-op when none runs). */
export function wakeWebSubJob(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` on every wake; answers the function that stops it. */
export function onWebSubWake(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
