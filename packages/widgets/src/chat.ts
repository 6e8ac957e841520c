/**
 * Entry of `chat.js`, the chat embed's loader (an IIFE built by Rollup, at most 3 KB gzipped): installs
 * the page global `window.SportSpyder` unless another SportSpyder embed did (then it adds the chat to
 * it) and mounts every chat script tag of the page as an iframe served from SportSpyder, so the
 * member's session never touches the host page.
 *
 * @example
 * ```html
 * <script src="https://sportspyder.com/widgets/chat.js" data-team="nfl/green-bay-packers" data-channel="12" data-theme="auto" async></script>
 * ```
 * @module
 */

import { chatKind } from './chat/chat-kind.js';
import { installEmbedGlobal } from './embed-global.js';

installEmbedGlobal(window, process.env.SPORTSPYDER_WIDGETS_VERSION ?? 'dev', chatKind());
