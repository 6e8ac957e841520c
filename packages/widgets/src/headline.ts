/**
 * Entry of `headline.js`, the team headline embed (an IIFE built by Rollup): installs the single
 * `window.SportSpyder` global on first run and mounts every headline script tag of the page. Loading the
 * bundle again (many tags, each with its own script) reuses the existing global.
 *
 * @example
 * ```html
 * <script src="https://sportspyder.com/widgets/headline.js" data-team="nfl/green-bay-packers" async></script>
 * ```
 * @module
 */
import { installSportSpyder } from './headline/sportspyder-global.js';

installSportSpyder(window, process.env.SPORTSPYDER_WIDGETS_VERSION ?? 'dev');
