// Types of site-budget.mjs, for the TypeScript that imports it (its test).

/** The budgets, in KB gzipped. */
export interface Budgets {
  homeJsKb: number;
  routeJsKb: number;
  routeCssKb: number;
}

/** A chunk of Vite's manifest, as far as the budget check reads it. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** One route's initial JavaScript and CSS, gzipped KB, and how many files they are. */
export interface RouteFigures {
  route: string;
  jsKb: number;
  cssKb: number;
  files: number;
}

/** The budgets the site's build enforces. */
export const BUDGETS: Readonly<Budgets>;

/** The manifest key of the route table's chunk. */
export const ROUTE_TABLE: string;

/** Where the site's build writes which chunk holds each lazily imported module. */
export const LAZY_CHUNKS_FILE: string;

/** The manifest key of the chunk that holds a lazily imported module, merged or not. */
export function chunkKeyOf(
  manifest: Record<string, ManifestChunk>,
  lazyChunks: Record<string, string>,
  module: string,
): string | undefined;

/** The static closure of manifest keys from `start`. */
export function staticClosure(manifest: Record<string, ManifestChunk>, start: string[]): Set<string>;

/** Each route's initial JavaScript and CSS, gzipped, and the budgets it breaks. */
export function computeBudgets(
  manifest: Record<string, ManifestChunk>,
  gzipSize: (file: string) => number,
  budgets?: Budgets,
  lazyChunks?: Record<string, string>,
): { routes: RouteFigures[]; failures: string[] };
