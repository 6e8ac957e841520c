/**
 * PRO and billing in core: the plans and states, the form rules, the local card entry, Stripe.js for
 * live cards and the calls.
 * @module
 */
export * from './billing-resources.js';
export * from './billing-texts.js';
export * from './card-entry.js';
export * from './stripe-js.js';
