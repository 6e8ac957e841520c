/**
 * Reads the feeds a web page declares: its `<link rel="alternate">` tags of the feed types (RSS,
 * Atom, JSON Feed), resolved against the page's URL and its `<base href>`. A careful scan of the
 * `<link>` and `<base>` tags rather than an HTML parser: the server has no HTML parser among its
 * dependencies, and these two tags are all discovery needs.
 * @module
 */
import { decodeHTML } from 'entities';

/** A feed a page links to. */
export interface FeedLink {
  /** The absolute feed URL. */
  url: string;
  /** The link's `title`, if it has one. */
  title: string | null;
  /** The link's declared MIME type (`application/rss+xml`...), lower-cased. */
  type: string;
}

/** The MIME types of `<link rel="alternate">` that name a feed. */
export const FEED_LINK_TYPES: readonly string[] = [
  'application/rss+xml',
  'application/atom+xml',
  'application/feed+json',
  'application/json',
];

// A tag's attributes may hold '>' inside quotes, so quoted values are matched whole.
const TAG = (name: string) => new RegExp(`<${name}\\b((?:[^>"']|"[^"]*"|'[^']*')*)>`, 'gi');
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/**
 * The feed links of `html` in document order, without duplicates, resolved against `pageUrl`
 * (and the page's `<base href>`). WordPress's REST API links (`/wp-json/`, also typed
 * `application/json`) are not feeds and are left out.
 * @example
 * findFeedLinks('<link rel="alternate" type="application/rss+xml" href="/feed">', 'https://club.example/news');
 * // [{ url: 'https://club.example/feed', title: null, type: 'application/rss+xml' }]
 */
export function findFeedLinks(html: string, pageUrl: string): FeedLink[] {
  const text = html.replace(/<!--[\s\S]*?-->/g, '');
  const base = documentBase(text, pageUrl);
  const links: FeedLink[] = [];
  const seen = new Set<string>();
  for (const match of text.matchAll(TAG('link'))) {
    const attributes = parseAttributes(match[1] ?? '');
    const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
    if (!rel.includes('alternate')) continue;
    const type = (attributes.get('type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!FEED_LINK_TYPES.includes(type)) continue;
    const href = attributes.get('href')?.trim();
    if (!href) continue;
    if (type === 'application/json' && href.includes('/wp-json/')) continue;
    const url = absoluteHttpUrl(href, base);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    const title = attributes.get('title')?.trim() || null;
    links.push({ url, title, type });
  }
  return links;
}

/**
 * The URL relative links of the page resolve against: its first `<base href>` (itself resolved
 * against the page URL), else the page URL.
 * @example
 * documentBase('<base href="/blog/">', 'https://club.example/a/b'); // 'https://club.example/blog/'
 */
export function documentBase(html: string, pageUrl: string): string {
  for (const match of html.matchAll(TAG('base'))) {
    const href = parseAttributes(match[1] ?? '')
      .get('href')
      ?.trim();
    if (!href) continue;
    return absoluteHttpUrl(href, pageUrl) ?? pageUrl;
  }
  return pageUrl;
}

/** The attributes of a tag (names lower-cased, values with HTML entities decoded; first one wins). */
export function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const match of source.matchAll(ATTRIBUTE)) {
    const name = match[1]?.toLowerCase();
    if (!name || attributes.has(name)) continue;
    attributes.set(name, decodeHTML(match[2] ?? match[3] ?? match[4] ?? ''));
  }
  return attributes;
}

function absoluteHttpUrl(href: string, base: string): string | null {
  try {
    const url = new URL(href, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.hash = '';
    return url.href;
  } catch {
    return null;
  }
}
