/**
 * Accounts in core: the account calls, the settings screens' calls, the captcha providers and the account screens' texts.
 * @module
 */
export * from './account-resources.js';
export * from './account-settings.js';
export * from './account-texts.js';
export * from './captcha.js';
export * from './signed-in-sessions.js';
