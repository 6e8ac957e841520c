/**
 * Breaks for the event loop inside a long stretch of ingestion's own JavaScript (tagging a batch's
 * items). The server answers requests on the same thread: a first fetch's batch tags up to 400 items
 * in one loop, tens of ms during which a visitor's page, cached and ready, could not be sent. The break
 * is taken only once a slice has run {@link SLICE_MS}, so a small batch pays nothing.
 * @module
 */

/** The longest ingestion's JavaScript runs before it lets the event loop run, in ms. */
export const SLICE_MS = 10;

const immediate = globalThis.setImmediate.bind(globalThis);

/**
 * A function to await between the steps of a long loop: it resolves at once while the current slice is
 * shorter than `sliceMs`, and after the event loop has run otherwise.
 * @example
 * const slice = timeSlices();
 * for (const item of items) {
 *   await slice();
 *   tag(item);
 * }
 */
export function timeSlices(sliceMs = SLICE_MS): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return new Promise<void>((resolve) =>
      immediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}
