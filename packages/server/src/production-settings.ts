/**
 * Settings a production server refuses to start with (issue 47, "Production refuses unsafe settings"):
 * each one would quietly weaken the product rather than break it, so without this check nobody would
 * notice. Outside production nothing is checked (development and tests use the local stand-ins).
 *
 * - no `RECAPTCHA_SECRET`: sign-up and the contact form would take the local captcha token, which any
 *   script can send; `CAPTCHA=off` says so on purpose, and is warned about at every start;
 * - `RECAPTCHA_SECRET` without `RECAPTCHA_SITE_KEY`: the site could not get a real token, so nobody could
 *   sign up;
 * - more than one process (`WEB_CONCURRENCY` > 1, or `REDIS_URL`, which is only set for several) without
 *   `CSRF_SECRET`: each process would make its own key and refuse the others' forms;
 * - Stripe keys without `STRIPE_WEBHOOK_SECRET`: renewals, failed payments and cancellations made in
 *   Stripe would never reach the server;
 * - an `http:` `PUBLIC_ORIGIN` (or none, whose default is `http://localhost:<port>`): links in mails and
 *   pages would send members' cookies and tokens over plain HTTP.
 * @module
 */
import { webConcurrencyFrom } from './cluster/web-cluster.js';
import type { ServerConfig } from './config.js';

/** What is wrong with a configuration: reasons to refuse the start, and things to warn about. */
export interface SettingsReview {
  /** Each a sentence naming the variable and what to set; any one stops the start. */
  errors: string[];
  /** Each a sentence logged at every start. */
  warnings: string[];
}

/** The warning of `CAPTCHA=off` in production. */
export const CAPTCHA_OFF_WARNING =
  'CAPTCHA=off: sign-up and the contact form are not protected by a captcha (set RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY to protect them)';

/** Thrown by {@link assertSafeSettings}: its message lists every problem, for the operator. */
export class UnsafeSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(
      `SportSpyder refuses to start with NODE_ENV=production:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee docs/deploy.md, "Environment variables".`,
    );
    this.name = 'UnsafeSettingsError';
  }
}

type ReviewedConfig = Pick<
  ServerConfig,
  | 'production'
  | 'captchaOff'
  | 'recaptchaSecret'
  | 'recaptchaSiteKey'
  | 'csrfSecret'
  | 'redisUrl'
  | 'stripeSecretKey'
  | 'stripeWebhookSecret'
  | 'publicOrigin'
>;

/**
 * Reviews a configuration read from `env` (for `WEB_CONCURRENCY`).
 *
 * @example
 * ```ts
 * reviewSettings(loadConfig({ NODE_ENV: 'production' }), {}).errors.length; // 2: captcha and origin
 * ```
 */
export function reviewSettings(
  config: ReviewedConfig,
  env: Record<string, string | undefined>,
): SettingsReview {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (!config.production) return { errors, warnings };

  if (config.captchaOff) warnings.push(CAPTCHA_OFF_WARNING);
  else if (!config.recaptchaSecret) {
    errors.push(
      'RECAPTCHA_SECRET is not set: sign-up would accept the local captcha token. Set RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY, or CAPTCHA=off to run without a captcha on purpose.',
    );
  } else if (!config.recaptchaSiteKey) {
    errors.push(
      'RECAPTCHA_SECRET is set without RECAPTCHA_SITE_KEY: the site could not get a captcha token.',
    );
  }

  let processes = 1;
  try {
    processes = webConcurrencyFrom(env);
  } catch {
    // A bad WEB_CONCURRENCY is reported where it is read (main.ts).
  }
  if (!config.csrfSecret && (processes > 1 || config.redisUrl)) {
    const why = processes > 1 ? `WEB_CONCURRENCY=${processes}` : 'REDIS_URL is set (several processes)';
    errors.push(
      `CSRF_SECRET is not set and ${why}: each process would make its own key and refuse the others' forms. Set CSRF_SECRET to the same random value (openssl rand -hex 32) on every process.`,
    );
  }

  if (config.stripeSecretKey && !config.stripeWebhookSecret) {
    errors.push(
      "STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: renewals, failed payments and cancellations would never reach the server. Set STRIPE_WEBHOOK_SECRET to the signing secret of the /webhooks/stripe endpoint in Stripe's dashboard.",
    );
  }

  if (!config.publicOrigin.startsWith('https:')) {
    errors.push(
      `PUBLIC_ORIGIN is ${config.publicOrigin}: links in mails and pages must use https. Set PUBLIC_ORIGIN to the public https:// origin (e.g. https://sportspyder.com).`,
    );
  }
  return { errors, warnings };
}

/**
 * Throws an {@link UnsafeSettingsError} when the configuration has errors; logs each warning.
 *
 * @example
 * ```ts
 * assertSafeSettings(config, process.env, (message) => log.warn(message));
 * ```
 */
export function assertSafeSettings(
  config: ReviewedConfig,
  env: Record<string, string | undefined>,
  warn: (message: string) => void,
): void {
  const review = reviewSettings(config, env);
  if (review.errors.length > 0) throw new UnsafeSettingsError(review.errors);
  for (const warning of review.warnings) warn(warning);
}
