/**
 * The spoiler shield's components (issue 49).
 * @module
 */
export * from './SpoilerBlur.js';
