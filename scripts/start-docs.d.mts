/** Whether the docs of `root` are missing or older than any of their inputs. */
export function docsAreStale(root: string): boolean;
/** Starts `npm run docs` detached when the docs are stale; answers whether it did. */
export function buildDocsInBackground(root: string, options?: { log?: (line: string) => void }): boolean;
