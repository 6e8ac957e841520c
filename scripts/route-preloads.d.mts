// Types of route-preloads.mjs, for the TypeScript that imports it (its test).
import type { ManifestChunk } from './site-budget.mjs';

/** The site's path → page modules table, written by the site's route-modules test. */
export const ROUTE_MODULES_FILE: string;

/** Where the build writes the preloads, inside the site's dist. */
export const ROUTE_PRELOADS_FILE: string;

/** Each path's scripts and stylesheets to preload, beyond what index.html loads. */
export function routePreloads(
  manifest: Record<string, ManifestChunk>,
  routeModules: Record<string, string[]>,
  lazyChunks?: Record<string, string>,
): Record<string, { js: string[]; css: string[] }>;
