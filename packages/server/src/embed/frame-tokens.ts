/**
 * The chat embed's signed tokens (issue 14): a one-minute, single-use sign-in code that the signed-in
 * popup hands to the frame, and the frame session the frame gets for it. Both are stateless HMACs over
 * the member's session row id and an expiry, so no table is needed, and both die with that session
 * (sign-out, password change, expiry): every check looks the session up again.
 * @module
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CHAT_EMBED_CODE_SECONDS, CHAT_EMBED_SESSION_SECONDS } from '@sportspyder/contract';
import type { Database } from '../db/database.js';

/** What a token is for: a sign-in code or a frame session (one never passes for the other). */
type TokenKind = 'code' | 'frame';

interface Payload {
  /** The session row id (SHA-256 of the cookie token) the token rides on. */
  s: string;
  /** Expiry, epoch seconds. */
  e: number;
  /** Random nonce (codes are single use by it). */
  n: string;
}

/** Options of {@link createFrameTokens}. */
export interface FrameTokensOptions {
  db: Database;
  /** Key material (CSRF_SECRET's value, shared by every process); a per-process key when unset. */
  secret: string | undefined;
  /** Clock in ms (tests). */
  now?: () => number;
}

/** Issues and checks the chat embed's codes and frame sessions. */
export interface FrameTokens {
  /** A new sign-in code for the session row `sessionId`. */
  issueCode(sessionId: string): string;
  /**
   * Redeems a code: a frame session for the same member session, or null when the code is forged,
   * expired, used before or its session ended.
   */
  redeemCode(code: string): Promise<string | null>;
  /** The member of a frame session, or null when it is forged, expired or its session ended. */
  verifyFrame(token: string): Promise<number | null>;
}

/**
 * Creates the token service.
 *
 * @example
 * ```ts
 * const tokens = createFrameTokens({ db, secret: config.csrfSecret });
 * const code = tokens.issueCode(sessionIdFor(cookieToken));
 * ```
 */
export function createFrameTokens(options: FrameTokensOptions): FrameTokens {
  const { db } = options;
  const now = options.now ?? Date.now;
  // A key of its own, derived from the shared secret: a CSRF token can never pass for a frame token.
  const key = createHmac('sha256', options.secret ?? randomBytes(32))
    .update('sportspyder chat embed frame tokens')
    .digest();
  /** Nonces of redeemed codes until they expire (per process; a code lives one minute). */
  const used = new Map<string, number>();

  const mac = (data: string) => createHmac('sha256', key).update(data).digest('base64url');

  function sign(kind: TokenKind, sessionId: string, seconds: number): string {
    const payload: Payload = {
      s: sessionId,
      e: Math.floor(now() / 1000) + seconds,
      n: randomBytes(12).toString('base64url'),
    };
    const body = `${kind}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
    return `${body}.${mac(body)}`;
  }

  function open(kind: TokenKind, token: string): Payload | null {
    if (token.length > 512) return null;
    const parts = token.split('.');
    if (parts.length !== 3 || parts[0] !== kind) return null;
    const body = `${parts[0]}.${parts[1]}`;
    const expected = Buffer.from(mac(body));
    const given = Buffer.from(parts[2] ?? '');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const payload = JSON.parse(Buffer.from(parts[1] ?? '', 'base64url').toString('utf8')) as Payload;
      if (typeof payload.s !== 'string' || typeof payload.e !== 'number' || typeof payload.n !== 'string') {
        return null;
      }
      return payload.e > now() / 1000 ? payload : null;
    } catch {
      return null;
    }
  }

  async function sessionUser(sessionId: string): Promise<number | null> {
    const { rows } = await db.query<{ user_id: number }>(
      'SELECT user_id FROM sessions WHERE id = $1 AND expires_at > now()',
      [sessionId],
    );
    return rows[0]?.user_id ?? null;
  }

  return {
    issueCode: (sessionId) => sign('code', sessionId, CHAT_EMBED_CODE_SECONDS),
    async redeemCode(code) {
      const payload = open('code', code);
      if (!payload || used.has(payload.n)) return null;
      const at = now() / 1000;
      for (const [nonce, expiry] of used) if (expiry <= at) used.delete(nonce);
      used.set(payload.n, payload.e);
      if ((await sessionUser(payload.s)) === null) return null;
      return sign('frame', payload.s, CHAT_EMBED_SESSION_SECONDS);
    },
    async verifyFrame(token) {
      const payload = open('frame', token);
      return payload ? sessionUser(payload.s) : null;
    },
  };
}
