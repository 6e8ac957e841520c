/**
 * Where the demo feeds point for images and audio. Feeds need absolute http(s) URLs (the parser drops
 * anything else), but the server's own origin is not known when the feeds are written (the port and host
 * vary). So the feeds use a reserved, never-resolvable origin, and `localiseDemoUrls` rewrites the stored
 * URLs to site-relative paths (`/logos/...`, `/demo/audio/...`) once the pipeline has ingested them.
 * @module
 */

/** The placeholder origin of demo images and audio in the generated feeds. */
export const DEMO_ASSET_ORIGIN = 'https://assets.sportspyder-demo.invalid';

/** The site path under which the server serves the generated audio files. */
export const DEMO_AUDIO_PATH = '/demo/audio/';

/**
 * Where the demo's videos play with no network: the server renders `/demo/videos/<videoId>` (the video's
 * picture, title and channel) and the site's player embeds it in place of YouTube's (core's
 * `DEMO_VIDEO_PATH`, kept equal by a test).
 */
export const DEMO_VIDEO_PATH = '/demo/videos/';

/** The site path under which the server draws the demo video thumbnails (`<videoId>.svg`). */
export const DEMO_THUMBNAIL_PATH = '/demo/thumbnails/';

/** The absolute placeholder URL of a site path, for use inside a feed. */
export function demoAssetUrl(path: string): string {
  return `${DEMO_ASSET_ORIGIN}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The site-relative path of a placeholder demo URL (`https://assets.sportspyder-demo.invalid/x` → `/x`);
 * any other URL is returned unchanged. For the ingest pipeline to apply when it stores image and
 * enclosure URLs, so demo items never carry the placeholder origin.
 *
 * @example
 * localiseDemoUrl('https://assets.sportspyder-demo.invalid/demo/audio/episode-1.wav'); // '/demo/audio/episode-1.wav'
 */
export function localiseDemoUrl<T extends string | null | undefined>(url: T): T {
  if (typeof url === 'string' && url.startsWith(`${DEMO_ASSET_ORIGIN}/`)) {
    return url.slice(DEMO_ASSET_ORIGIN.length) as T;
  }
  return url;
}

/**
 * Applies {@link localiseDemoUrl} to every string inside a parsed feed or list of posts (arrays and plain
 * objects are copied; dates and other instances are kept as they are). The pipeline runs it on what a
 * demo source read, so stored image, enclosure and avatar URLs are site-relative from the start.
 *
 * @example
 * localiseDemoUrlsDeep({ imageUrl: `${DEMO_ASSET_ORIGIN}/logos/teams/x.svg` }); // { imageUrl: '/logos/teams/x.svg' }
 */
export function localiseDemoUrlsDeep<T>(value: T): T {
  if (typeof value === 'string') return localiseDemoUrl(value);
  if (Array.isArray(value)) return value.map((item) => localiseDemoUrlsDeep(item)) as T;
  if (value !== null && typeof value === 'object') {
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = localiseDemoUrlsDeep(item);
    return copy as T;
  }
  return value;
}
