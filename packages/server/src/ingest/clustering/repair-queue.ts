/**
 * The repairs of split stories (`merge-split-stories.ts`) of one worker, run one after the other
 * beside its batches instead of before the next one. A repair locks the stories it joins, so it waits
 * for any other worker's batch that holds one of them: measured in the workers benchmark on 2026-12-01,
 * a repair awaited in the batch's turn held that worker's next batch for up to a second (the other
 * worker's whole transaction) several times a run. Queued, it waits while its worker stores the next
 * batch. At most `limit` repairs wait: a worker whose repairs fall behind waits for them before it
 * queues another, so the queue stays short and a split is joined within a batch or two.
 * @module
 */

/** Most repairs queued by default before `add` waits. */
export const DEFAULT_REPAIRS_QUEUED = 2;

/** A queue of repairs that run one at a time, in the order queued. */
export class RepairQueue {
  private tail: Promise<void> = Promise.resolve();
  private queued = 0;
  private readonly limit: number;

  /** @param limit most repairs queued before {@link add} waits for the one before (default 2). */
  constructor(limit = DEFAULT_REPAIRS_QUEUED) {
    this.limit = Math.max(1, limit);
  }

  /**
   * Queues a repair. Resolves at once, or, when `limit` repairs are queued already, once the repair
   * before this one has run. A repair that fails is dropped: it improves what is stored, it is never
   * a condition of it.
   * @example
   * await repairs.add(() => mergeSplitStories(db, leads, signatures));
   */
  async add(repair: () => Promise<unknown>): Promise<void> {
    const before = this.tail;
    this.queued++;
    this.tail = before
      .then(repair)
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => {
        this.queued--;
      });
    if (this.queued > this.limit) await before;
  }

  /** Resolves once every repair queued so far has run. */
  idle(): Promise<void> {
    return this.tail;
  }
}
