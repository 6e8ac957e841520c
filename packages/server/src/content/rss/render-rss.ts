/**
 * Renders an RSS 2.0 document (with an atom:link to itself) from a channel and its items. Every text is
 * XML-escaped and stripped of characters XML 1.0 forbids, so feed text from publishers cannot break
 * or inject markup into our output.
 * @module
 */

/** One item of an RSS channel. */
export interface RssItem {
  /** Headline. */
  title: string;
  /** The article's final URL. */
  link: string;
  /** A stable id (not a URL: `isPermaLink="false"`). */
  guid: string;
  /** Publication time. */
  pubDate: Date;
  /** Summary text (plain text). */
  description?: string | null;
  /** Author name. */
  author?: string | null;
  /** Categories (team and player names). */
  categories?: readonly string[];
}

/** An RSS channel. */
export interface RssChannel {
  /** Channel title. */
  title: string;
  /** The page of the site showing this feed. */
  link: string;
  /** The URL of this RSS document (atom:link rel="self"). */
  selfUrl: string;
  /** Channel description. */
  description: string;
  /** Items, newest first. */
  items: readonly RssItem[];
}

// Characters outside the XML 1.0 Char production (control characters, lone surrogates, U+FFFE/F).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding those characters is the point.
const INVALID_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * Escapes text for XML element content and attribute values.
 *
 * @example
 * ```ts
 * escapeXml('Fish & <Chips>'); // 'Fish &amp; &lt;Chips&gt;'
 * ```
 */
export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Formats a date as RFC 822 (`Sun, 22 Nov 2026 02:39:49 GMT`), as RSS 2.0 requires. */
export function rfc822(date: Date): string {
  return date.toUTCString();
}

/**
 * Renders the RSS 2.0 XML of a channel.
 *
 * @example
 * ```ts
 * const xml = renderRss({ title: 'Packers news', link, selfUrl, description: 'Latest', items: [] });
 * ```
 */
export function renderRss(channel: RssChannel): string {
  const e = escapeXml;
  const items = channel.items.map((item) => {
    const parts = [
      `<title>${e(item.title)}</title>`,
      `<link>${e(item.link)}</link>`,
      `<guid isPermaLink="false">${e(item.guid)}</guid>`,
      `<pubDate>${rfc822(item.pubDate)}</pubDate>`,
    ];
    if (item.description) parts.push(`<description>${e(item.description)}</description>`);
    if (item.author) parts.push(`<dc:creator>${e(item.author)}</dc:creator>`);
    for (const category of item.categories ?? []) parts.push(`<category>${e(category)}</category>`);
    return `<item>${parts.join('')}</item>`;
  });
  const latest = channel.items[0]?.pubDate;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    `<title>${e(channel.title)}</title>`,
    `<link>${e(channel.link)}</link>`,
    `<description>${e(channel.description)}</description>`,
    `<atom:link href="${e(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    '<language>en-us</language>',
    latest ? `<lastBuildDate>${rfc822(latest)}</lastBuildDate>` : '',
    ...items,
    '</channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}
