/**
 * The player embed's kind on the page global `window.SportSpyder` (see ../embed-global.ts): its script
 * tags (`player.js` with `data-episode` or `data-podcast`) and what all player embeds of a page share:
 * one episode loader, the namespaced page storage, and one playing embed at a time (starting one pauses
 * the other).
 * @module
 */
import { browserStorage, type Player } from '@sportspyder/core';
import type { EmbedKind } from '../embed-global.js';
import { createEpisodeLoader, type EpisodeLoader } from './load-episode.js';
import { mountPlayer, namespacedStorage } from './mount-player.js';

/** Script tags the global mounts as player embeds. */
export const PLAYER_SCRIPT_SELECTOR =
  'script[src*="player"][data-episode],script[src*="player"][data-podcast]';

/**
 * The player kind of embed, mounting with `load` and the page's namespaced storage.
 *
 * @example
 * ```ts
 * installEmbedGlobal(window, '1.0.0', playerKind());
 * ```
 */
export function playerKind(load: EpisodeLoader = createEpisodeLoader()): EmbedKind {
  let storage: ReturnType<typeof namespacedStorage> | undefined;
  let active: Player | undefined;
  const claim = (player: Player) => {
    if (active && active !== player) active.pause();
    active = player;
  };
  return {
    selector: PLAYER_SCRIPT_SELECTOR,
    mount(script) {
      storage ??= namespacedStorage(browserStorage());
      return mountPlayer(script, { load, storage, claim });
    },
  };
}
