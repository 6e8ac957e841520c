/**
 * The captcha token of sign-up (spec 3 §5, §7 "a recaptcha script is run with action 'submit'"):
 * a provider interface with Google reCAPTCHA v3 for pages that loaded its script with a site key,
 * and a local provider whose token the server's local verifier accepts (development, tests, and any
 * server without RECAPTCHA_SECRET).
 * @module
 */

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

/**
 * The provider of a page: reCAPTCHA v3 when the page names a site key
 * (`<meta name="recaptcha-site-key" content="…">`) and the script is loaded, else the local one.
 */
export function pageCaptcha(
  doc:
    | { querySelector(selector: string): { getAttribute(name: string): string | null } | null }
    | undefined = (globalThis as { document?: Document }).document,
): CaptchaProvider {
  const siteKey = doc?.querySelector('meta[name="recaptcha-site-key"]')?.getAttribute('content');
  if (!siteKey) return localCaptcha;
  return recaptchaV3(siteKey, () => (globalThis as { grecaptcha?: GrecaptchaLike }).grecaptcha);
}
