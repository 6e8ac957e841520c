#!/usr/bin/env node
// The site's first-load budgets (issue 46), run by the site's build after `vite build`: per route, the
// JavaScript and CSS a cold load of that route fetches before it can render, gzipped (level 9), read
// from Vite's manifest (packages/site/dist/.vite/manifest.json). A route's initial set is the entry
// chunk (index.html's script and its modulepreloads) with everything it imports statically, plus, for
// every route but home (whose page is in the entry), the route table's chunk (src/routes.tsx, loaded on
// the first URL the boot table does not match) and the route's own lazy chunk, each with its static
// imports (a module merged into another chunk is found through the build's LAZY_CHUNKS_FILE). Dynamic imports are not followed: they load later, on first use. Prints one line per route
// and fails (exit 1) with the routes over budget.
//
// Usage: node scripts/site-budget.mjs [distDir]   (default packages/site/dist)
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The budgets, in KB (1,024 bytes) gzipped: issue 46's targets. The site's production build runs on
 * preact/compat instead of React DOM (packages/site/vite.config.ts), which brought home from 119.1 KB to
 * 61.4 KB and the heaviest route from 143.1 KB to 100.4 KB (docs/decisions/performance-and-caching.md).
 */
export const BUDGETS = Object.freeze({
  /** Home's initial JavaScript. */
  homeJsKb: 100,
  /** Any route's initial JavaScript. */
  routeJsKb: 130,
  /** Any route's initial CSS. */
  routeCssKb: 25,
});

/** The manifest key of the route table's chunk (not a route: every non-home route loads it first). */
export const ROUTE_TABLE = 'src/routes.tsx';

/**
 * Where the site's build writes which chunk holds each lazily imported module (its Vite plugin,
 * packages/site/lazy-chunks-plugin.ts): Rollup merges small dynamic entries into chunks named after
 * another module, and Vite's manifest has no key for a module merged that way.
 */
export const LAZY_CHUNKS_FILE = '.vite/lazy-chunks.json';

/** A page module's path. */
const PAGE_MODULE = /^src\/pages\//;

/** Whether a manifest entry is a route's page chunk (a lazily imported page module). */
const isRoute = (key, chunk) => chunk.isDynamicEntry === true && PAGE_MODULE.test(key);

/**
 * The manifest key of the chunk that holds a lazily imported module: its own key, or, when Rollup merged
 * it into a chunk named after another module, the key of that chunk (found through `lazyChunks`).
 * Undefined when neither knows the module.
 * @param {Record<string, {file: string}>} manifest
 * @param {Record<string, string>} lazyChunks module path → chunk file (LAZY_CHUNKS_FILE)
 * @param {string} module
 */
export function chunkKeyOf(manifest, lazyChunks, module) {
  if (manifest[module]) return module;
  const file = lazyChunks[module];
  if (file === undefined) return undefined;
  const key = Object.keys(manifest).find((k) => manifest[k].file === file);
  if (!key) throw new Error(`the manifest has no chunk ${file} (holding ${module})`);
  return key;
}

/**
 * The static closure of manifest keys from `start`: the chunk and everything it imports statically.
 * @param {Record<string, {file: string, imports?: string[], css?: string[]}>} manifest
 * @param {string[]} start
 */
export function staticClosure(manifest, start) {
  const seen = new Set();
  const stack = [...start];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no entry ${key}`);
    seen.add(key);
    for (const next of chunk.imports ?? []) stack.push(next);
  }
  return seen;
}

/** The JavaScript and CSS files of a set of manifest keys. */
function filesOf(manifest, keys) {
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    // The one stylesheet of a build without CSS code splitting (its manifest key is `style.css`).
    if (chunk.file.endsWith('.css')) css.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js: [...js], css: [...css] };
}

/**
 * Each route's initial JavaScript and CSS, gzipped, and the budgets it breaks. A route is a lazily
 * imported page module, whether it has a chunk of its own or was merged into another.
 * @param {Record<string, any>} manifest Vite's manifest.
 * @param {(file: string) => number} gzipSize The gzipped size in bytes of a file of the manifest.
 * @param {typeof BUDGETS} [budgets]
 * @param {Record<string, string>} [lazyChunks] module path → chunk file (LAZY_CHUNKS_FILE)
 * @returns {{ routes: {route: string, jsKb: number, cssKb: number, files: number}[], failures: string[] }}
 */
export function computeBudgets(manifest, gzipSize, budgets = BUDGETS, lazyChunks = {}) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk (is build.manifest on?)');
  const kb = (files) => files.reduce((sum, file) => sum + gzipSize(file), 0) / 1024;
  const measure = (route, start) => {
    const { js, css } = filesOf(manifest, staticClosure(manifest, start));
    return { route, jsKb: kb(js), cssKb: kb(css), files: js.length + css.length };
  };
  // Without CSS code splitting (vite.config.ts) every page links the one stylesheet from its head.
  const shared = manifest['style.css'] ? [entry, 'style.css'] : [entry];
  const routes = [measure('home', shared)];
  const tableKey = chunkKeyOf(manifest, lazyChunks, ROUTE_TABLE);
  const table = tableKey ? [tableKey] : [];
  const pages = new Set([
    ...Object.keys(manifest).filter((key) => isRoute(key, manifest[key])),
    ...Object.keys(lazyChunks).filter((key) => PAGE_MODULE.test(key)),
  ]);
  for (const key of [...pages].sort()) {
    routes.push(measure(key, [...shared, ...table, chunkKeyOf(manifest, lazyChunks, key)]));
  }
  const failures = [];
  for (const r of routes) {
    const jsLimit = r.route === 'home' ? budgets.homeJsKb : budgets.routeJsKb;
    if (r.jsKb > jsLimit) {
      failures.push(
        `${r.route}: initial JavaScript ${r.jsKb.toFixed(1)} KB gzipped is over its ${jsLimit} KB budget`,
      );
    }
    if (r.cssKb > budgets.routeCssKb) {
      failures.push(
        `${r.route}: initial CSS ${r.cssKb.toFixed(1)} KB gzipped is over its ${budgets.routeCssKb} KB budget`,
      );
    }
  }
  return { routes, failures };
}

/** Reads dist's manifest, prints every route's figures and exits 1 when a budget is broken. */
function main() {
  const dist = resolve(process.argv[2] ?? fileURLToPath(new URL('../packages/site/dist', import.meta.url)));
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const lazyChunks = JSON.parse(readFileSync(join(dist, LAZY_CHUNKS_FILE), 'utf8'));
  // Without the route table's chunk every route would be measured short of it.
  if (!chunkKeyOf(manifest, lazyChunks, ROUTE_TABLE)) {
    console.error(`[site-budget] the build has no chunk holding the route table ${ROUTE_TABLE}`);
    process.exit(1);
  }
  const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  const { routes, failures } = computeBudgets(manifest, gzipSize, BUDGETS, lazyChunks);
  const widest = Math.max(...routes.map((r) => r.route.length));
  console.log(
    `[site-budget] initial JS and CSS per route, KB gzipped (budgets: home JS ${BUDGETS.homeJsKb}, route JS ${BUDGETS.routeJsKb}, CSS ${BUDGETS.routeCssKb})`,
  );
  for (const r of [...routes].sort((a, b) => b.jsKb - a.jsKb)) {
    console.log(
      `  ${r.route.padEnd(widest)}  JS ${r.jsKb.toFixed(1).padStart(6)}  CSS ${r.cssKb.toFixed(1).padStart(5)}  (${r.files} files)`,
    );
  }
  if (failures.length > 0) {
    console.error(`[site-budget] over budget:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log('[site-budget] every route is within its budgets');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
