/**
 * Reads one chat embed's options from its script tag: `data-team` (`{sport}/{team}`), `data-channel`
 * (a channel id; the team's first channel when left out), `data-theme`, `data-height` (the reserved
 * height in px), `data-lazy`, `data-target`, `data-nonce`, and the SportSpyder origin from `src`.
 * @module
 */
import { CHAT_THEMES, type ChatTheme } from './protocol.js';

/** The options of one chat embed after validation. */
export interface ChatConfig {
  /** The SportSpyder origin the script came from (the iframe is served from there). */
  readonly origin: string;
  /** Sport slug, e.g. `nfl`. */
  readonly sport: string;
  /** Team slug, e.g. `green-bay-packers`. */
  readonly team: string;
  /** Channel id, or null for the team's first channel. */
  readonly channel: number | null;
  /** Colour theme. */
  readonly theme: ChatTheme;
  /** Height reserved before the frame reports its own, in px (200..1200, default 520). */
  readonly height: number;
  /** Create the iframe only when scrolled near (`data-lazy`). */
  readonly lazy: boolean;
  /** CSS selector of the container to mount into (`data-target`), instead of after the script tag. */
  readonly target: string | undefined;
  /** Nonce for the embed's `<style>` on hosts with a strict CSP (`data-nonce` or the script's nonce). */
  readonly nonce: string | undefined;
}

/** Default reserved height: the frame's channel list and composer. */
export const CHAT_DEFAULT_HEIGHT = 520;

/**
 * Builds the config of the chat embed loaded by `script`; undefined (with a console warning) when
 * `data-team` is not `{sport}/{team}` or `data-channel` is not a numeric id.
 *
 * @example
 * ```ts
 * readChatConfig(script); // { origin: 'https://sportspyder.com', sport: 'nfl', team: 'green-bay-packers', channel: 12, ... }
 * ```
 */
export function readChatConfig(script: HTMLScriptElement): ChatConfig | undefined {
  const data = script.dataset;
  const team = (data.team ?? '').trim();
  const parts = team.split('/');
  const valid = (s: string | undefined) => Boolean(s && /^[a-z0-9-]{1,80}$/.test(s));
  if (parts.length !== 2 || !valid(parts[0]) || !valid(parts[1])) {
    console.warn(`SportSpyder: data-team must be "{sport}/{team}", got "${team}"`);
    return undefined;
  }
  const channel = (data.channel ?? '').trim();
  if (channel && !/^[1-9]\d{0,9}$/.test(channel)) {
    console.warn(`SportSpyder: data-channel must be a numeric id, got "${channel}"`);
    return undefined;
  }
  const theme = (data.theme ?? 'auto').trim() as ChatTheme;
  const height = Number(data.height);
  return {
    origin: new URL(script.src || '/', location.href).origin,
    sport: parts[0]!,
    team: parts[1]!,
    channel: channel ? Number(channel) : null,
    theme: CHAT_THEMES.includes(theme) ? theme : 'auto',
    height: height >= 200 && height <= 1200 ? Math.round(height) : CHAT_DEFAULT_HEIGHT,
    lazy: data.lazy !== undefined && data.lazy !== 'false',
    target: data.target || undefined,
    nonce: data.nonce || script.nonce || undefined,
  };
}
