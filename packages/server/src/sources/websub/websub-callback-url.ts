/**
 * Where hubs call us back: `<PUBLIC_ORIGIN>/websub/callback/<token>`, outside `/api` (hubs send no
 * cookies and no CSRF token: the opaque token and the HMAC signature are the credentials).
 * @module
 */

/** The route of the callback (Fastify syntax). */
export const CALLBACK_ROUTE = '/websub/callback/:token';

/**
 * The callback URL of a subscription.
 * @example
 * callbackUrl('https://sportspyder.example', 'q3X…') // 'https://sportspyder.example/websub/callback/q3X…'
 */
export function callbackUrl(publicOrigin: string, token: string): string {
  return `${publicOrigin.replace(/\/+$/, '')}/websub/callback/${encodeURIComponent(token)}`;
}
