/**
 * Parts of the feeds that are the same for every reader, member or visitor, computed once per key and
 * reused for a short time by this process: today's top stories, and a team's or sport's trending
 * players on its feed (issue 15, "Members' pages": a member's feed is computed for them alone, but its
 * players part is nobody's own, and it was a quarter of the team feed's statement).
 *
 * Only time makes such a part old, not ingestion: the visitors' and members' page caches are emptied
 * when new articles are stored, and the pages computed next take the kept part as it is, at most
 * {@link SHARED_ANSWER_MS} behind (a player card's latest two headlines; top stories' order). Concurrent
 * readers of a missing key share one computation; a failed one is not kept. The content routes'
 * memo of found sports, teams and topics (`articles/resolve.ts`) is one of these too, kept 60 s.
 * @module
 */

/** How long a shared part is reused, in ms. */
export const SHARED_ANSWER_MS = 30_000;

/**
 * Shared parts by key (a few hundred keys at most: one per team and sport, and top stories).
 *
 * @example
 * ```ts
 * const shared = new SharedAnswers<Player[]>(SHARED_ANSWER_MS);
 * const players = await shared.get(`team:${teamId}`, () => loadPlayersOf(db, trendingOf(teamId)));
 * ```
 */
export class SharedAnswers<T> {
  private readonly kept = new Map<string, { at: number; value: Promise<T> }>();

  /**
   * @param ttlMs How long an answer is reused (0: computed every time, as tests want).
   * @param now The clock (tests move it).
   */
  constructor(
    private readonly ttlMs: number = SHARED_ANSWER_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The kept answer of `key`, or `compute()`'s, kept from now. `compute` is called synchronously, so
   * its statements join those sent in the same turn (`OneRowBatch`).
   */
  get(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return compute();
    const at = this.now();
    const found = this.kept.get(key);
    if (found && at - found.at < this.ttlMs) return found.value;
    const value = compute();
    this.kept.set(key, { at, value });
    value.catch(() => {
      if (this.kept.get(key)?.value === value) this.kept.delete(key);
    });
    return value;
  }
}
