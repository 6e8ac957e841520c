/**
 * The widgets page's copyable snippet (spec 2 §2 "Widgets page", §5): a script tag loading the team
 * headline embed with `data-team`, `data-limit` (default 6, 1 to 12), and the optional theme, lazy
 * and favorites key. The embed applies the same limit rule, so both import it from here. With the
 * release's hashes (`/widgets/integrity.json`) the tag names the versioned, immutable URL and carries
 * Subresource Integrity (`integrity` + `crossorigin`); without them, the moving URL and no hash.
 * @module
 */
import { WIDGET_DEFAULT_LIMIT, WIDGET_MAX_LIMIT, WIDGET_MIN_LIMIT } from '../constants.js';

/** The path the server serves the headline embed at. */
export const HEADLINE_WIDGET_PATH = '/widgets/headline.js';

/** Where the widgets build's hashes are served: the release's version and each embed's sha384. */
export const WIDGETS_INTEGRITY_PATH = '/widgets/integrity.json';

/** `integrity.json` of the widgets build: the package version and `sha384-…` per embed file. */
export interface WidgetsIntegrity {
  /** The widgets package version, e.g. `0.1.0`. */
  readonly version: string;
  /** File name (e.g. `headline.js`) → its Subresource Integrity value. */
  readonly files: Readonly<Record<string, string>>;
}

/** How a snippet loads one embed: its path and, for a release's immutable copy, its SRI hash. */
export interface WidgetSource {
  /** `/widgets/v{version}/{file}` or, without a known release, `/widgets/{file}`. */
  readonly scriptPath: string;
  /** `sha384-…` for the versioned path; undefined for the moving one (it changes under the hash). */
  readonly integrity: string | undefined;
}

/**
 * The path and hash a snippet should use for `file`: the release's immutable URL with its sha384 when
 * `integrity` lists the file, otherwise the moving URL without a hash.
 *
 * @example
 * ```ts
 * widgetSource({ version: '1.0.0', files: { 'headline.js': 'sha384-abc' } });
 * // { scriptPath: '/widgets/v1.0.0/headline.js', integrity: 'sha384-abc' }
 * ```
 */
export function widgetSource(
  integrity: WidgetsIntegrity | null | undefined,
  file = 'headline.js',
): WidgetSource {
  const hash = integrity?.files[file];
  if (!integrity || !hash || !/^sha(256|384|512)-[A-Za-z0-9+/=]+$/.test(hash)) {
    return { scriptPath: `/widgets/${file}`, integrity: undefined };
  }
  return { scriptPath: `/widgets/v${encodeURIComponent(integrity.version)}/${file}`, integrity: hash };
}

/** A widget limit after validation. */
export interface WidgetLimit {
  /** The limit to use, 1 to 12. */
  readonly limit: number;
  /** True when the given value was out of range or not a number and was replaced. */
  readonly adjusted: boolean;
}

/**
 * Validates a headline limit: missing or blank → 6; not a number → 6 (adjusted); otherwise rounded
 * down and clamped to 1..12 (adjusted when it changed).
 *
 * @example
 * ```ts
 * normalizeWidgetLimit('20'); // { limit: 12, adjusted: true }
 * ```
 */
export function normalizeWidgetLimit(value: string | number | null | undefined): WidgetLimit {
  if (value == null || (typeof value === 'string' && value.trim() === '')) {
    return { limit: WIDGET_DEFAULT_LIMIT, adjusted: false };
  }
  const n = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isFinite(n)) return { limit: WIDGET_DEFAULT_LIMIT, adjusted: true };
  const limit = Math.min(WIDGET_MAX_LIMIT, Math.max(WIDGET_MIN_LIMIT, Math.floor(n)));
  return { limit, adjusted: limit !== n };
}

/** Options of {@link widgetSnippet}. */
export interface WidgetSnippetOptions {
  /** The site origin the embed loads from, e.g. `https://sportspyder.com`. */
  origin: string;
  /** `{sport}/{team}` (e.g. `nfl/dallas-cowboys`) or `favorites`. */
  team: string;
  /** Headlines to show (default 6; clamped to 1..12). */
  limit?: number | undefined;
  /** Colour theme (left out: the embed's default). */
  theme?: 'light' | 'dark' | 'auto' | undefined;
  /** Render only when scrolled near. */
  lazy?: boolean | undefined;
  /** The member's key, for the "Your Favorites" snippet. */
  memberKey?: string | undefined;
  /** The embed's path, e.g. a versioned one (default {@link HEADLINE_WIDGET_PATH}). */
  scriptPath?: string | undefined;
  /**
   * The script's Subresource Integrity value (`sha384-…`, see {@link widgetSource}); adds
   * `crossorigin="anonymous"`, which SRI on a cross-origin script needs. Only for a versioned path.
   */
  integrity?: string | undefined;
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The script tag to paste on a publisher page.
 *
 * @example
 * ```ts
 * widgetSnippet({ origin: 'https://sportspyder.com', team: 'nfl/dallas-cowboys' });
 * // '<script async src="https://sportspyder.com/widgets/headline.js" data-team="nfl/dallas-cowboys" data-limit="6"></script>'
 * widgetSnippet({ origin: 'https://sportspyder.com', team: 'nfl/dallas-cowboys', ...widgetSource(integrity) });
 * // '<script async src="https://sportspyder.com/widgets/v1.0.0/headline.js" integrity="sha384-…" crossorigin="anonymous" …></script>'
 * ```
 */
export function widgetSnippet(options: WidgetSnippetOptions): string {
  const origin = options.origin.replace(/\/+$/, '');
  const path = options.scriptPath ?? HEADLINE_WIDGET_PATH;
  const { limit } = normalizeWidgetLimit(options.limit);
  const attrs = [`async`, `src="${attr(`${origin}${path.startsWith('/') ? path : `/${path}`}`)}"`];
  if (options.integrity) attrs.push(`integrity="${attr(options.integrity)}"`, 'crossorigin="anonymous"');
  attrs.push(`data-team="${attr(options.team)}"`, `data-limit="${limit}"`);
  if (options.memberKey) attrs.push(`data-key="${attr(options.memberKey)}"`);
  if (options.theme) attrs.push(`data-theme="${options.theme}"`);
  if (options.lazy) attrs.push('data-lazy');
  return `<script ${attrs.join(' ')}></script>`;
}
