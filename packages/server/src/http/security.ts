/**
 * Security headers (helmet) and request limits (@fastify/rate-limit) of the security baseline:
 * a CSP without inline scripts, nosniff, a strict Referrer-Policy, HSTS in production, 429 with Retry-After.
 * @module
 */

import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { ServerConfig } from '../config.js';
import { isPageCacheRefresh } from './background-refresh.js';
import { sameSecret } from './constant-time.js';
import { isLoopbackRequest } from './loopback.js';

/** Header that skips rate limiting (spec "skip-limit flag"). */
export const SKIP_LIMIT_HEADER = 'x-skip-limit';

/** The settings the policy depends on: production, and the third-party scripts that are configured. */
export type CspConfig = Pick<ServerConfig, 'production'> &
  Partial<Pick<ServerConfig, 'recaptchaSiteKey' | 'stripePublishableKey'>>;

/**
 * The hosts Google reCAPTCHA v3 needs (Google's "reCAPTCHA FAQ: CSP"): its script and the iframe
 * that computes the score. Allowed only when RECAPTCHA_SITE_KEY is set.
 */
export const RECAPTCHA_CSP = {
  scriptSrc: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frameSrc: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
} as const;

/**
 * The hosts Stripe.js with the card element needs (Stripe's "Content Security Policy" page): the
 * script, its iframes (the card field and 3-D Secure) and its API. Allowed only when
 * STRIPE_PUBLISHABLE_KEY is set.
 */
export const STRIPE_CSP = {
  scriptSrc: ['https://js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
} as const;

/** The Content-Security-Policy directives of every response. */
export function cspDirectives(config: CspConfig): Record<string, string[] | null> {
  const recaptcha = Boolean(config.recaptchaSiteKey);
  const stripe = Boolean(config.stripePublishableKey);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [
      "'self'",
      ...(recaptcha ? RECAPTCHA_CSP.scriptSrc : []),
      ...(stripe ? STRIPE_CSP.scriptSrc : []),
    ],
    // React sets style attributes and the embeds inject style tags; styles cannot run code.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'ws:', 'wss:', ...(stripe ? STRIPE_CSP.connectSrc : [])],
    mediaSrc: ["'self'", 'https:'],
    frameSrc: [
      "'self'",
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
      ...(recaptcha ? RECAPTCHA_CSP.frameSrc : []),
      ...(stripe ? STRIPE_CSP.frameSrc : []),
    ],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    // Upgrading would break plain-http development on localhost; production runs behind TLS.
    upgradeInsecureRequests: config.production ? [] : null,
  };
}

/** The helmet options of the project's policy. */
function helmetOptions(config: CspConfig): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The security headers of every response, as name/value pairs: helmet's middleware run once against a
 * recording response. The policy has no per-request part (no nonces), so the headers never change.
 */
export function securityHeaders(config: CspConfig): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name.toLowerCase(), String(value)]);
    },
    removeHeader() {},
  } as unknown as ServerResponse;
  helmet(helmetOptions(config))({} as IncomingMessage, recorder, () => {});
  return headers;
}

/**
 * Registers the security headers. Why not @fastify/helmet: it builds a new helmet middleware (parsing the
 * CSP directives again) on every request, which was a visible share of a cached page's cost at 1,000
 * requests a second. The headers are set on the raw response, as helmet does, so a route or a static
 * file handler that sets one of them (the embeds' cross-origin resource policy) still wins.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: CspConfig): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * True when a request may skip rate limiting: it carries `X-Skip-Limit`, and either the server is not in
 * production and the request comes from this machine (`loopback.ts`), or the header equals
 * RATE_LIMIT_SKIP_SECRET.
 */
export function skipsRateLimit(
  request: Pick<FastifyRequest, 'headers' | 'raw'>,
  config: Pick<ServerConfig, 'production' | 'rateLimitSkipSecret'>,
): boolean {
  const value = request.headers[SKIP_LIMIT_HEADER];
  if (typeof value !== 'string') return false;
  // Outside production any value works, but only from loopback; the secret works from anywhere.
  if (!config.production && isLoopbackRequest(request)) return true;
  return sameSecret(value, config.rateLimitSkipSecret);
}

/**
 * Registers rate limiting on the routes of `app` (call it inside the API's plugin scope): RATE_LIMIT_MAX
 * per minute and IP; routes can set a stricter `config.rateLimit`. When the app has a rate-limit Redis
 * (`app.rateLimitRedis`, REDIS_URL) the counts live there under `<REDIS_PREFIX>rl:<scope>:`, shared by
 * every process; `scope` keeps two registrations (the API, the e-mail pages) counting apart, as their
 * in-process stores do.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'production' | 'rateLimitSkipSecret' | 'rateLimitMax'>,
  scope = 'api',
): Promise<void> {
  const limits = app.hasDecorator('rateLimitRedis') ? app.rateLimitRedis : null;
  await app.register(rateLimit, {
    max: config.rateLimitMax,
    timeWindow: 60_000,
    ...(limits ? { redis: limits.client, nameSpace: `${limits.keyPrefix}${scope}:`, skipOnError: true } : {}),
    allowList: (request) => skipsRateLimit(request, config) || isPageCacheRefresh(request),
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode }),
  });
}
