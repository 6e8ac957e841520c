/**
 * Sessions of the extended protocol (`actioncable-v1-ext-json`) kept for recovery: a reconnecting
 * client names its previous session id (`?sid=` or the `X-AnyCable-Restore-Sid` header) and gets its
 * subscriptions back without subscribing again. Kept in this process for a few minutes, as AnyCable's
 * memory broker does; a client that reconnects to another process (or after a restart) is simply not
 * restored and subscribes again with its stream positions, which loses nothing either.
 * @module
 */
import { randomBytes } from 'node:crypto';

/** What a session restores. */
export interface CableSession {
  /** The signed-in user of the session (a restore needs the same one). */
  userId: number | null;
  /** The identifiers of its confirmed subscriptions. */
  identifiers: Set<string>;
  /** When a closed session is forgotten (ms since the epoch); undefined while its socket is open. */
  expiresAt?: number;
}

/** How long a closed session can be restored (AnyCable's default `sessions_ttl`). */
export const SESSION_TTL_MS = 300_000;

/** The sessions of one process, by id. */
export class CableSessions {
  private readonly sessions = new Map<string, CableSession>();
  private lastSweep = 0;

  constructor(private readonly ttlMs = SESSION_TTL_MS) {}

  /** Starts a session with a new unguessable id (128 random bits). */
  open(userId: number | null): { sid: string; session: CableSession } {
    this.sweep();
    const sid = randomBytes(16).toString('base64url');
    const session: CableSession = { userId, identifiers: new Set() };
    this.sessions.set(sid, session);
    return { sid, session };
  }

  /** Marks a session's socket closed: it can be restored until the TTL runs out. */
  closed(sid: string): void {
    const session = this.sessions.get(sid);
    if (session) session.expiresAt = Date.now() + this.ttlMs;
  }

  /**
   * Takes over a previous session for `userId` (answers null when unknown, expired or another user's);
   * it cannot be restored twice.
   */
  take(sid: string, userId: number | null): CableSession | null {
    this.sweep();
    const session = this.sessions.get(sid);
    if (!session || session.userId !== userId) return null;
    if (session.expiresAt !== undefined && session.expiresAt <= Date.now()) return null;
    this.sessions.delete(sid);
    return session;
  }

  /** Forgets everything (the server stops). */
  clear(): void {
    this.sessions.clear();
  }

  // At most every few seconds: a reconnecting crowd must not scan the map once per connection.
  private sweep(): void {
    const now = Date.now();
    if (now - this.lastSweep < 5000) return;
    this.lastSweep = now;
    for (const [sid, session] of this.sessions)
      if (session.expiresAt !== undefined && session.expiresAt <= now) this.sessions.delete(sid);
  }
}
