/**
 * The headline embed's side of the page global `window.SportSpyder` (see ../embed-global.ts): its kind
 * (script tags carrying `data-team`, mounted with one loader and request budget shared by all headline
 * embeds of the page), the global for headlines only (tests) and the install the bundle entry runs.
 * @module
 */
import {
  createEmbedGlobal,
  type EmbedKind,
  installEmbedGlobal,
  type SportSpyderGlobal,
  type SportSpyderWindow,
} from '../embed-global.js';
import { createHeadlineLoader, type HeadlineLoader } from './fetch-headlines.js';
import { mountHeadline } from './mount-headline.js';
import { createRequestBudget } from './request-budget.js';

export type { SportSpyderGlobal, SportSpyderWindow };

/** Script tags the loader mounts: headline embed scripts carrying `data-team`. */
export const HEADLINE_SCRIPT_SELECTOR = 'script[data-team][src*="headline"]';

/**
 * The headline kind of embed: its script tags, mounted with `load` (one per page: shared budget).
 *
 * @example
 * ```ts
 * (window as SportSpyderWindow).SportSpyder?.register(headlineKind());
 * ```
 */
export function headlineKind(load: HeadlineLoader = createHeadlineLoader(createRequestBudget())): EmbedKind {
  return { selector: HEADLINE_SCRIPT_SELECTOR, mount: (script) => mountHeadline(script, load) };
}

/**
 * Creates a global that mounts headline embeds (not installed; see {@link installSportSpyder}).
 *
 * @example
 * ```ts
 * const api = createSportSpyder('1.0.0');
 * api.init();
 * ```
 */
export function createSportSpyder(version: string, load?: HeadlineLoader): SportSpyderGlobal {
  return createEmbedGlobal(version, [headlineKind(load)]);
}

/**
 * Installs `window.SportSpyder` unless a bundle did already, adds the headline embeds to it and mounts
 * the page's tags.
 *
 * @example
 * ```ts
 * installSportSpyder(window, '1.0.0');
 * ```
 */
export function installSportSpyder(win: SportSpyderWindow, version: string): SportSpyderGlobal {
  return installEmbedGlobal(win, version, headlineKind());
}
