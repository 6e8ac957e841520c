/**
 * The spoiler shield in core (issue 49).
 * @module
 */
export * from './spoiler-labels.js';
export * from './spoiler-names.js';
export * from './spoiler-shields.js';
