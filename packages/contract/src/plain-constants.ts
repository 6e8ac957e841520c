/**
 * The contract's plain values, free of TypeBox: what a small bundle importing `@sportspyder/contract`
 * for values (the chat embed's frame, through the core) is pointed at instead of the whole contract.
 * @module
 */
export * from './chat-embed-constants.js';

/** Days before and after now that a games box covers: the games routes answer these, pushes outside stay out. */
export const GAMES_WINDOW_DAYS = 7;
