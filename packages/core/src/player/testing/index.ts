/**
 * Test doubles of the player engine, re-exported by `@sportspyder/core/testing`.
 * @module
 */
export * from './fake-media.js';
