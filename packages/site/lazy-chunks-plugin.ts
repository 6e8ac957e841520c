// Which chunk holds each lazily imported module of the site (issue 46). Rollup's
// `experimentalMinChunkSize` (vite.config.ts) merges small dynamic entries, the route table
// (src/routes.tsx) and pages among them, into chunks named after another module; Vite's manifest then
// has no key for the merged module, and the build's budget check and route preloads
// (scripts/site-budget.mjs, scripts/route-preloads.mjs) could not find the route table or a page's
// code: they measured and preloaded nothing for those routes. This plugin writes the map they read.
import { relative } from 'node:path';
import type { Plugin } from 'vite';

/** Where the map is written, inside the site's dist (beside Vite's manifest). */
export const LAZY_CHUNKS_FILE = '.vite/lazy-chunks.json';

/**
 * Writes `{ "<module path from the site's root>": "<chunk file>" }` for every module of the site's
 * own sources that some module imports dynamically.
 */
export function lazyChunks(): Plugin {
  let root = '';
  return {
    name: 'sportspyder:lazy-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const map: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          if ((this.getModuleInfo(id)?.dynamicImporters.length ?? 0) === 0) continue;
          const path = relative(root, id).split('\\').join('/');
          if (path.startsWith('src/')) map[path] = chunk.fileName;
        }
      }
      const sorted = Object.fromEntries(Object.entries(map).sort(([a], [b]) => a.localeCompare(b)));
      this.emitFile({
        type: 'asset',
        fileName: LAZY_CHUNKS_FILE,
        source: `${JSON.stringify(sorted, null, 1)}\n`,
      });
    },
  };
}
