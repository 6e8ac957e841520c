/**
 * Admin screens in core: the source management calls and the health table's rules.
 * @module
 */

export * from './admin-moderation.js';
export * from './admin-sources.js';
