/**
 * E-mail preference pages and the notifications list in core.
 * @module
 */
export * from './email-pages.js';
export * from './notifications.js';
