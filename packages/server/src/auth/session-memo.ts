/**
 * Live sessions remembered by one process for a short while (issue 15, "Members' pages"), so that a
 * signed-in member's request does not start with a statement: every member request, cached page or
 * not, needs to know who is asking, and on PGlite that lookup (one statement with its hourly touch) was
 * 0.5-1.2 ms of a computed page and most of a cached one.
 *
 * A session is remembered for {@link SESSION_MEMO_MS} at most, never past its own expiry, and only
 * once it has been found live in the database: an unknown or expired token is looked up every time
 * (it cannot fill the memo). Ending sessions goes through {@link SessionMemo.ended}, which the app wires
 * to its cache-invalidation bus as a member invalidation, so every process (this one at once, the others
 * through Redis within milliseconds) forgets all of that member's sessions: sign-out, rotation at sign-in,
 * a password change or reset, account deletion. The time to live only bounds what the bus cannot tell:
 * a session row changed by hand in the database, or an invalidation lost in a Redis outage.
 * @module
 */

/** How long a live session is remembered, in ms. */
export const SESSION_MEMO_MS = 30_000;

/** Sessions remembered at most; the oldest is forgotten first beyond it. */
export const SESSION_MEMO_MAX = 100_000;

interface Remembered {
  userId: number;
  /** Epoch ms after which the database is asked again. */
  until: number;
}

/**
 * The remembered sessions of one process, by session row id (the token's hash).
 *
 * @example
 * ```ts
 * const memo = new SessionMemo((userId) => bus.invalidate({ scope: 'member', userId }));
 * bus.subscribe((event) => event.scope === 'member' && memo.forgetUser(event.userId));
 * const epoch = memo.epoch;
 * const userId = memo.lookup(id) ?? (await readFromDatabase(id)); // then memo.remember(id, ..., epoch)
 * ```
 */
export class SessionMemo {
  private readonly sessions = new Map<string, Remembered>();
  private readonly byUser = new Map<number, Set<string>>();
  private forgets = 0;

  /**
   * @param tellAll Tells every process that a member's sessions ended (the app: a member invalidation on
   *   its bus, which comes back here as {@link forgetUser}).
   * @param ttlMs How long a session is remembered.
   * @param now The clock (tests move it).
   * @param max How many sessions are remembered at most.
   */
  constructor(
    private readonly tellAll: (userId: number) => void,
    private readonly ttlMs = SESSION_MEMO_MS,
    private readonly now: () => number = Date.now,
    private readonly max = SESSION_MEMO_MAX,
  ) {}

  /**
   * A counter of forgets, read before a database lookup and handed to {@link remember}: a lookup that
   * overlapped a sign-out may have read the row before it was deleted, so its answer is not remembered.
   */
  get epoch(): number {
    return this.forgets;
  }

  /** The member of a remembered live session, or undefined (ask the database). */
  lookup(id: string): number | undefined {
    const found = this.sessions.get(id);
    if (!found) return undefined;
    if (this.now() < found.until) return found.userId;
    this.drop(id, found.userId);
    return undefined;
  }

  /** Remembers a session found live, unless a forget happened since `epoch` was read. */
  remember(id: string, userId: number, expiresAt: Date, epoch: number): void {
    if (epoch !== this.forgets || this.ttlMs <= 0) return;
    const until = Math.min(this.now() + this.ttlMs, expiresAt.getTime());
    const old = this.sessions.get(id);
    if (old) this.drop(id, old.userId);
    if (this.sessions.size >= this.max) {
      const oldest = this.sessions.entries().next().value;
      if (oldest) this.drop(oldest[0], oldest[1].userId);
    }
    this.sessions.set(id, { userId, until });
    let ids = this.byUser.get(userId);
    if (!ids) {
      ids = new Set();
      this.byUser.set(userId, ids);
    }
    ids.add(id);
  }

  /** Sessions of `userId` ended (or changed): every process forgets them. */
  ended(userId: number): void {
    this.forgetUser(userId);
    this.tellAll(userId);
  }

  /** Forgets every remembered session of `userId` in this process (a member invalidation). */
  forgetUser(userId: number): void {
    this.forgets++;
    for (const id of this.byUser.get(userId) ?? []) this.sessions.delete(id);
    this.byUser.delete(userId);
  }

  /** How many sessions are remembered (tests, memory figures). */
  get size(): number {
    return this.sessions.size;
  }

  private drop(id: string, userId: number): void {
    this.sessions.delete(id);
    const ids = this.byUser.get(userId);
    ids?.delete(id);
    if (ids?.size === 0) this.byUser.delete(userId);
  }
}
