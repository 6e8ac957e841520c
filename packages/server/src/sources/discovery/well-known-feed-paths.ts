/**
 * The places sites usually keep their feed when their pages do not link it: WordPress (`/feed`),
 * Ghost (`/rss/`), Hugo (`/index.xml`), Jekyll (`/feed.xml`), Blogger (`/feeds/posts/default`)
 * and static site generators (`/rss.xml`, `/atom.xml`). Discovery tries them in this order.
 * @module
 */

/** The paths tried on a site's origin, in order. */
export const WELL_KNOWN_FEED_PATHS: readonly string[] = [
  '/feed',
  '/feed/',
  '/rss',
  '/rss.xml',
  '/atom.xml',
  '/index.xml',
  '/feed.xml',
  '/rss/index.xml',
  '/feeds/posts/default',
];

/**
 * The well-known feed URLs on the origin of `pageUrl`, in order.
 * @example
 * wellKnownFeedUrls('https://club.example/news/today')[0]; // 'https://club.example/feed'
 */
export function wellKnownFeedUrls(pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  return WELL_KNOWN_FEED_PATHS.map((path) => `${origin}${path}`);
}
