/**
 * Feed parsing: turns the text of an RSS (0.9x, 2.0), Atom (0.3, 1.0), RDF (RSS 0.90, 1.0) or JSON
 * Feed document into one normalised shape for news, podcasts (iTunes and Podcasting 2.0 namespaces)
 * and YouTube channels, using feedsmith for the format-specific reading, `legacy-formats.ts` for old
 * formats and naming what is refused, and `normalise.ts` for safety.
 *
 * Hostile input is answered with an error value, never an exception: documents declaring an
 * ENTITY or a DOCTYPE internal subset (XXE, entity bombs) are refused before any XML parser sees them, and
 * truncated or non-feed text is recognised as such.
 * @module
 */
import {
  type AnyFeed,
  type AtomFeed,
  parseFeed as feedsmithParse,
  type JsonFeed,
  type MediaNs,
  type RssFeed,
} from 'feedsmith';
import {
  declaresEntities,
  describeDocument,
  documentRoot,
  isAtom03,
  notAFeed,
  readableAtom03,
  withoutDoctype,
} from './legacy-formats.js';
import {
  absoluteUrl,
  canonicalUrl,
  type DateFlag,
  normaliseDate,
  parseDuration,
  toSafeText,
} from './normalise.js';

/** What a feed carries: articles, podcast episodes or videos. */
export type FeedKind = 'news' | 'podcast' | 'video';

/** The syntax a feed was written in. */
export type FeedFormat = 'rss' | 'atom' | 'rdf' | 'json';

/** A media file attached to an item (a podcast episode's audio, a video file). */
export interface FeedEnclosure {
  /** Absolute http(s) URL of the file. */
  url: string;
  /** MIME type as declared by the feed (may be empty). */
  type: string;
  /** Size in bytes as declared by the feed (0 when unknown). */
  length: number;
}

/** One normalised feed item: every text is safe plain text, every URL absolute http(s). */
export interface FeedItem {
  /** The feed's identifier for the item (guid, Atom id, JSON id), else the canonical URL. */
  guid: string;
  /** Plain-text title (never empty: falls back to the start of the summary). */
  title: string;
  /** Plain-text summary, at most 1,000 characters. */
  summary: string;
  /** Absolute link to the item as published (YouTube: the watch URL). */
  url: string | null;
  /** The URL without tracking parameters, fragment or default port; de-duplicate on it and guid. */
  canonicalUrl: string | null;
  /** Plain-text author name, if any. */
  author: string | null;
  /** Publication instant, never in the future; `now` when the feed gave no usable date. */
  publishedAt: Date;
  /** How `publishedAt` was obtained (`clamped`: the feed gave a future date; `invalid`/`missing`: `now`). */
  dateFlag: DateFlag;
  /**
   * Absolute URL of the item's image (media:content/thumbnail, image enclosure, iTunes image, first
   * img); podcast episodes without one take the show's cover art.
   */
  imageUrl: string | null;
  /** The audio/video file of a podcast episode or video item. */
  enclosure?: FeedEnclosure;
  /** Duration in whole seconds (iTunes duration in any notation, media:content duration). */
  durationSeconds?: number;
  /** Podcast season number. */
  season?: number;
  /** Podcast episode number. */
  episode?: number;
  /** Podcast episode type: `full`, `trailer` or `bonus`. */
  episodeType?: string;
  /** Podcast explicit flag. */
  explicit?: boolean;
  /** True for YouTube videos. */
  isYoutube?: boolean;
  /** The YouTube video id, for embedding. */
  youtubeId?: string;
}

/** A normalised feed. */
export interface ParsedFeed {
  /** What the feed carries. */
  kind: FeedKind;
  /** The syntax it was written in. */
  format: FeedFormat;
  /** Plain-text feed title. */
  title: string;
  /** Plain-text feed description. */
  description: string;
  /** Absolute link to the site or channel. */
  link: string | null;
  /** Absolute URL of the feed's logo or podcast cover art. */
  image: string | null;
  /** Plain-text author (podcast owner, channel name), if any. */
  author: string | null;
  /** Podcast-level explicit flag, if declared. */
  explicit?: boolean;
  /** The WebSub hub the feed names (`<atom:link rel="hub">` of Atom or RSS), absolute. */
  hub?: string;
  /** The feed's own URL as it names it (`rel="self"`): the WebSub topic. */
  self?: string;
  /** The items, newest first as the feed gave them, at most `maxItems`. */
  items: FeedItem[];
}

/** Why a document could not be parsed. */
export type ParseFeedErrorCode = 'doctype-forbidden' | 'not-a-feed' | 'truncated' | 'malformed';

/** The outcome of {@link parseFeed}. */
export type ParseFeedResult =
  | { kind: 'ok'; feed: ParsedFeed }
  | { kind: 'error'; code: ParseFeedErrorCode; message: string };

/** Options of {@link parseFeed}. */
export interface ParseFeedOptions {
  /** The URL the feed was fetched from (after redirects): relative links resolve against it. */
  baseUrl?: string | null;
  /** The current time: future dates are clamped to it and missing dates take it. */
  now?: Date;
  /** Most items kept (default 200); feeds with thousands of items are cut, newest first. */
  maxItems?: number;
}

/** Default number of items kept from one feed. */
export const DEFAULT_MAX_ITEMS = 200;
const TITLE_MAX = 300;
const SUMMARY_MAX = 1000;

/**
 * Parses a feed document into a {@link ParsedFeed}. Never throws: refused, truncated, malformed
 * and unrecognised documents give `{ kind: 'error', code, message }`.
 * @example
 * const result = parseFeed(body, { baseUrl: 'https://news.example/feed', now: new Date() });
 * if (result.kind === 'ok') for (const item of result.feed.items) store(item);
 */
export function parseFeed(text: string, options: ParseFeedOptions = {}): ParseFeedResult {
  try {
    return parseUnsafe(text, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      kind: 'error',
      code: 'malformed',
      message: `The feed could not be read: ${message.slice(0, 300)}`,
    };
  }
}

function parseUnsafe(input: string, options: ParseFeedOptions): ParseFeedResult {
  const now = options.now ?? new Date();
  const text = input.replace(/^\uFEFF/, '').trim();
  if (!text) return { kind: 'error', code: 'not-a-feed', message: 'The document is empty' };

  if (text.startsWith('{') || text.startsWith('[')) return parseJsonText(text, options, now);
  if (!text.startsWith('<')) {
    return { kind: 'error', code: 'not-a-feed', message: 'The document is neither XML nor JSON' };
  }
  const refused = refuseDeclarations(text);
  if (refused) return refused;
  // Known documents that are not feeds (an HTML page, an OPML list...) are named, not parsed.
  const root = documentRoot(text);
  const foreign = notAFeed(root);
  if (foreign) return { kind: 'error', code: 'not-a-feed', message: foreign };
  const body = withoutDoctype(text);
  const truncated = checkComplete(body);
  if (truncated) return truncated;

  let parsed: AnyFeed<string>;
  try {
    const readable = isAtom03(root) ? readableAtom03(body) : body;
    parsed = feedsmithParse<string>(normaliseItunesDurations(readable));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const what = describeDocument(root);
    return {
      kind: 'error',
      code: 'not-a-feed',
      message: /^an? (Atom|RSS)/.test(what)
        ? `The document is ${what} that could not be read (${message})`
        : `Not an RSS, Atom or RDF feed: the document is ${what} (${message})`,
    };
  }
  const ctx: Context = {
    base: options.baseUrl ?? null,
    now,
    maxItems: options.maxItems ?? DEFAULT_MAX_ITEMS,
  };
  switch (parsed.format) {
    case 'rss':
      return { kind: 'ok', feed: withHub(fromRss(parsed.feed, ctx, 'rss'), parsed.feed.atom?.links, ctx) };
    case 'rdf':
      return { kind: 'ok', feed: fromRss(parsed.feed as RssFeed.Feed<string>, ctx, 'rdf') };
    case 'atom':
      return { kind: 'ok', feed: withHub(fromAtom(parsed.feed, ctx), parsed.feed.links, ctx) };
    case 'json':
      return { kind: 'ok', feed: fromJson(parsed.feed, ctx) };
  }
}

/**
 * WebSub discovery in the document (W3C WebSub §4): the first `rel="hub"` and `rel="self"` links of an
 * Atom feed or of an RSS channel's `<atom:link>` elements, absolute http(s) URLs only.
 */
function withHub(
  feed: ParsedFeed,
  links: readonly { href?: string; rel?: string }[] | undefined,
  ctx: Context,
): ParsedFeed {
  const find = (rel: string) => {
    const href = links?.find((l) => l.rel?.toLowerCase() === rel && l.href)?.href;
    const url = href ? absoluteUrl(href, ctx.base) : null;
    return url && /^https?:/i.test(url) ? url : undefined;
  };
  const hub = find('hub');
  const self = find('self');
  if (hub) feed.hub = hub;
  if (self) feed.self = self;
  return feed;
}

// ---------------------------------------------------------------------------------------------
// Guards run on the raw text before any parser.

/**
 * XXE and entity-expansion attacks need ENTITY declarations, in a DOCTYPE's internal subset. No real
 * feed needs one, so any ENTITY or internal subset outside CDATA refuses the document outright; a
 * DOCTYPE naming only an external DTD (RSS 0.91's Netscape DOCTYPE) is harmless and removed.
 */
function refuseDeclarations(text: string): ParseFeedResult | null {
  if (!declaresEntities(text)) return null;
  return {
    kind: 'error',
    code: 'doctype-forbidden',
    message: 'The feed declares a DOCTYPE or ENTITY (possible XXE); such feeds are refused',
  };
}

/**
 * A cut-off download still parses "leniently" into half a feed; refuse it instead: the document
 * must end with the closing tag of its root element.
 */
function checkComplete(text: string): ParseFeedResult | null {
  const prolog = /^(?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->))*\s*<([A-Za-z_][\w:.-]*)/.exec(text);
  const root = prolog?.[1];
  if (!root) return { kind: 'error', code: 'not-a-feed', message: 'No root element found' };
  // Only the end matters; looking at the last few KB keeps this linear on huge documents.
  const tail = text
    .slice(-4096)
    .replace(/(?:<!--(?:(?!<!--)[\s\S])*?-->\s*)+$/, '')
    .trimEnd();
  const closing = new RegExp(`</${root.replace(/[.]/g, '\\.')}\\s*>$`, 'i');
  if (closing.test(tail) || /\/>$/.test(tail)) return null;
  return {
    kind: 'error',
    code: 'truncated',
    message: `The document ends before its root element <${root}> is closed (truncated download?)`,
  };
}

/**
 * feedsmith reads "1:02:03", "62:03" and plain seconds, but not ISO 8601 ("PT1H2M3S") or other
 * variants; rewrite every itunes:duration to whole seconds first so all notations are equal.
 */
function normaliseItunesDurations(text: string): string {
  if (!/<itunes:duration/i.test(text)) return text;
  return text.replace(
    /(<itunes:duration\b[^>]*>)\s*([^<]*?)\s*(<\/itunes:duration\s*>)/gi,
    (_match, open: string, value: string, close: string) => {
      const seconds = parseDuration(value);
      return `${open}${seconds === undefined ? '' : seconds}${close}`;
    },
  );
}

function parseJsonText(text: string, options: ParseFeedOptions, now: Date): ParseFeedResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const truncated = /end of (json )?input|unterminated/i.test(message);
    return {
      kind: 'error',
      code: truncated ? 'truncated' : 'malformed',
      message: truncated ? 'The JSON document ends early (truncated download?)' : `Invalid JSON: ${message}`,
    };
  }
  let parsed: AnyFeed<string>;
  try {
    parsed = feedsmithParse<string>(json);
  } catch {
    return { kind: 'error', code: 'not-a-feed', message: 'JSON, but not a JSON Feed' };
  }
  if (parsed.format !== 'json')
    return { kind: 'error', code: 'not-a-feed', message: 'JSON, but not a JSON Feed' };
  const ctx: Context = {
    base: options.baseUrl ?? null,
    now,
    maxItems: options.maxItems ?? DEFAULT_MAX_ITEMS,
  };
  return { kind: 'ok', feed: fromJson(parsed.feed, ctx) };
}

// ---------------------------------------------------------------------------------------------
// Format readers: each turns its format into RawItems; `finishItem` does the normalising.

interface Context {
  base: string | null;
  now: Date;
  maxItems: number;
}

/** An item as read from the format, before normalisation; every string is still untrusted. */
interface RawItem {
  guid?: string | undefined;
  title?: string | undefined;
  summaryHtml?: (string | undefined)[];
  link?: string | undefined;
  author?: string | undefined;
  dates: (string | undefined)[];
  images: (string | undefined)[];
  enclosure?:
    | { url?: string | undefined; type?: string | undefined; length?: number | undefined }
    | undefined;
  duration?: number | undefined;
  season?: number | undefined;
  episode?: number | undefined;
  episodeType?: string | undefined;
  explicit?: boolean | undefined;
  youtubeId?: string | undefined;
}

const AUDIO_VIDEO_EXT = /\.(mp3|m4a|m4b|aac|ogg|oga|opus|wav|flac|mp4|m4v|mov|webm)(\?|$)/i;

function fromRss(feed: RssFeed.Feed<string>, ctx: Context, format: 'rss' | 'rdf'): ParsedFeed {
  const base = absoluteUrl(feed.link, ctx.base) ?? ctx.base;
  const items = (feed.items ?? []).slice(0, ctx.maxItems);
  const raws = items.map((item): RawItem => {
    const enclosures = item.enclosures ?? [];
    const media = mediaEnclosure(item.media);
    const fileEnclosure = enclosures.find((e) => isAudioOrVideo(e.type, e.url)) ?? media;
    const rdfAbout = (item as { rdf?: { about?: string } }).rdf?.about;
    return {
      guid: item.guid?.value ?? rdfAbout,
      title: item.title ?? item.itunes?.title,
      summaryHtml: [
        item.description,
        item.content?.encoded,
        item.itunes?.summary,
        mediaDescription(item.media),
      ],
      link: item.link ?? (item.guid?.isPermaLink !== false ? urlLike(item.guid?.value) : undefined),
      author: item.authors?.[0]?.name ?? item.dc?.creators?.[0] ?? item.itunes?.author,
      dates: [
        item.pubDate,
        item.dc?.dates?.[0],
        item.dcterms?.created?.[0],
        item.atom?.published,
        item.atom?.updated,
      ],
      images: [
        ...mediaImages(item.media),
        ...enclosures.filter((e) => e.type?.startsWith('image/')).map((e) => e.url),
        item.itunes?.image,
        firstImg(item.content?.encoded),
        firstImg(item.description),
      ],
      enclosure: fileEnclosure,
      duration: item.itunes?.duration ?? mediaDuration(item.media),
      season: item.itunes?.season,
      episode: item.itunes?.episode,
      episodeType: item.itunes?.episodeType,
      explicit: item.itunes?.explicit,
    };
  });
  const podcast =
    feed.itunes !== undefined ||
    feed.podcast !== undefined ||
    (raws.length > 0 &&
      raws.filter((r) => r.enclosure && isAudio(r.enclosure.type, r.enclosure.url)).length * 2 >=
        raws.length);
  const parsedFeed: ParsedFeed = {
    kind: podcast ? 'podcast' : 'news',
    format,
    title: toSafeText(feed.title ?? feed.itunes?.title, TITLE_MAX),
    description: toSafeText(feed.description ?? feed.itunes?.summary, SUMMARY_MAX),
    link: base,
    image: absoluteUrl(feed.itunes?.image ?? feed.image?.url ?? mediaImages(feed.media)[0], base),
    author:
      toSafeText(feed.itunes?.author ?? feed.dc?.creators?.[0] ?? feed.managingEditor?.name, TITLE_MAX) ||
      null,
    items: finishItems(raws, base, ctx),
  };
  if (feed.itunes?.explicit !== undefined) parsedFeed.explicit = feed.itunes.explicit;
  // Podcast apps show the show's cover art for episodes without their own.
  if (podcast && parsedFeed.image) {
    for (const item of parsedFeed.items) item.imageUrl ??= parsedFeed.image;
  }
  return parsedFeed;
}

function fromAtom(feed: AtomFeed.Feed<string>, ctx: Context): ParsedFeed {
  const link = absoluteUrl(alternateLink(feed.links), ctx.base) ?? ctx.base;
  const entries = (feed.entries ?? []).slice(0, ctx.maxItems);
  const youtube = feed.yt?.channelId !== undefined || entries.some((e) => e.yt?.videoId);
  const raws = entries.map((entry): RawItem => {
    const youtubeId = entry.yt?.videoId;
    const enclosureLink = entry.links?.find((l) => l.rel === 'enclosure');
    return {
      guid: entry.id,
      title: textOf(entry.title) ?? mediaTitle(entry.media),
      summaryHtml: [textOf(entry.summary), entry.content?.value, mediaDescription(entry.media)],
      link: youtubeId
        ? `https://www.youtube.com/watch?v=${encodeURIComponent(youtubeId)}`
        : alternateLink(entry.links),
      author: entry.authors?.[0]?.name ?? entry.dc?.creators?.[0],
      dates: [entry.published, entry.updated, entry.dc?.dates?.[0]],
      images: [
        ...mediaImages(entry.media),
        entry.itunes?.image,
        firstImg(entry.content?.value),
        firstImg(textOf(entry.summary)),
      ],
      enclosure: enclosureLink
        ? { url: enclosureLink.href, type: enclosureLink.type, length: enclosureLink.length }
        : undefined,
      duration: entry.itunes?.duration ?? mediaDuration(entry.media),
      season: entry.itunes?.season,
      episode: entry.itunes?.episode,
      episodeType: entry.itunes?.episodeType,
      explicit: entry.itunes?.explicit,
      youtubeId,
    };
  });
  return {
    kind: youtube ? 'video' : feed.itunes ? 'podcast' : 'news',
    format: 'atom',
    title: toSafeText(textOf(feed.title), TITLE_MAX),
    description: toSafeText(textOf(feed.subtitle), SUMMARY_MAX),
    link,
    image: absoluteUrl(feed.logo ?? feed.icon ?? feed.itunes?.image, link),
    author: toSafeText(feed.authors?.[0]?.name, TITLE_MAX) || null,
    items: finishItems(raws, link, ctx),
  };
}

function fromJson(feed: JsonFeed.Feed<string>, ctx: Context): ParsedFeed {
  const link = absoluteUrl(feed.home_page_url, ctx.base) ?? absoluteUrl(feed.feed_url, ctx.base) ?? ctx.base;
  const raws = (feed.items ?? []).slice(0, ctx.maxItems).map((item): RawItem => {
    const attachment = item.attachments?.find((a) => isAudioOrVideo(a.mime_type, a.url));
    return {
      guid: item.id,
      title: item.title,
      summaryHtml: [item.summary, item.content_html, item.content_text],
      link: item.url ?? item.external_url,
      author: item.authors?.[0]?.name ?? feed.authors?.[0]?.name,
      dates: [item.date_published, item.date_modified],
      images: [item.image, item.banner_image, firstImg(item.content_html)],
      enclosure: attachment
        ? { url: attachment.url, type: attachment.mime_type, length: attachment.size_in_bytes }
        : undefined,
      duration: attachment?.duration_in_seconds,
    };
  });
  const podcast =
    raws.length > 0 && raws.every((r) => r.enclosure && isAudio(r.enclosure.type, r.enclosure.url));
  return {
    kind: podcast ? 'podcast' : 'news',
    format: 'json',
    title: toSafeText(feed.title, TITLE_MAX),
    description: toSafeText(feed.description, SUMMARY_MAX),
    link,
    image: absoluteUrl(feed.icon ?? feed.favicon, link),
    author: toSafeText(feed.authors?.[0]?.name, TITLE_MAX) || null,
    items: finishItems(raws, link, ctx),
  };
}

// ---------------------------------------------------------------------------------------------
// Normalisation shared by every format.

function finishItems(raws: RawItem[], base: string | null, ctx: Context): FeedItem[] {
  const items: FeedItem[] = [];
  for (const raw of raws) {
    const item = finishItem(raw, base, ctx);
    if (item) items.push(item);
  }
  return items;
}

function finishItem(raw: RawItem, base: string | null, ctx: Context): FeedItem | null {
  const url = absoluteUrl(raw.link, base);
  const canonical = canonicalUrl(url);
  const summarySource = raw.summaryHtml?.find((s) => s && s.trim().length > 0);
  const summary = toSafeText(summarySource, SUMMARY_MAX);
  const title = toSafeText(raw.title, TITLE_MAX) || toSafeText(summary, 120);
  const guid = cleanGuid(raw.guid) ?? canonical;
  if (!guid || !title) return null; // nothing to identify or show: not an item

  let published = { date: null as Date | null, flag: 'missing' as DateFlag };
  for (const value of raw.dates) {
    if (!value) continue;
    published = normaliseDate(value, ctx.now);
    if (published.date) break;
  }

  const item: FeedItem = {
    guid,
    title,
    summary,
    url,
    canonicalUrl: canonical,
    author: toSafeText(raw.author, 200) || null,
    publishedAt: published.date ?? new Date(ctx.now.getTime()),
    dateFlag: published.flag,
    imageUrl: firstUrl(raw.images, url ?? base),
  };
  const enclosureUrl = absoluteUrl(raw.enclosure?.url, url ?? base);
  if (enclosureUrl) {
    item.enclosure = {
      url: enclosureUrl,
      type: toSafeText(raw.enclosure?.type, 100),
      length: Number.isFinite(raw.enclosure?.length)
        ? Math.max(0, Math.round(raw.enclosure?.length ?? 0))
        : 0,
    };
  }
  const duration = parseDuration(raw.duration);
  if (duration !== undefined) item.durationSeconds = duration;
  if (isCount(raw.season)) item.season = raw.season;
  if (isCount(raw.episode)) item.episode = raw.episode;
  const episodeType = raw.episodeType?.trim().toLowerCase();
  if (episodeType === 'full' || episodeType === 'trailer' || episodeType === 'bonus')
    item.episodeType = episodeType;
  if (raw.explicit !== undefined) item.explicit = raw.explicit;
  if (raw.youtubeId && /^[\w-]{6,20}$/.test(raw.youtubeId)) {
    item.isYoutube = true;
    item.youtubeId = raw.youtubeId;
  }
  return item;
}

// ---------------------------------------------------------------------------------------------
// Small readers.

function cleanGuid(value: string | undefined): string | null {
  if (!value) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: identifiers must not carry control characters
  const cleaned = value.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return cleaned ? cleaned.slice(0, 500) : null;
}

function isCount(value: number | undefined): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 100_000;
}

function urlLike(value: string | undefined): string | undefined {
  return value && /^https?:\/\//i.test(value.trim()) ? value : undefined;
}

function firstUrl(candidates: (string | undefined)[], base: string | null): string | null {
  for (const candidate of candidates) {
    const url = absoluteUrl(candidate, base);
    if (url) return url;
  }
  return null;
}

function firstImg(html: string | undefined): string | undefined {
  if (!html?.includes('<img')) return undefined;
  return /<img\b[^>]*?\bsrc\s*=\s*["']([^"']+)["']/i.exec(html)?.[1];
}

function textOf(text: { value?: string } | string | undefined): string | undefined {
  return typeof text === 'string' ? text : text?.value;
}

function alternateLink(links: { href?: string; rel?: string }[] | undefined): string | undefined {
  if (!links?.length) return undefined;
  return (links.find((l) => !l.rel || l.rel === 'alternate') ?? links.find((l) => l.rel !== 'self'))?.href;
}

function isAudio(type: string | undefined, url: string | undefined): boolean {
  if (type) return type.startsWith('audio/');
  return !!url && /\.(mp3|m4a|m4b|aac|ogg|oga|opus|wav|flac)(\?|$)/i.test(url);
}

function isAudioOrVideo(type: string | undefined, url: string | undefined): boolean {
  if (type && type !== 'application/octet-stream')
    return type.startsWith('audio/') || type.startsWith('video/');
  return !!url && AUDIO_VIDEO_EXT.test(url);
}

type Media = MediaNs.ItemOrFeed | undefined;

function mediaContents(media: Media): MediaNs.Content[] {
  if (!media) return [];
  return [...(media.contents ?? []), ...(media.groups ?? []).flatMap((g) => g.contents ?? [])];
}

function mediaImages(media: Media): (string | undefined)[] {
  if (!media) return [];
  const images = mediaContents(media)
    .filter((c) => c.medium === 'image' || c.type?.startsWith('image/'))
    .map((c) => c.url);
  const thumbnails = [
    ...(media.thumbnails ?? []),
    ...(media.groups ?? []).flatMap((g) => g.thumbnails ?? []),
    ...mediaContents(media).flatMap((c) => c.thumbnails ?? []),
  ].map((t) => t.url);
  return [...images, ...thumbnails];
}

function mediaEnclosure(media: Media): RawItem['enclosure'] {
  const content = mediaContents(media).find(
    (c) => c.medium === 'audio' || c.medium === 'video' || isAudioOrVideo(c.type, c.url),
  );
  return content ? { url: content.url, type: content.type, length: content.fileSize } : undefined;
}

function mediaDuration(media: Media): number | undefined {
  return mediaContents(media).find((c) => typeof c.duration === 'number')?.duration;
}

function mediaDescription(media: Media): string | undefined {
  if (!media) return undefined;
  return media.description?.value ?? media.groups?.find((g) => g.description?.value)?.description?.value;
}

function mediaTitle(media: Media): string | undefined {
  if (!media) return undefined;
  return media.title?.value ?? media.groups?.find((g) => g.title?.value)?.title?.value;
}
