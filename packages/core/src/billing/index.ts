/**
 * PRO and billing in core: the plans and states, the form rules, the local card entry and the calls.
 * @module
 */
export * from './billing-resources.js';
export * from './billing-texts.js';
export * from './card-entry.js';
