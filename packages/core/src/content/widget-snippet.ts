/**
 * The widgets page's copyable snippet (spec 2 §2 "Widgets page", §5): a script tag loading the team
 * headline embed with `data-team`, `data-limit` (default 6, 1 to 12), and the optional theme, lazy
 * and favorites key. The embed applies the same limit rule, so both import it from here.
 * @module
 */
import { WIDGET_DEFAULT_LIMIT, WIDGET_MAX_LIMIT, WIDGET_MIN_LIMIT } from '../constants.js';

/** The path the server serves the headline embed at. */
export const HEADLINE_WIDGET_PATH = '/widgets/headline.js';

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
 * ```
 */
export function widgetSnippet(options: WidgetSnippetOptions): string {
  const origin = options.origin.replace(/\/+$/, '');
  const path = options.scriptPath ?? HEADLINE_WIDGET_PATH;
  const { limit } = normalizeWidgetLimit(options.limit);
  const attrs = [`async`, `src="${attr(`${origin}${path.startsWith('/') ? path : `/${path}`}`)}"`];
  attrs.push(`data-team="${attr(options.team)}"`, `data-limit="${limit}"`);
  if (options.memberKey) attrs.push(`data-key="${attr(options.memberKey)}"`);
  if (options.theme) attrs.push(`data-theme="${options.theme}"`);
  if (options.lazy) attrs.push('data-lazy');
  return `<script ${attrs.join(' ')}></script>`;
}
