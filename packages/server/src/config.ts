/**
 * Server configuration read from environment variables (brief: PORT, HOST, DATA_DIR, DATABASE_URL,
 * NODE_ENV, ALLOWED_ORIGINS, CHAT_EMBED_ORIGINS, RATE_LIMIT_SKIP_SECRET, LOG_LEVEL, SITE_DIR, RATE_LIMIT_MAX, PUBLIC_ORIGIN, REDIS_URL, ...).
 * @module
 */
import { resolve } from 'node:path';
import type { Experiment } from '@sportspyder/contract';
import { defaultDocsDir, defaultSiteDir, defaultWidgetsDir, packageVersion } from './paths.js';

/** Everything the server needs to know about its environment. */
export interface ServerConfig {
  /** TCP port (PORT, default 8080; 0 picks a free one). */
  port: number;
  /** Interface to listen on (HOST, default 0.0.0.0). */
  host: string;
  /** Folder of the embedded database and other local state (DATA_DIR, default ./.data from the cwd). */
  dataDir: string;
  /** PostgreSQL connection string; when set the server uses it instead of PGlite (DATABASE_URL). */
  databaseUrl: string | undefined;
  /**
   * Redis for realtime across several server processes (REDIS_URL, e.g. `redis://127.0.0.1:6379`):
   * broadcasts go through Redis pub/sub so a socket on any process hears them. Unset: in process.
   */
  redisUrl: string | undefined;
  /**
   * Prefix of every Redis key and pub/sub channel of this deployment (REDIS_PREFIX, default
   * `sportspyder:`), so several deployments (or test runs) can share one Redis.
   */
  redisPrefix: string;
  /**
   * Whether this web process runs ingestion and the scheduled jobs (recap mails, notification events and
   * dispatch): RUN_JOBS, default true; `RUN_JOBS=false` when `npm run worker` processes run them.
   * `INGEST=off` still turns off ingestion alone.
   */
  runJobs: boolean;
  /** True when NODE_ENV is `production`: secure cookies, HSTS, the skip header needs the secret. */
  production: boolean;
  /** Extra origins allowed to open the websocket (ALLOWED_ORIGINS, comma separated). */
  allowedOrigins: string[];
  /**
   * Partner origins that may frame the chat embed's page `/embed/chat` (CHAT_EMBED_ORIGINS, comma
   * separated, e.g. `https://partner.example,https://news.example`): its `frame-ancestors`. Unset: only
   * the product itself.
   */
  chatEmbedOrigins: string[];
  /** Secret that the `X-Skip-Limit` header must carry in production (RATE_LIMIT_SKIP_SECRET). */
  rateLimitSkipSecret: string | undefined;
  /**
   * Key of the CSRF tokens' HMAC (CSRF_SECRET; set the same value on every server process). Unset: the
   * server makes one in `<dataDir>/csrf-secret`, or per process when the database is in memory.
   */
  csrfSecret: string | undefined;
  /** API requests allowed per minute and IP (RATE_LIMIT_MAX, default 300). */
  rateLimitMax: number;
  /** Sign-in attempts allowed per minute and IP (SIGN_IN_RATE_LIMIT_MAX, default 10). */
  signInRateLimitMax: number;
  /** pino log level (LOG_LEVEL, default `info`). */
  logLevel: string;
  /** Folder of the built site served at `/` (SITE_DIR, default packages/site/dist). */
  siteDir: string;
  /** Folder of the built developer docs served at `/developers/` (DOCS_DIR, default docs/api). */
  docsDir: string;
  /** Folder of the built embeds served at /widgets/ (WIDGETS_DIR; default packages/widgets/dist). */
  widgetsDir: string;
  /** The deployed version reported in the session; a change makes open pages reload (APP_VERSION). */
  version: string;
  /** The running experiment sent in the session (EXPERIMENT as JSON), or null. */
  experiment: Experiment | null;
  /** Session lifetime in days (SESSION_DAYS, default 30). */
  sessionDays: number;
  /** Trust X-Forwarded-* from a reverse proxy, so rate limits see client IPs (TRUST_PROXY=1). */
  trustProxy: boolean;
  /**
   * How long visitors' content reads are served from memory, in ms (RESPONSE_CACHE_TTL_MS, default
   * 30000; 0 turns the cache off). Ingestion in this process empties it at once; the TTL bounds how
   * stale a page can be when a separate worker process ingests.
   */
  responseCacheTtlMs: number;
  /** Memory for that cache in MB (RESPONSE_CACHE_MB, default 32). */
  responseCacheMb: number;
  /**
   * Whether answers are compressed for clients that accept it (COMPRESSION, default on; `off` sends
   * every answer as is, to measure what compression costs and saves: `http/compression.ts`).
   */
  compression: boolean;
  /**
   * The origin the site is reached at (PUBLIC_ORIGIN, e.g. `https://sportspyder.com`): every absolute
   * URL in an answer (`meta.rss`, RSS links) is built on it, never on the request that happened to
   * compute a cached page. Default: the address the server listens on, `http://localhost:<port>`.
   */
  publicOrigin: string;
  /**
   * SMTP server for outgoing mail (SMTP_URL, e.g. `smtps://user:pass@smtp.example.com:465`). Unset:
   * mails stay in the database outbox, shown at `/dev/mail` outside production.
   */
  smtpUrl: string | undefined;
  /** The From address of every mail (MAIL_FROM, default `SportSpyder <no-reply@localhost>`). */
  mailFrom: string;
  /** Google reCAPTCHA v3 secret (RECAPTCHA_SECRET); unset: the local verifier (development). */
  recaptchaSecret: string | undefined;
  /**
   * CAPTCHA=off: run a production server without reCAPTCHA on purpose (the local verifier stays); the
   * server warns at every start. Without it, production refuses to start with no RECAPTCHA_SECRET
   * (`production-settings.ts`).
   */
  captchaOff: boolean;
  /** The lowest reCAPTCHA v3 score accepted (RECAPTCHA_MIN_SCORE, 0 to 1, default 0.5). */
  recaptchaMinScore: number;
  /**
   * Google reCAPTCHA v3 site key (RECAPTCHA_SITE_KEY): sent to the site in the session, which then
   * loads Google's script on the join and contact pages (the CSP allows it only then). Pair it with
   * RECAPTCHA_SECRET; unset: the site sends the local token.
   */
  recaptchaSiteKey: string | undefined;
  /** Where contact form messages are mailed (CONTACT_EMAIL, default `contact@localhost`). */
  contactEmail: string;
  /**
   * ADS=on: an ad network's script runs on the site (docs/ad-slots.md), so the session tells the site
   * to reserve ad slots for it. Off by default: no ad script, so no empty ad boxes take space.
   */
  ads: boolean;
  /** Failed sign-ins allowed per account in 15 minutes before 429 (SIGN_IN_ACCOUNT_MAX, default 10). */
  signInAccountMax: number;
  /** Stripe secret key (STRIPE_SECRET_KEY); with the price ids it turns the Stripe adapter on. */
  stripeSecretKey: string | undefined;
  /** Signing secret of the Stripe webhook endpoint `/webhooks/stripe` (STRIPE_WEBHOOK_SECRET). */
  stripeWebhookSecret: string | undefined;
  /** Stripe price id of pro-monthly (STRIPE_PRICE_MONTHLY). */
  stripePriceMonthly: string | undefined;
  /** Stripe price id of pro-yearly (STRIPE_PRICE_YEARLY). */
  stripePriceYearly: string | undefined;
  /**
   * Stripe publishable key (STRIPE_PUBLISHABLE_KEY): sent to the site in the session, whose billing
   * form then mounts Stripe's card element from js.stripe.com (the CSP allows it only then). Unset:
   * the local test-card entry.
   */
  stripePublishableKey: string | undefined;
  /**
   * Whether feeds, pages and WebSub hubs on private, loopback, link-local and other non-public
   * addresses may be fetched (FEEDS_ALLOW_PRIVATE=1). Always true outside production (tests and
   * development serve feeds on loopback hosts); in production such hosts are refused (SSRF guard).
   */
  feedsAllowPrivate: boolean;
  /**
   * The Web Push VAPID key pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, base64url, both or neither) and
   * contact (VAPID_SUBJECT, `mailto:` or `https:`); unset: a pair made once per database (alerts/vapid-keys.ts).
   */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string | undefined };
}

/** Hosts that mean "every interface" or the loopback: the default origin names them `localhost`. */
const LOCAL_HOSTS = new Set(['', '0.0.0.0', '::', '[::]', '127.0.0.1', '::1', 'localhost']);

/**
 * The origin of the address the server listens on (the default public origin).
 *
 * @example
 * ```ts
 * listeningOrigin('0.0.0.0', 8080); // 'http://localhost:8080'
 * ```
 */
export function listeningOrigin(host: string, port: number): string {
  if (LOCAL_HOSTS.has(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** PUBLIC_ORIGIN checked and normalised to `scheme://host[:port]` (no path, no trailing slash). */
function originFrom(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(
      `PUBLIC_ORIGIN must be an absolute http(s) URL such as https://sportspyder.com, got "${value}"`,
    );
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.pathname.replace(/\/+$/, '') !== '') {
    throw new Error(`PUBLIC_ORIGIN must be an http(s) origin without a path, got "${value}"`);
  }
  return url.origin;
}

/** A comma-separated list of origins, trimmed, without trailing slashes. */
function originListFrom(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function scoreFrom(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 0.5;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1)
    throw new Error(`RECAPTCHA_MIN_SCORE must be a number from 0 to 1, got "${value}"`);
  return n;
}

function experimentFrom(value: string | undefined): Experiment | null {
  if (!value) return null;
  try {
    return JSON.parse(value) as Experiment;
  } catch {
    throw new Error('EXPERIMENT must be JSON: {"id":1,"type":"ads","platform":"all","variants":[...]}');
  }
}

/**
 * Reads the configuration from `env` (default `process.env`); `overrides` win over the environment,
 * which is how tests configure an app.
 *
 * @example
 * ```ts
 * const config = loadConfig(process.env, { port: 0, rateLimitMax: 5 });
 * ```
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<ServerConfig> = {},
): ServerConfig {
  const config: ServerConfig = {
    port: intFrom(env.PORT, 8080, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(process.cwd(), env.DATA_DIR || './.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'sportspyder:',
    runJobs: !['false', 'off', '0', 'no'].includes((env.RUN_JOBS ?? '').trim().toLowerCase()),
    production: env.NODE_ENV === 'production',
    allowedOrigins: originListFrom(env.ALLOWED_ORIGINS),
    chatEmbedOrigins: originListFrom(env.CHAT_EMBED_ORIGINS),
    rateLimitSkipSecret: env.RATE_LIMIT_SKIP_SECRET || undefined,
    csrfSecret: env.CSRF_SECRET || undefined,
    rateLimitMax: intFrom(env.RATE_LIMIT_MAX, 300, 'RATE_LIMIT_MAX'),
    signInRateLimitMax: intFrom(env.SIGN_IN_RATE_LIMIT_MAX, 10, 'SIGN_IN_RATE_LIMIT_MAX'),
    logLevel: env.LOG_LEVEL || 'info',
    siteDir: env.SITE_DIR ? resolve(process.cwd(), env.SITE_DIR) : defaultSiteDir(),
    widgetsDir: env.WIDGETS_DIR ? resolve(process.cwd(), env.WIDGETS_DIR) : defaultWidgetsDir(),
    docsDir: env.DOCS_DIR ? resolve(process.cwd(), env.DOCS_DIR) : defaultDocsDir(),
    version: env.APP_VERSION || `${packageVersion()}+${Date.now()}`,
    experiment: experimentFrom(env.EXPERIMENT),
    sessionDays: intFrom(env.SESSION_DAYS, 30, 'SESSION_DAYS'),
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    responseCacheTtlMs: intFrom(env.RESPONSE_CACHE_TTL_MS, 30_000, 'RESPONSE_CACHE_TTL_MS'),
    responseCacheMb: intFrom(env.RESPONSE_CACHE_MB, 32, 'RESPONSE_CACHE_MB'),
    compression: !['false', 'off', '0', 'no'].includes((env.COMPRESSION ?? '').trim().toLowerCase()),
    publicOrigin: '',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'SportSpyder <no-reply@localhost>',
    recaptchaSecret: env.RECAPTCHA_SECRET || undefined,
    captchaOff: (env.CAPTCHA ?? '').trim().toLowerCase() === 'off',
    recaptchaMinScore: scoreFrom(env.RECAPTCHA_MIN_SCORE),
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY || undefined,
    contactEmail: env.CONTACT_EMAIL || 'contact@localhost',
    ads: ['1', 'true', 'yes', 'on'].includes((env.ADS ?? '').trim().toLowerCase()),
    signInAccountMax: intFrom(env.SIGN_IN_ACCOUNT_MAX, 10, 'SIGN_IN_ACCOUNT_MAX'),
    stripeSecretKey: env.STRIPE_SECRET_KEY || undefined,
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET || undefined,
    stripePriceMonthly: env.STRIPE_PRICE_MONTHLY || undefined,
    stripePriceYearly: env.STRIPE_PRICE_YEARLY || undefined,
    stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY || undefined,
    vapid: {
      publicKey: env.VAPID_PUBLIC_KEY?.trim() || undefined,
      privateKey: env.VAPID_PRIVATE_KEY?.trim() || undefined,
      subject: env.VAPID_SUBJECT?.trim() || undefined,
    },
    feedsAllowPrivate:
      env.NODE_ENV !== 'production' ||
      ['1', 'true', 'yes', 'on'].includes((env.FEEDS_ALLOW_PRIVATE ?? '').trim().toLowerCase()),
  };
  // One VAPID half alone is a mistake worth stopping for: a made-up pair would orphan the browsers' push
  // subscriptions the moment the operator adds the missing half (alerts/vapid-keys.ts).
  if (Boolean(config.vapid.publicKey) !== Boolean(config.vapid.privateKey)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const merged = { ...config, ...overrides };
  merged.publicOrigin =
    originFrom(overrides.publicOrigin) ??
    originFrom(env.PUBLIC_ORIGIN) ??
    listeningOrigin(merged.host, merged.port);
  return merged;
}
