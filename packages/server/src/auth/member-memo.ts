/**
 * Answers about members remembered by one process for a short while, each filed under the member it
 * is about, so that a member invalidation (the cache-invalidation bus's `{ scope: 'member', userId }`,
 * sent on every process when a member changes something) forgets everything remembered of them. The
 * live sessions (`session-memo.ts`) and the members found by username (`content/articles/resolve.ts`)
 * are kept this way (issue 15, "Members' pages": each was a statement on every request that used it).
 *
 * Only answers found in the database are remembered, never an absence, so unknown keys cannot fill the
 * memo. A lookup that overlapped a forget is not remembered (read {@link MemberMemo.epoch} before it):
 * it may have read the row just before the change.
 * @module
 */

interface Remembered<V> {
  userId: number;
  value: V;
  /** Epoch ms after which the database is asked again. */
  until: number;
}

/**
 * Values by key, each about one member.
 *
 * @example
 * ```ts
 * const names = new MemberMemo<Resolved>(30_000);
 * const epoch = names.epoch;
 * const found = names.lookup('pat') ?? (await readFromDatabase('pat')); // then:
 * names.remember('pat', found.id, found, epoch);
 * names.forgetUser(found.id); // pat renamed themselves
 * ```
 */
export class MemberMemo<V> {
  private readonly kept = new Map<string, Remembered<V>>();
  private readonly byUser = new Map<number, Set<string>>();
  private forgets = 0;

  /**
   * @param ttlMs How long a value is remembered (0: never).
   * @param now The clock (tests move it).
   * @param max How many values are remembered at most; the oldest is forgotten first beyond it.
   */
  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    private readonly max = 100_000,
  ) {}

  /** A counter of forgets, read before a database lookup and handed to {@link remember}. */
  get epoch(): number {
    return this.forgets;
  }

  /** The remembered value of `key`, or undefined (ask the database). */
  lookup(key: string): V | undefined {
    const found = this.kept.get(key);
    if (!found) return undefined;
    if (this.now() < found.until) return found.value;
    this.drop(key, found.userId);
    return undefined;
  }

  /**
   * Remembers `value`, about `userId`, unless a forget happened since `epoch` was read; never past
   * `expiresAt` when given.
   */
  remember(key: string, userId: number, value: V, epoch: number, expiresAt?: Date): void {
    if (epoch !== this.forgets || this.ttlMs <= 0) return;
    const until = Math.min(this.now() + this.ttlMs, expiresAt?.getTime() ?? Number.POSITIVE_INFINITY);
    const old = this.kept.get(key);
    if (old) this.drop(key, old.userId);
    if (this.kept.size >= this.max) {
      const oldest = this.kept.entries().next().value;
      if (oldest) this.drop(oldest[0], oldest[1].userId);
    }
    this.kept.set(key, { userId, value, until });
    let keys = this.byUser.get(userId);
    if (!keys) {
      keys = new Set();
      this.byUser.set(userId, keys);
    }
    keys.add(key);
  }

  /** Forgets everything remembered of `userId` in this process (a member invalidation). */
  forgetUser(userId: number): void {
    this.forgets++;
    for (const key of this.byUser.get(userId) ?? []) this.kept.delete(key);
    this.byUser.delete(userId);
  }

  /** How many values are remembered (tests, memory figures). */
  get size(): number {
    return this.kept.size;
  }

  private drop(key: string, userId: number): void {
    this.kept.delete(key);
    const keys = this.byUser.get(userId);
    keys?.delete(key);
    if (keys?.size === 0) this.byUser.delete(userId);
  }
}
