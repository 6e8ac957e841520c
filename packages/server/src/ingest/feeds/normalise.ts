/**
 * Normalisation of untrusted feed values: HTML to safe plain text, relative to absolute URLs,
 * canonical URLs for de-duplication, and dates to UTC with future dates clamped.
 *
 * Every string a feed gives us is hostile until it has passed through here: titles and summaries
 * leave as plain text (no markup from a feed ever reaches a page), URLs leave as absolute http(s)
 * URLs or not at all (no `javascript:`), dates leave as real instants no later than "now".
 * @module
 */
import { decodeHTML } from 'entities';

/** Default cap on the length of a safe text, in characters (summaries are short by design). */
export const DEFAULT_TEXT_MAX_LENGTH = 1000;

// Elements whose content is never readable text: dropped with their content.
const DROP_WITH_CONTENT =
  /<(script|style|noscript|template|iframe|object|svg|math|head|title)\b[\s\S]*?<\/\1\s*>/gi;
// An unterminated <script ... (truncated markup) would otherwise leak its body as text.
const DANGLING_DROP = /<(script|style|noscript|template|iframe)\b[\s\S]*$/i;
const COMMENTS = /<!--[\s\S]*?(-->|$)/g;
const CDATA = /<!\[CDATA\[([\s\S]*?)(\]\]>|$)/g;
// Block-level boundaries become spaces so "<p>a</p><p>b</p>" does not read "ab".
const BLOCK_TAG =
  /<\/?(p|div|br|hr|li|ul|ol|h[1-6]|tr|td|th|table|blockquote|section|article|figure|figcaption)\b[^>]*>/gi;
// Anything that looks like a tag: "<" followed by a letter, "/", "!" or "?". "5 < 6" and "<3" survive.
const ANY_TAG = /<[a-zA-Z/!?][^>]*(>|$)/g;
const MARKUP_OR_ENTITY = /[<&]/;
const WHITESPACE = /[\s\u00a0\u200b\u2028\u2029]+/g;
// C0/C1 control characters other than whitespace have no place in a headline.
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

function stripOnce(html: string): string {
  return html
    .replace(CDATA, '$1')
    .replace(COMMENTS, ' ')
    .replace(DROP_WITH_CONTENT, ' ')
    .replace(DANGLING_DROP, ' ')
    .replace(BLOCK_TAG, ' ')
    .replace(ANY_TAG, '');
}

/**
 * Turns feed HTML (or text that may contain HTML) into plain, safe text: scripts, styles and
 * comments are dropped with their content, tags removed, entities decoded, whitespace collapsed,
 * and the result capped at `maxLength` characters (cut at a word boundary with an ellipsis).
 *
 * Double-escaped markup (`&lt;script&gt;`), which many feeds produce, is stripped too: decoding
 * and stripping repeat until the text is stable, so no `<tag` ever survives.
 * @example
 * toSafeText('<p>Gulls <b>win</b></p><script>x()</script>'); // 'Gulls win'
 */
export function toSafeText(html: string | null | undefined, maxLength = DEFAULT_TEXT_MAX_LENGTH): string {
  if (!html) return '';
  let text = String(html);
  // Plain text (no markup, no entities) skips the stripping rounds: the common case for titles.
  for (let round = 0; round < 4 && MARKUP_OR_ENTITY.test(text); round++) {
    const next = decodeHTML(stripOnce(text));
    if (next === text) break;
    text = next;
  }
  // A final strip without decoding: whatever is left that still looks like a tag goes.
  if (text.includes('<')) text = stripOnce(text);
  text = text.replace(CONTROL, '').replace(WHITESPACE, ' ').trim();
  return truncateText(text, maxLength);
}

function truncateText(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, Math.max(0, maxLength - 1));
  const lastSpace = cut.lastIndexOf(' ');
  const base = lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${base.trimEnd()}…`;
}

/**
 * Resolves `url` against `base` and returns it only if the result is an http(s) URL.
 * `javascript:`, `data:`, `mailto:` and unparsable values give `null`, so a feed can never plant
 * a script link. Protocol-relative URLs (`//cdn...`) take the base's scheme (https by default).
 * @example
 * absoluteUrl('/img/a.jpg', 'https://news.example/feed'); // 'https://news.example/img/a.jpg'
 */
export function absoluteUrl(url: string | null | undefined, base?: string | null): string | null {
  if (!url) return null;
  const raw = decodeHTML(String(url)).trim().replace(CONTROL, '');
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = base ? new URL(raw, safeBase(base)) : new URL(raw.startsWith('//') ? `https:${raw}` : raw);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (!parsed.hostname) return null;
  return parsed.href;
}

// A feed's items all resolve against the same base: the last one is remembered.
let lastBase: { base: string; safe: string | undefined } | null = null;

function safeBase(base: string): string | undefined {
  if (lastBase?.base === base) return lastBase.safe;
  const safe = parseBase(base);
  lastBase = { base, safe };
  return safe;
}

function parseBase(base: string): string | undefined {
  try {
    const parsed = new URL(base);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Query parameters that only track the reader; removed from canonical URLs. Names are compared
 * lowercased; entries ending in `*` are prefixes. Only names that never identify content are
 * listed: dropping an identifying parameter would merge distinct articles.
 */
export const TRACKING_PARAMS: readonly string[] = [
  'utm_*',
  'fbclid',
  'gclid',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  'ref',
  'ref_src',
  'ref_url',
  'referrer',
  'cmpid',
  'icid',
  'ito',
  'ncid',
  'ocid',
  'sr_share',
  'smid',
  'smtyp',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  'hsctatracking',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'xtor',
  'at_medium',
  'at_campaign',
  'pk_*',
  'piwik_*',
  'mtm_*',
];

function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  for (const entry of TRACKING_PARAMS) {
    if (entry.endsWith('*') ? lower.startsWith(entry.slice(0, -1)) : lower === entry) return true;
  }
  return false;
}

/**
 * The canonical form of an article URL, used with the guid to recognise the same article:
 * http(s) only, lowercase host (otherwise kept as is: `www.` is not dropped), default ports,
 * credentials and the fragment dropped, tracking parameters removed, the remaining parameters
 * sorted by name (stable for equal names), and a bare trailing `?` removed.
 * Returns `null` for anything that is not an absolute http(s) URL.
 * @example
 * canonicalUrl('HTTPS://News.Example:443/a?utm_source=x&b=2&a=1#top'); // 'https://news.example/a?a=1&b=2'
 */
export function canonicalUrl(url: string | null | undefined): string | null {
  const absolute = absoluteUrl(url);
  if (!absolute) return null;
  // The URL parser already lowercased the host and dropped a default port: without a query,
  // fragment, credentials (or an @ anywhere) or a host ending in a dot there is nothing left to do.
  if (!/[?#@]/.test(absolute) && !/^https?:\/\/[^/]*\.\//.test(absolute)) return absolute;
  const parsed = new URL(absolute);
  parsed.hash = '';
  parsed.hostname = parsed.hostname.toLowerCase().replace(/\.$/, '');
  if (
    (parsed.protocol === 'https:' && parsed.port === '443') ||
    (parsed.protocol === 'http:' && parsed.port === '80')
  ) {
    parsed.port = '';
  }
  parsed.username = '';
  parsed.password = '';
  const kept = [...parsed.searchParams.entries()].filter(([name]) => !isTrackingParam(name));
  kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  parsed.search = kept.length ? new URLSearchParams(kept).toString() : '';
  return parsed.href;
}

/** How a date was read by {@link normaliseDate}. */
export type DateFlag = 'ok' | 'clamped' | 'invalid' | 'missing';

/** The result of {@link normaliseDate}: the instant (or `null`) and how it was obtained. */
export interface NormalisedDate {
  /** The instant, never later than `now`; `null` when the value was missing or unreadable. */
  date: Date | null;
  /** `clamped` when the feed gave a future date, `invalid`/`missing` when `date` is null. */
  flag: DateFlag;
}

// ISO 8601 date-time without a zone designator ("2026-11-17T08:30:00"): read as UTC, not local time.
const ISO_NO_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;
// RFC 822 date without a zone ("Fri, 20 Nov 2026 14:30:00"): also UTC.
const RFC822_NO_ZONE = /^(\w{3},\s*)?\d{1,2}\s+\w{3}\s+\d{2,4}\s+\d{1,2}:\d{2}(:\d{2})?$/;
// The earliest date we believe; feeds send 1970-01-01 (or year 0) to mean "unknown".
const EARLIEST = Date.UTC(1995, 0, 1);

/**
 * Reads a feed date (RFC 822, RFC 3339/ISO 8601, a Date or epoch milliseconds) as a UTC instant.
 * Values without a time zone are read as UTC (never as the server's local time). A date after
 * `now` is clamped to `now` (feeds schedule posts and have wrong clocks); values that cannot be
 * read, or that fall before 1995, give `null` with the flag `invalid`.
 * @example
 * normaliseDate('Fri, 20 Nov 2026 14:30:00 -0500', now).date?.toISOString(); // '2026-11-20T19:30:00.000Z'
 */
export function normaliseDate(value: unknown, now: Date): NormalisedDate {
  if (value === null || value === undefined || value === '') return { date: null, flag: 'missing' };
  let ms: number;
  if (value instanceof Date) ms = value.getTime();
  else if (typeof value === 'number') ms = value;
  else if (typeof value === 'string') {
    const raw = value.trim();
    if (ISO_NO_ZONE.test(raw)) ms = Date.parse(`${raw.replace(' ', 'T')}Z`);
    else if (RFC822_NO_ZONE.test(raw)) ms = Date.parse(`${raw} GMT`);
    else ms = Date.parse(raw);
  } else return { date: null, flag: 'invalid' };
  if (!Number.isFinite(ms) || ms < EARLIEST) return { date: null, flag: 'invalid' };
  if (ms > now.getTime()) return { date: new Date(now.getTime()), flag: 'clamped' };
  return { date: new Date(ms), flag: 'ok' };
}

/**
 * Reads a media duration in any notation feeds use and returns whole seconds (rounded), or
 * `undefined` when it cannot be read: `"1:02:03"`, `"62:03"`, `"3723"`, `"3723.5"`,
 * ISO 8601 `"PT1H2M3S"`, or a number.
 * @example
 * parseDuration('PT1H2M3S'); // 3723
 */
export function parseDuration(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const raw = value.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Math.round(Number(raw));
  const clock = /^(?:(\d+):)?(\d+):(\d{1,2}(?:\.\d+)?)$/.exec(raw);
  if (clock) {
    const [, h, m, s] = clock;
    return Math.round(Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s));
  }
  const iso =
    /^P(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/i.exec(
      raw,
    );
  if (iso && raw.length > 1 && raw.toUpperCase() !== 'PT') {
    const [, d, h, m, s] = iso;
    return Math.round(Number(d ?? 0) * 86400 + Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s ?? 0));
  }
  return undefined;
}
