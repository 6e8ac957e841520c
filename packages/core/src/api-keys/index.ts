/**
 * API keys in core: the settings screen's calls and texts.
 * @module
 */
export * from './api-key-resources.js';
