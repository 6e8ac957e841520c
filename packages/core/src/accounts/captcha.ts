/**
 * The captcha token of sign-up and the contact form (spec 3 §5, §7 "a recaptcha script is run with
 * action 'submit'"): a provider interface with Google reCAPTCHA v3 when the server names a site key
 * (its script is loaded then, and only then), and a local provider whose token the server's local
 * verifier accepts (development, tests, and any server without RECAPTCHA_SECRET).
 * @module
 */
import { loadScript } from '../script-loader.js';

/** The token the server's local verifier accepts (the server's LOCAL_CAPTCHA_TOKEN). */
export const LOCAL_CAPTCHA_TOKEN = 'local-captcha-ok';
/** The reCAPTCHA v3 action of every protected form. */
export const CAPTCHA_ACTION = 'submit';

/** Produces a captcha token for one submission. */
export interface CaptchaProvider {
  /** A fresh token for `action` (tokens are single-use and short-lived: ask right before sending). */
  token(action?: string): Promise<string>;
}

/** The local provider: always the local token. */
export const localCaptcha: CaptchaProvider = {
  token: async () => LOCAL_CAPTCHA_TOKEN,
};

/** The part of Google's `grecaptcha` global the provider uses. */
export interface GrecaptchaLike {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

/**
 * reCAPTCHA v3 over the page's `grecaptcha` global (the script
 * `https://www.google.com/recaptcha/api.js?render=<siteKey>` must be loaded).
 */
export function recaptchaV3(siteKey: string, grecaptcha: () => GrecaptchaLike | undefined): CaptchaProvider {
  return {
    token(action = CAPTCHA_ACTION) {
      const api = grecaptcha();
      if (!api) return Promise.reject(new Error('reCAPTCHA is not loaded'));
      return new Promise<string>((resolve, reject) => {
        api.ready(() => {
          api.execute(siteKey, { action }).then(resolve, reject);
        });
      });
    },
  };
}

/** Google's reCAPTCHA v3 script for a site key (it renders the v3 badge and defines `grecaptcha`). */
export function recaptchaScriptUrl(siteKey: string): string {
  return `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
}

/**
 * The captcha of a page for the server's site key (the session's `publicKeys.recaptchaSiteKey`):
 * reCAPTCHA v3, loading Google's script on first use (or earlier with {@link preloadRecaptcha}), or
 * the local provider when no key is configured.
 *
 * @example
 * ```ts
 * const captcha = captchaForSiteKey(session.publicKeys?.recaptchaSiteKey);
 * const token = await captcha.token(); // 'submit' action
 * ```
 */
export function captchaForSiteKey(
  siteKey: string | undefined,
  load: (src: string) => Promise<void> = loadScript,
): CaptchaProvider {
  if (!siteKey) return localCaptcha;
  const google = recaptchaV3(siteKey, () => (globalThis as { grecaptcha?: GrecaptchaLike }).grecaptcha);
  return {
    async token(action) {
      await load(recaptchaScriptUrl(siteKey));
      return google.token(action);
    },
  };
}

/** Starts loading Google's script for a site key ahead of the submit (its score uses the visit). */
export function preloadRecaptcha(
  siteKey: string | undefined,
  load: (src: string) => Promise<void> = loadScript,
): void {
  // A failure here is reported by the submit's own attempt, which loads again.
  if (siteKey) load(recaptchaScriptUrl(siteKey)).catch(() => {});
}
