/**
 * The head of a page of the site as the server sends it (issue 46): its title, description, canonical
 * URL, Open Graph and Twitter card tags, RSS alternate and JSON-LD, rendered as escaped HTML and
 * injected into the built `index.html` in place of its generic `<title>` and description. Everything
 * else in the file stays byte for byte as Vite wrote it (the module script, the stylesheet).
 * @module
 */

/** The product name, appended to every title as the site's `useDocumentTitle` does ("<Page> | SportSpyder"). */
export const SITE_NAME = 'SportSpyder';

/** The description of pages that have none of their own (the one in the site's index.html). */
export const DEFAULT_DESCRIPTION =
  'SportSpyder gathers sports news, podcasts, videos and chat for every team.';

/** What the head of one page says; paths are site paths, made absolute on the public origin. */
export interface PageHead {
  /** The page name without the product name (null: the product name alone). */
  title: string | null;
  /** One or two sentences, plain text (shortened to 300 characters). */
  description: string;
  /** The canonical path (and query, for search), e.g. `/nfl/green-bay-packers/news`. */
  canonicalPath: string;
  /** The Open Graph type. */
  type: 'website' | 'article' | 'profile' | 'music.song';
  /** An image: an absolute URL or a site path (team logo, article image, podcast art). */
  image?: string | null;
  /** The path of the page's RSS feed, when it has one. */
  rssPath?: string | null;
  /** The RSS feed's title. */
  rssTitle?: string;
  /** A published time (articles, episodes), ISO 8601. */
  publishedTime?: string | null;
  /** Schema.org objects, each sent as one `application/ld+json` script. */
  jsonLd?: readonly Record<string, unknown>[];
  /** `noindex` for pages that belong to a member or a search (robots meta). */
  noindex?: boolean;
}

/** Escapes text for HTML element content and double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * JSON for a `<script type="application/ld+json">` element: every `<` is written `\u003c`, so no
 * `</script>` or `<!--` in publisher text can end or bend the element; U+2028 and U+2029 likewise.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The full document title of a page: "<Page> | SportSpyder", or the product name alone. */
export function documentTitle(page: string | null): string {
  return page ? `${page} | ${SITE_NAME}` : SITE_NAME;
}

/** Plain text of at most `max` characters, cut at a word, with an ellipsis when cut. */
export function shorten(text: string, max = 300): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** `value` as an absolute http(s) URL on `origin` (site paths) or null (other schemes, nonsense). */
export function absoluteUrl(origin: string, value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, `${origin}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The tags of a head, one per line, every value escaped. */
export function renderHeadTags(head: PageHead, origin: string): string {
  const title = documentTitle(head.title);
  const description = shorten(head.description || DEFAULT_DESCRIPTION);
  const url = `${origin}${head.canonicalPath}`;
  const image = absoluteUrl(origin, head.image);
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...(head.noindex ? [meta('name', 'robots', 'noindex, follow')] : []),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title ?? SITE_NAME),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image)] : []),
    ...(head.type === 'article' && head.publishedTime
      ? [meta('property', 'article:published_time', head.publishedTime)]
      : []),
    meta('name', 'twitter:card', image && head.type === 'article' ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title ?? SITE_NAME),
    meta('name', 'twitter:description', description),
    ...(image ? [meta('name', 'twitter:image', image)] : []),
    ...(head.rssPath
      ? [
          `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(
            head.rssTitle ?? title,
          )}" href="${escapeHtml(`${origin}${head.rssPath}`)}" />`,
        ]
      : []),
    ...(head.jsonLd ?? []).map(
      (data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`,
    ),
  ];
  return tags.join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>/i;

/**
 * The built index.html with the page's head: its `<title>` and description replaced, the other tags
 * added before `</head>`; nothing else changes. A file without a `<title>` gets one before `</head>`.
 *
 * @example
 * ```ts
 * injectHead(indexHtml, { title: 'Green Bay Packers', description: '…', canonicalPath: '/nfl/green-bay-packers', type: 'website' }, 'https://sportspyder.com');
 * ```
 */
export function injectHead(indexHtml: string, head: PageHead, origin: string): string {
  const title = `<title>${escapeHtml(documentTitle(head.title))}</title>`;
  const description = `<meta name="description" content="${escapeHtml(
    shorten(head.description || DEFAULT_DESCRIPTION),
  )}" />`;
  const tags = renderHeadTags(head, origin);
  let html = indexHtml;
  let extra = '';
  // Functions as replacements: a `$&` or `$1` in publisher text is text, not a pattern.
  if (TITLE.test(html)) html = html.replace(TITLE, () => title);
  else extra += `${title}\n    `;
  if (DESCRIPTION.test(html)) html = html.replace(DESCRIPTION, () => description);
  else extra += `${description}\n    `;
  const close = html.search(/<\/head>/i);
  if (close !== -1) return `${html.slice(0, close)}  ${extra}${tags}\n  ${html.slice(close)}`;
  // No </head> (a hand-written shell): right after the title, which the parser puts in the head.
  const after = html.indexOf(title);
  if (after === -1) return `${extra}${tags}\n${html}`;
  const at = after + title.length;
  return `${html.slice(0, at)}\n${extra}${tags}${html.slice(at)}`;
}
