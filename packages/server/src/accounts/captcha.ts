/**
 * The captcha of sign-up (spec 3 §5 "a recaptcha token is required"): an interface with Google
 * reCAPTCHA v3 as the real adapter (action 'submit', a configurable lowest score) and a local
 * verifier for development and tests, which accepts exactly {@link LOCAL_CAPTCHA_TOKEN} (the token
 * the site sends when no reCAPTCHA site key is configured).
 * @module
 */

/** The token the local verifier accepts (the site's captcha sends it when reCAPTCHA is not set up). */
export const LOCAL_CAPTCHA_TOKEN = 'local-captcha-ok';

/** The action the site's reCAPTCHA v3 call names (spec 3 §7: "run with action 'submit'"). */
export const RECAPTCHA_ACTION = 'submit';

/** Checks a captcha token. */
export interface CaptchaVerifier {
  /** True when the token proves a human (or a good enough score). Never throws. */
  verify(token: string, remoteIp?: string): Promise<boolean>;
}

/** The development verifier: accepts the local token only. */
export class LocalCaptchaVerifier implements CaptchaVerifier {
  /** Accepts {@link LOCAL_CAPTCHA_TOKEN}. */
  async verify(token: string): Promise<boolean> {
    return token === LOCAL_CAPTCHA_TOKEN;
  }
}

/** The answer of Google's siteverify endpoint (v3). */
interface SiteVerifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
}

/** Google reCAPTCHA v3: `POST https://www.google.com/recaptcha/api/siteverify`. */
export class RecaptchaV3Verifier implements CaptchaVerifier {
  /** Creates the verifier. */
  constructor(
    private readonly options: {
      secret: string;
      minScore: number;
      fetch?: typeof fetch;
      endpoint?: string;
      timeoutMs?: number;
    },
  ) {}

  /** Asks Google; a failure to reach it counts as not verified. */
  async verify(token: string, remoteIp?: string): Promise<boolean> {
    const body = new URLSearchParams({ secret: this.options.secret, response: token });
    if (remoteIp) body.set('remoteip', remoteIp);
    try {
      const response = await (this.options.fetch ?? fetch)(
        this.options.endpoint ?? 'https://www.google.com/recaptcha/api/siteverify',
        { method: 'POST', body, signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000) },
      );
      if (!response.ok) return false;
      const answer = (await response.json()) as SiteVerifyAnswer;
      return (
        answer.success === true &&
        answer.action === RECAPTCHA_ACTION &&
        typeof answer.score === 'number' &&
        answer.score >= this.options.minScore
      );
    } catch {
      return false;
    }
  }
}

/** The verifier of a configuration: reCAPTCHA v3 when a secret is set, else the local one. */
export function captchaFor(config: { recaptchaSecret: string | undefined; recaptchaMinScore: number }) {
  return config.recaptchaSecret
    ? new RecaptchaV3Verifier({ secret: config.recaptchaSecret, minScore: config.recaptchaMinScore })
    : new LocalCaptchaVerifier();
}
