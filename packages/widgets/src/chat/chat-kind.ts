/**
 * The chat embed's kind on the page global `window.SportSpyder` (see ../embed-global.ts): its script
 * tags (`chat.js` with `data-team`), each mounted as its own iframe.
 * @module
 */
import type { EmbedKind } from '../embed-global.js';
import { mountChat } from './mount-chat.js';

/** Script tags the global mounts as chat embeds. */
export const CHAT_SCRIPT_SELECTOR = 'script[src*="chat"][data-team]';

/**
 * The chat kind of embed.
 *
 * @example
 * ```ts
 * installEmbedGlobal(window, '1.0.0', chatKind());
 * ```
 */
export function chatKind(): EmbedKind {
  return { selector: CHAT_SCRIPT_SELECTOR, mount: mountChat };
}
