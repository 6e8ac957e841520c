/**
 * Whether a request comes from this machine (issue 47): outside production the development aids
 * (`/dev/mail`, the `X-Skip-Limit` header without a secret) answer only such requests, so a
 * development or staging server reachable from a network does not show its outbox (reset links,
 * verification codes) or lift its rate limits for anyone. The socket's address decides, never
 * `request.ip`, which `TRUST_PROXY` takes from `X-Forwarded-For`, a header the client writes; and a
 * request that a proxy forwarded counts only when every address it names is a loopback one too, so a
 * proxy on this machine does not make the whole network local.
 * @module
 */
import type { FastifyRequest } from 'fastify';

/** True for 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const bare = address.trim().toLowerCase();
  if (bare === '::1' || bare === '0:0:0:0:0:0:0:1') return true;
  const v4 = bare.startsWith('::ffff:') ? bare.slice(7) : bare;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * True when the request's connection comes from a loopback address and no forwarded address names
 * another host.
 *
 * @example
 * ```ts
 * if (!isLoopbackRequest(request)) return reply.code(404).send('Not found');
 * ```
 */
export function isLoopbackRequest(request: Pick<FastifyRequest, 'headers' | 'raw'>): boolean {
  if (!isLoopbackAddress(request.raw.socket?.remoteAddress)) return false;
  const forwarded = request.headers['x-forwarded-for'];
  if (forwarded === undefined) return true;
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : forwarded).split(',');
  return hops.every((hop) => isLoopbackAddress(hop));
}
