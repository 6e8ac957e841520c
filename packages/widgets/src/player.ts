/**
 * Entry of `player.js`, the podcast player embed (an IIFE built by Rollup): installs the page global
 * `window.SportSpyder` unless another SportSpyder embed did (then it adds the player to it) and mounts
 * every player script tag of the page.
 *
 * @example
 * ```html
 * <script src="https://sportspyder.com/widgets/player.js" data-episode="123" async></script>
 * ```
 * @module
 */
import { installEmbedGlobal } from './embed-global.js';
import { playerKind } from './player/player-kind.js';

installEmbedGlobal(window, process.env.SPORTSPYDER_WIDGETS_VERSION ?? 'dev', playerKind());
