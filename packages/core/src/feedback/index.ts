/**
 * The contact form in core: its topics and fields, and the call.
 * @module
 */
export * from './feedback-topics.js';
export * from './send-feedback.js';
