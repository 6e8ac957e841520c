/**
 * The websocket Origin allowlist: the server's own origins (the Host it was reached at, localhost and
 * 127.0.0.1 on its port) plus ALLOWED_ORIGINS. It stops cross-site websocket hijacking: a page elsewhere
 * cannot open a socket that carries the member's cookie.
 * @module
 */
import type { IncomingMessage } from 'node:http';

/** Options of {@link isOriginAllowed}. */
export interface OriginPolicy {
  /** Extra allowed origins (`https://example.com`). */
  allowedOrigins: readonly string[];
  /** The port the server listens on. */
  port: number | undefined;
}

/**
 * True when a handshake's Origin is allowed. A handshake without Origin comes from a non-browser
 * client (browsers always send it), which cannot be used for hijacking, so it is let through.
 *
 * @example
 * ```ts
 * isOriginAllowed('http://localhost:8080', req, { allowedOrigins: [], port: 8080 }); // true
 * ```
 */
export function isOriginAllowed(
  origin: string | undefined,
  request: Pick<IncomingMessage, 'headers'>,
  policy: OriginPolicy,
): boolean {
  if (origin === undefined) return true;
  const normalized = origin.trim().replace(/\/$/, '').toLowerCase();
  const own = new Set<string>(policy.allowedOrigins.map((o) => o.toLowerCase()));
  if (policy.port !== undefined) {
    own.add(`http://localhost:${policy.port}`);
    own.add(`http://127.0.0.1:${policy.port}`);
  }
  const host = request.headers.host?.toLowerCase();
  if (host) {
    own.add(`http://${host}`);
    own.add(`https://${host}`);
  }
  return own.has(normalized);
}
