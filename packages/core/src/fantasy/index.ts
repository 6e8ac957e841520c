/**
 * The member's fantasy teams in core: the sports, texts and the cached calls of the settings screens.
 * @module
 */
export * from './fantasy-resources.js';
export * from './fantasy-texts.js';
