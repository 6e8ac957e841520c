/**
 * Build-time stand-in for `@rails/actioncable` in the player embed (scripts/build.mjs): the embed takes
 * the player engine from the core's index, whose realtime module imports ActionCable. Nothing of it runs
 * in the embed (tree-shaken), but Rollup must still resolve the names; this module provides them empty.
 * @module
 */

/** Never used by the embed. */
export const adapters = {};

/** Never used by the embed. */
export function createConsumer(): never {
  throw new Error('realtime is not part of the player embed');
}
