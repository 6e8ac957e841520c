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
import { MemberMemo } from './member-memo.js';

/** How long a live session is remembered, in ms. */
export const SESSION_MEMO_MS = 30_000;

/** Sessions remembered at most; the oldest is forgotten first beyond it. */
export const SESSION_MEMO_MAX = 100_000;

/**
 * The remembered sessions of one process, by session row id (the token's hash): a {@link MemberMemo}
 * of the member each session belongs to.
 *
 * @example
 * ```ts
 * const memo = new SessionMemo((userId) => bus.invalidate({ scope: 'member', userId }));
 * bus.subscribe((event) => event.scope === 'member' && memo.forgetUser(event.userId));
 * const epoch = memo.epoch;
 * const userId = memo.lookup(id) ?? (await readFromDatabase(id)); // then memo.rememberSession(id, ..., epoch)
 * ```
 */
export class SessionMemo extends MemberMemo<number> {
  /**
   * @param tellAll Tells every process that a member's sessions ended (the app: a member invalidation on
   *   its bus, which comes back here as {@link forgetUser}).
   * @param ttlMs How long a session is remembered.
   * @param now The clock (tests move it).
   * @param max How many sessions are remembered at most.
   */
  constructor(
    private readonly tellAll: (userId: number) => void,
    ttlMs = SESSION_MEMO_MS,
    now: () => number = Date.now,
    max = SESSION_MEMO_MAX,
  ) {
    super(ttlMs, now, max);
  }

  /** Remembers a session found live, until its expiry at most, unless a forget happened since `epoch`. */
  rememberSession(id: string, userId: number, expiresAt: Date, epoch: number): void {
    this.remember(id, userId, userId, epoch, expiresAt);
  }

  /** Sessions of `userId` ended (or changed): every process forgets them. */
  ended(userId: number): void {
    this.forgetUser(userId);
    this.tellAll(userId);
  }
}
