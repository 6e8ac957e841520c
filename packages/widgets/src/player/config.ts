/**
 * Reads one player embed's options from its script tag: `data-episode` (an episode id) or `data-podcast`
 * (a podcast id: its latest episode), `data-theme`, `data-start`, `data-target`, `data-nonce`, and the
 * SportSpyder origin from `src`. A tag without a usable id mounts nothing and warns the publisher.
 * @module
 */
/** Colour theme of an embed: fixed light or dark, or `auto` (follows `prefers-color-scheme` live). */
export type PlayerTheme = 'light' | 'dark' | 'auto';

/** The options of one player embed after validation. */
export interface PlayerConfig {
  /** The SportSpyder origin the script was loaded from (API calls and links go there). */
  readonly origin: string;
  /** What to play: one episode, or the latest episode of a podcast. */
  readonly source: { readonly kind: 'episode' | 'podcast'; readonly id: number };
  /** Colour theme. */
  readonly theme: PlayerTheme;
  /** Start position in seconds (`data-start`) for a listener without saved progress, or null. */
  readonly start: number | null;
  /** CSS selector of the container to mount into (`data-target`), instead of after the script tag. */
  readonly target: string | undefined;
  /** Nonce for the fallback `<style>` on hosts with a strict CSP (`data-nonce` or the script's nonce). */
  readonly nonce: string | undefined;
}

const THEMES: readonly string[] = ['light', 'dark', 'auto'];

/**
 * Builds the config of the player embed loaded by `script`. Returns undefined (with a console warning)
 * when neither `data-episode` nor `data-podcast` holds a numeric id.
 *
 * @example
 * ```ts
 * readPlayerConfig(document.currentScript as HTMLScriptElement);
 * // { origin: 'https://sportspyder.com', source: { kind: 'episode', id: 12 }, theme: 'light', start: null, ... }
 * ```
 */
export function readPlayerConfig(script: HTMLScriptElement): PlayerConfig | undefined {
  const data = script.dataset;
  const kind = data.episode !== undefined ? 'episode' : 'podcast';
  const value = (data[kind] ?? '').trim();
  if (!/^[1-9]\d{0,9}$/.test(value)) {
    console.warn(`SportSpyder: data-${kind} must be a numeric id, got "${value}"`);
    return undefined;
  }
  // Seconds only (a number, not clock notation): what the snippet generator writes.
  const start = data.start === undefined || data.start.trim() === '' ? Number.NaN : Number(data.start);
  if (data.start !== undefined && !(start >= 0)) {
    console.warn(`SportSpyder: data-start "${data.start}" is not a time in seconds; ignored`);
  }
  const theme = (data.theme ?? 'light').trim();
  return {
    // Relative or missing src (inline copies in tests) falls back to the page's own origin.
    origin: new URL(script.src || '/', location.href).origin,
    source: { kind, id: Number(value) },
    theme: THEMES.includes(theme) ? (theme as PlayerTheme) : 'light',
    start: start > 0 ? start : null,
    target: data.target || undefined,
    nonce: data.nonce || script.nonce || undefined,
  };
}
