/**
 * Security headers (@fastify/helmet) and request limits (@fastify/rate-limit) of the security baseline:
 * a CSP without inline scripts, nosniff, a strict Referrer-Policy, HSTS in production, 429 with Retry-After.
 * @module
 */
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';

/** Header that skips rate limiting (spec "skip-limit flag"). */
export const SKIP_LIMIT_HEADER = 'x-skip-limit';

/** The Content-Security-Policy directives of every response. */
export function cspDirectives(config: Pick<ServerConfig, 'production'>): Record<string, string[] | null> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // React sets style attributes and the embeds inject style tags; styles cannot run code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    mediaSrc: ["'self'", 'https:'],
    frameSrc: ["'self'", 'https://www.youtube.com'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    // Upgrading would break plain-http development on localhost; production runs behind TLS.
    upgradeInsecureRequests: config.production ? [] : null,
  };
}

/** Registers helmet with the project's policy. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'production'>,
): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * True when a request may skip rate limiting: it carries `X-Skip-Limit`, and either the server is not in
 * production or the header equals RATE_LIMIT_SKIP_SECRET.
 */
export function skipsRateLimit(
  request: Pick<FastifyRequest, 'headers'>,
  config: Pick<ServerConfig, 'production' | 'rateLimitSkipSecret'>,
): boolean {
  const value = request.headers[SKIP_LIMIT_HEADER];
  if (typeof value !== 'string') return false;
  if (!config.production) return true;
  return config.rateLimitSkipSecret !== undefined && value === config.rateLimitSkipSecret;
}

/**
 * Registers rate limiting on the routes of `app` (call it inside the API's plugin scope): RATE_LIMIT_MAX
 * per minute and IP; routes can set a stricter `config.rateLimit`.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'production' | 'rateLimitSkipSecret' | 'rateLimitMax'>,
): Promise<void> {
  await app.register(rateLimit, {
    max: config.rateLimitMax,
    timeWindow: 60_000,
    allowList: (request) => skipsRateLimit(request, config),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode }),
  });
}
