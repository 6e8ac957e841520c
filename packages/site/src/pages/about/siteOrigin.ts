/**
 * The origin the site is served from, for the copyable snippets of the publishers and developers
 * pages (they must name this deployment, not a hard-coded host).
 * @module
 */

/** This page's origin, or the product's when there is no window (never in the site itself). */
export function siteOrigin(): string {
  return typeof window === 'undefined' ? 'https://sportspyder.com' : window.location.origin;
}
