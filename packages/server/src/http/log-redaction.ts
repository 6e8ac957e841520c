/**
 * Secrets out of the logs (issue 47, "Secrets stay secret"): hash links carry their credential in the
 * URL (reset and verification codes, the 365-day e-mail preference and unsubscribe links, the
 * subscriber and join links, the e-mail change undo link, WebSub callbacks), and Fastify logs
 * `req.url` on every request. Every log line goes through these serializers and this message hook, so
 * the request log, the error reports (`err` messages and stacks) and any line that quotes a URL
 * (Fastify's "Route ... not found", a future slow-request line) print {@link REDACTED} in place of the
 * secret. The rules are by path shape, not by route, so a 404 on a mistyped link is redacted too.
 * @module
 */
import type { FastifyRequest } from 'fastify';

/** What a secret is replaced with in the logs. */
export const REDACTED = '[REDACTED]';

/**
 * Paths whose segment after the prefix is a credential (the site's pages and the API calls behind
 * them). Each captures the prefix (kept) and the secret segment (replaced).
 */
const SECRET_PATHS: readonly RegExp[] = [
  // API calls by hash: reset links, verification codes, preference pages, subscribers, e-mail change undo.
  /(\/api\/v1\/(?:lost_passwords|verifications|email\/accounts|subscribers|email_changes)\/)([^/?#\s"']+)/g,
  // The site's pages of those links, and the WebSub callback.
  /((?:^|[\s"'(:]|https?:\/\/[^/\s"']+)\/(?:reset|verify|join|websub\/callback)\/)([^/?#\s"']+)/g,
  // The e-mail pages: /email/<list>/<page>/<hash> (unsubscribe, preferences, frequency, preview, undo).
  /((?:^|[\s"'(:]|https?:\/\/[^/\s"']+)\/email\/[A-Za-z_-]+\/[A-Za-z_-]+\/)([^/?#\s"']+)/g,
];

/** Query parameters whose value is a secret, by name (case-insensitive). */
const SECRET_QUERY =
  /([?&](?:[^=&#\s"']*(?:token|secret|password|code|hash|key|signature|sig|challenge|auth|session|csrf)[^=&#\s"']*)=)([^&#\s"']*)/gi;

/**
 * The text with every secret of a URL replaced by {@link REDACTED}: a URL, or any text quoting one.
 *
 * @example
 * ```ts
 * redactSecrets('/api/v1/lost_passwords/q3X9'); // '/api/v1/lost_passwords/[REDACTED]'
 * redactSecrets('/websub/callback/abc?hub.challenge=xyz'); // '/websub/callback/[REDACTED]?hub.challenge=[REDACTED]'
 * ```
 */
export function redactSecrets(text: string): string {
  let out = text;
  for (const pattern of SECRET_PATHS) out = out.replace(pattern, `$1${REDACTED}`);
  return out.replace(SECRET_QUERY, `$1${REDACTED}`);
}

/** The request as logged: Fastify's default fields, the URL redacted. */
function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactSecrets(request.url) : request.url,
    version: request.headers?.['accept-version'] as string | undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/** An error as pino logs it. */
type LoggedError = { [key: string]: unknown; type: string; message: string; stack: string };

/** An error as logged: pino's standard fields, with the message, the stack and string fields redacted. */
function errorSerializer(error: Error): LoggedError {
  // pino hands over whatever was logged as `err`; anything but an Error is logged as it is.
  if (!(error instanceof Error)) return error as unknown as LoggedError;
  const plain: LoggedError = { type: error.constructor?.name ?? 'Error', message: '', stack: '' };
  for (const [key, value] of Object.entries(error)) {
    plain[key] = typeof value === 'string' ? redactSecrets(value) : value;
  }
  plain.message = redactSecrets(error.message);
  plain.stack = redactSecrets(error.stack ?? '');
  return plain;
}

/** The pino serializers of the app's logger (`req` and `err`; `res` stays Fastify's). */
export const LOG_SERIALIZERS = { req: requestSerializer, err: errorSerializer } as const;

/**
 * pino's `hooks.logMethod`: string arguments of a log call (the message, printf arguments) are
 * redacted, so a line such as Fastify's `Route GET:/reset/<token> not found` leaks nothing.
 */
export function redactLogMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
  method.apply(
    this,
    args.map((arg) => (typeof arg === 'string' ? redactSecrets(arg) : arg)),
  );
}
