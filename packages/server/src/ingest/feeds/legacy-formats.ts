/**
 * The old and foreign documents found in the feed collections users import (OPML exports of old
 * readers): what `parseFeed` reads before feedsmith sees them, and how it names what it refuses.
 * - Atom 0.3 (`http://purl.org/atom/ns#`, still published by old blogs): feedsmith maps its elements
 *   (`issued`/`created`/`modified`, `tagline`, `link rel="alternate"`, `content mode="escaped"`); the
 *   content modes it does not know are rewritten first: `mode="base64"` is decoded and a
 *   `multipart/alternative` content keeps its HTML (else first) part.
 * - RSS 0.91 feeds carry Netscape's public DOCTYPE: a DOCTYPE naming an external DTD only (no internal
 *   subset, so no entity can be declared, and no DTD is ever fetched) is allowed.
 * - Everything else is refused with a message naming what the document is (an HTML page, an OPML
 *   list, UserLand's Scripting News, Microsoft's CDF, a sitemap, an Atom 0.3 or RSS feed feedsmith
 *   could not read...).
 * @module
 */

/** The root element's name and its `version` attribute, if any. */
export interface DocumentRoot {
  /** The root element's qualified name as written (`feed`, `rdf:RDF`, `rss`...). */
  name: string;
  /** Its `version` attribute. */
  version: string | null;
  /** Its attributes' text (namespace declarations included). */
  attributes: string;
}

/** The root element of an XML document (after the prolog, DOCTYPE and comments), or null. */
export function documentRoot(text: string): DocumentRoot | null {
  const match =
    /^(?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>))*\s*<([A-Za-z_][\w:.-]*)([^>]*)>/i.exec(
      text,
    );
  if (!match) return null;
  const attributes = match[2] ?? '';
  const version = /\sversion\s*=\s*["']([^"']*)["']/i.exec(attributes)?.[1] ?? null;
  return { name: match[1] as string, version, attributes };
}

const ATOM_03_NAMESPACE = 'http://purl.org/atom/ns#';

/** True for an Atom 0.3 (or pre-1.0 draft) document. */
export function isAtom03(root: DocumentRoot | null): boolean {
  if (root?.name.replace(/^\w+:/, '') !== 'feed') return false;
  return root.version === '0.3' || root.attributes.includes(ATOM_03_NAMESPACE);
}

/**
 * A DOCTYPE with an internal subset can declare entities (XXE, entity bombs); one that only names an
 * external DTD (RSS 0.91's Netscape DOCTYPE) cannot, and no parser here fetches DTDs. True when the
 * document declares entities or an internal subset outside CDATA.
 */
export function declaresEntities(text: string): boolean {
  if (!/<!(DOCTYPE|ENTITY)/i.test(text)) return false;
  const outsideCdata = text.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '');
  if (/<!ENTITY/i.test(outsideCdata)) return true;
  return /<!DOCTYPE[^>[]*\[/i.test(outsideCdata);
}

/** Removes an external-only DOCTYPE (see {@link declaresEntities}) so the XML parser never sees one. */
export function withoutDoctype(text: string): string {
  return text.replace(/<!DOCTYPE[^>[]*>/i, '');
}

/** Known documents that are not feeds, by root element (lower case), with what to call them. */
const NOT_FEEDS: Record<string, string> = {
  html: 'an HTML page, not a feed (the feed is usually linked from its <link rel="alternate">)',
  opml: 'an OPML list of feeds, not a feed (import its feeds one by one)',
  scriptingnews: "a Scripting News document (UserLand's format before RSS), which is not read",
  channel: 'a Microsoft CDF channel (Channel Definition Format, 1997), which is not read',
  urlset: 'an XML sitemap, not a feed',
  sitemapindex: 'an XML sitemap index, not a feed',
  service: 'an Atom Publishing Protocol service document, not a feed',
  kml: 'a KML map document, not a feed',
};

/** How to name a document's format in a message: "an Atom 0.3 feed", "an RSS 0.91 feed", ... */
export function describeDocument(root: DocumentRoot | null): string {
  if (!root) return 'a document without a root element';
  const local = root.name.replace(/^\w+:/, '').toLowerCase();
  if (NOT_FEEDS[local]) return NOT_FEEDS[local] as string;
  if (local === 'feed') {
    if (isAtom03(root)) return 'an Atom 0.3 feed';
    return root.attributes.includes('http://www.w3.org/2005/Atom') ? 'an Atom 1.0 feed' : 'an Atom feed';
  }
  if (local === 'rss') return root.version ? `an RSS ${root.version} feed` : 'an RSS feed';
  if (local === 'rdf') {
    return root.attributes.includes('netscape.com/rdf/simple/0.9')
      ? 'an RSS 0.90 feed'
      : 'an RSS 1.0 (RDF) feed';
  }
  return `an XML document whose root element is <${root.name}>`;
}

/** Known non-feed documents, refused before parsing with their name; null for anything else. */
export function notAFeed(root: DocumentRoot | null): string | null {
  if (!root) return null;
  const local = root.name.replace(/^\w+:/, '').toLowerCase();
  const name = NOT_FEEDS[local];
  return name ? `The document is ${name}` : null;
}

/**
 * Rewrites the Atom 0.3 content modes feedsmith does not know: `mode="base64"` text constructs are
 * decoded (and escaped again as text), and a `multipart/alternative` content is replaced by its HTML
 * part (else its first part). Other documents are returned unchanged.
 */
export function readableAtom03(text: string): string {
  let out = '';
  let rest = text;
  const opening = /<((?:\w+:)?content)(\s[^>]*?type\s*=\s*["']multipart\/alternative["'][^>]*)>/i;
  for (let match = opening.exec(rest); match; match = opening.exec(rest)) {
    const tag = match[1] as string;
    out += rest.slice(0, match.index);
    rest = rest.slice(match.index + match[0].length);
    // The parts follow one another up to the outer element's closing tag.
    const part = new RegExp(`^\\s*<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}>`);
    const parts: { attributes: string; body: string }[] = [];
    for (let p = part.exec(rest); p; p = part.exec(rest)) {
      parts.push({ attributes: p[1] ?? '', body: p[2] ?? '' });
      rest = rest.slice(p[0].length);
    }
    rest = rest.replace(new RegExp(`^\\s*</${tag}>`), '');
    const html = parts.find((p) => /type\s*=\s*["'](text\/html|html)["']/i.test(p.attributes)) ?? parts[0];
    if (html) out += `<${tag}${html.attributes}>${html.body}</${tag}>`;
  }
  out += rest;
  return out.replace(
    /<((?:\w+:)?(?:content|summary|title|tagline|copyright|info))(\s[^>]*?mode\s*=\s*["']base64["'][^>]*)>([^<]*)<\/\1>/g,
    (whole, tag: string, attributes: string, encoded: string) => {
      const decoded = Buffer.from(encoded.trim(), 'base64').toString('utf8');
      if (!decoded) return whole;
      const escaped = decoded.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      return `<${tag}${attributes.replace(/mode\s*=\s*["']base64["']/i, 'mode="escaped"')}>${escaped}</${tag}>`;
    },
  );
}
