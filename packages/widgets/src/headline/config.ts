/**
 * Reads one headline embed's options from its script tag (`data-*` attributes, the `src` origin and the
 * CSP nonce). The limit rule (default 6, 1..12) comes from the core so the widgets page's snippet and the
 * embed agree; an out-of-range limit is clamped with a console warning for the publisher.
 * @module
 */
import { normalizeWidgetLimit } from '@sportspyder/core';

/** Colour theme of an embed: fixed light or dark, or `auto` (follows `prefers-color-scheme` live). */
export type HeadlineTheme = 'light' | 'dark' | 'auto';

/** The options of one headline embed after validation. */
export interface HeadlineConfig {
  /** The SportSpyder origin the script was loaded from (API calls and links go there). */
  readonly origin: string;
  /** Sport slug, e.g. `nfl` (empty for favorites). */
  readonly sport: string;
  /** Team slug, e.g. `green-bay-packers` (empty for favorites). */
  readonly team: string;
  /** True for `data-team="favorites"` (a member's followed teams). */
  readonly favorites: boolean;
  /** The member key of a favorites embed (`data-key`). */
  readonly key: string | undefined;
  /** Headlines to show, 1..12. */
  readonly limit: number;
  /** Colour theme. */
  readonly theme: HeadlineTheme;
  /** Render only when scrolled near (`data-lazy`). */
  readonly lazy: boolean;
  /** CSS selector of the container to mount into (`data-target`), instead of after the script tag. */
  readonly target: string | undefined;
  /** Nonce for the fallback `<style>` on hosts with a strict CSP (`data-nonce` or the script's nonce). */
  readonly nonce: string | undefined;
}

const THEMES: readonly string[] = ['light', 'dark', 'auto'];

/**
 * Builds the config of the embed loaded by `script`. Returns undefined (with a console warning) when
 * `data-team` is missing or not `{sport}/{team}` / `favorites`.
 *
 * @example
 * ```ts
 * readHeadlineConfig(document.currentScript as HTMLScriptElement);
 * // { origin: 'https://sportspyder.com', sport: 'nfl', team: 'green-bay-packers', limit: 6, theme: 'auto', ... }
 * ```
 */
export function readHeadlineConfig(script: HTMLScriptElement): HeadlineConfig | undefined {
  const data = script.dataset;
  const value = (data.team ?? '').trim();
  const favorites = value === 'favorites';
  const parts = value.split('/');
  if (!favorites && (parts.length !== 2 || !parts[0] || !parts[1])) {
    console.warn(`SportSpyder: data-team must be "{sport}/{team}" or "favorites", got "${value}"`);
    return undefined;
  }
  const { limit, adjusted } = normalizeWidgetLimit(data.limit);
  if (adjusted) console.warn(`SportSpyder: data-limit "${data.limit}" is outside 1..12; using ${limit}`);
  const theme = (data.theme ?? 'light').trim();
  return {
    // Relative or missing src (inline copies in tests) falls back to the page's own origin.
    origin: new URL(script.src || '/', location.href).origin,
    sport: favorites ? '' : parts[0]!,
    team: favorites ? '' : parts[1]!,
    favorites,
    key: data.key || undefined,
    limit,
    theme: THEMES.includes(theme) ? (theme as HeadlineTheme) : 'light',
    lazy: data.lazy !== undefined && data.lazy !== 'false',
    target: data.target || undefined,
    nonce: data.nonce || script.nonce || undefined,
  };
}
