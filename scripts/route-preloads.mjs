#!/usr/bin/env node
// The chunks each page of the site preloads with its HTML (issue 46), run by the site's build after
// `vite build`: for every path of the route table, the JavaScript and CSS files a cold load of it fetches
// beyond what index.html already names (the entry chunk, its static imports and its CSS), in the order
// they are needed: the route table's chunk (src/routes.tsx, loaded on the first URL the boot table does
// not match) and the path's page modules (packages/site/src/routeTable/route-modules.generated.json, kept
// equal to the route table by the site's route-modules test), each with its static imports. Written to
// `dist/.vite/route-preloads.json`, which the server reads (packages/server/src/seo/route-preloads.ts) to
// write `<link rel="modulepreload">` and `<link rel="preload" as="style">` into each page's head.
// The static closure is the budget check's (site-budget.mjs), so both count the same files.
//
// Usage: node scripts/route-preloads.mjs [distDir]   (default packages/site/dist)
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chunkKeyOf, LAZY_CHUNKS_FILE, ROUTE_TABLE, staticClosure } from './site-budget.mjs';

/** The site's path → page modules table, written by the site's route-modules test. */
export const ROUTE_MODULES_FILE = fileURLToPath(
  new URL('../packages/site/src/routeTable/route-modules.generated.json', import.meta.url),
);

/** Where the build writes the preloads, inside the site's dist. */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/**
 * Each path's files to preload: JavaScript and CSS of the route table and the path's page modules with
 * their static imports, minus the entry's closure (index.html loads those already). Home, whose page is
 * in the entry, preloads nothing. A module Rollup merged into a chunk named after another module is
 * found through `lazyChunks`; a module neither the manifest nor `lazyChunks` knows is an error (its
 * page would silently preload nothing).
 * @param {Record<string, {file: string, isEntry?: boolean, imports?: string[], css?: string[]}>} manifest
 * @param {Record<string, string[]>} routeModules
 * @param {Record<string, string>} [lazyChunks] module path → chunk file (LAZY_CHUNKS_FILE)
 * @returns {Record<string, {js: string[], css: string[]}>}
 */
export function routePreloads(manifest, routeModules, lazyChunks = {}) {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('the manifest has no entry chunk (is build.manifest on?)');
  const loaded = staticClosure(manifest, [entry]);
  const out = {};
  for (const [path, modules] of Object.entries(routeModules)) {
    if (modules.length === 0) {
      out[path] = { js: [], css: [] };
      continue;
    }
    const js = [];
    const css = [];
    // One start at a time, in order, so the route table's files come first and each file once.
    const seen = new Set(loaded);
    const starts = [ROUTE_TABLE, ...modules].map((module) => {
      const key = chunkKeyOf(manifest, lazyChunks, module);
      if (!key) throw new Error(`no chunk of the build holds ${module} (the route of ${path})`);
      return key;
    });
    for (const start of starts) {
      for (const key of staticClosure(manifest, [start])) {
        if (seen.has(key)) continue;
        seen.add(key);
        const chunk = manifest[key];
        if (chunk.file.endsWith('.js')) js.push(`/${chunk.file}`);
        for (const file of chunk.css ?? []) if (!css.includes(`/${file}`)) css.push(`/${file}`);
      }
    }
    out[path] = { js, css };
  }
  return out;
}

/** Reads dist's manifest and the route modules, writes dist/.vite/route-preloads.json. */
function main() {
  const dist = resolve(process.argv[2] ?? fileURLToPath(new URL('../packages/site/dist', import.meta.url)));
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const routeModules = JSON.parse(readFileSync(ROUTE_MODULES_FILE, 'utf8'));
  const lazyChunks = JSON.parse(readFileSync(join(dist, LAZY_CHUNKS_FILE), 'utf8'));
  const preloads = routePreloads(manifest, routeModules, lazyChunks);
  writeFileSync(join(dist, ROUTE_PRELOADS_FILE), `${JSON.stringify(preloads)}\n`);
  const team = preloads['/:sportId/:teamId'];
  console.log(
    `[route-preloads] ${Object.keys(preloads).length} paths written to ${ROUTE_PRELOADS_FILE}` +
      (team ? ` (team page: ${team.js.length} scripts, ${team.css.length} stylesheets)` : ''),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
