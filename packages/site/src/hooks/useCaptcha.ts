/**
 * The captcha of a page's form (join, contact): Google reCAPTCHA v3 when the server names a site key
 * in the session (`publicKeys.recaptchaSiteKey`), whose script starts loading when the page opens so
 * the score can use the visit; without a key, the local token (nothing is loaded). The CSP allows
 * Google's hosts only when the key is set.
 * @module
 */
import { type CaptchaProvider, captchaForSiteKey, preloadRecaptcha } from '@sportspyder/core';
import { useSession } from '@sportspyder/react';
import { useEffect, useMemo } from 'react';

/** The captcha provider to hand to the form's call. */
export function useCaptcha(): CaptchaProvider {
  const siteKey = useSession().session?.publicKeys?.recaptchaSiteKey;
  useEffect(() => preloadRecaptcha(siteKey), [siteKey]);
  return useMemo(() => captchaForSiteKey(siteKey), [siteKey]);
}
