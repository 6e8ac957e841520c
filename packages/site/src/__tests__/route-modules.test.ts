// Which page modules each path of the site loads on a cold visit (issue 46: the first screen's code is
// preloaded with the HTML, not found by a chain of imports after the entry runs). The server reads it,
// through the build's `dist/.vite/route-preloads.json` (scripts/route-preloads.mjs), to write one
// `<link rel="modulepreload">` per chunk into each page's head. This test keeps
// `routeTable/route-modules.generated.json` equal to the route table; after changing a route, rewrite it
// with `UPDATE_ROUTE_MODULES=1 npx vitest run --project site route-modules`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SITE_PATHS } from '@sportspyder/contract';
import { isValidElement, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { siteRoutes } from '../routes.js';
import { lazyModuleLoader } from '../routeTable/lazyComponent.js';

// Every page module (under pages/, or a *Page.tsx of another folder such as spoilers/), keyed as Vite's
// manifest names it (`src/pages/...`).
const PAGE_MODULES = Object.entries(
  import.meta.glob(['../pages/**/*.{ts,tsx}', '../*/*Page.tsx', '!**/__tests__/**'], {
    eager: true,
  }),
).map(([path, module]) => ({
  key: path.replace(/^\.\.\//, 'src/'),
  module: module as Record<string, unknown>,
}));

/** Whether `module` is `namespace`: the same exports, each the same value (vitest may wrap namespaces). */
function sameModule(module: Record<string, unknown>, namespace: Record<string, unknown>): boolean {
  const keys = Object.keys(namespace);
  return (
    keys.length > 0 &&
    keys.length === Object.keys(module).length &&
    keys.every((key) => module[key] === namespace[key])
  );
}

/** The manifest key of a loaded module namespace, or of the module exporting `value`. */
function keyOf(found: { namespace?: unknown; exported?: unknown }): string {
  const hit = PAGE_MODULES.find(({ module }) =>
    found.namespace !== undefined
      ? sameModule(module, found.namespace as Record<string, unknown>)
      : Object.values(module).some((value) => value === found.exported),
  );
  if (!hit) {
    const what = found.namespace ? Object.keys(found.namespace).join(', ') : String(found.exported);
    throw new Error(`a lazy route loads a module this test does not glob (exports: ${what})`);
  }
  return hit.key;
}

/** The page modules a route element loads: lazy components in it and in its children. */
async function elementModules(node: ReactNode): Promise<string[]> {
  if (Array.isArray(node)) return (await Promise.all(node.map(elementModules))).flat();
  if (!isValidElement(node)) return [];
  const load = lazyModuleLoader(node.type);
  const own = load ? [keyOf({ namespace: await load() })] : [];
  const children = (node.props as { children?: ReactNode }).children;
  return [...own, ...(await elementModules(children))];
}

/** The page modules one route loads itself (its element's lazy components, or its `lazy`). */
async function routeModules(route: RouteObject): Promise<string[]> {
  const own = await elementModules(route.element);
  if (typeof route.lazy === 'function') {
    const loaded = (await route.lazy()) as { Component?: unknown };
    if (loaded.Component) own.push(keyOf({ exported: loaded.Component }));
  }
  return own;
}

/** Every path of the route table with the page modules of the routes it renders, outermost first. */
async function pathModules(
  routes: readonly RouteObject[],
  parent = '',
  inherited: string[] = [],
  out = new Map<string, string[]>(),
): Promise<Map<string, string[]>> {
  for (const route of routes) {
    const path = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent.replace(/\/$/, '')}/${route.path}`
      : parent || '/';
    const modules = [...inherited, ...(await routeModules(route))];
    // A layout's path and its index route's are one page: the index's modules join the layout's.
    if (route.index || route.path) out.set(path, [...new Set([...(out.get(path) ?? []), ...modules])]);
    if (route.children) await pathModules(route.children, path, modules, out);
  }
  return out;
}

// vitest runs from the repository's root (happy-dom gives modules no file: URL to resolve from).
const FILE = join(process.cwd(), 'packages/site/src/routeTable/route-modules.generated.json');

describe('route modules', () => {
  it('name the page modules of every path of the route table', async () => {
    const table = await pathModules(siteRoutes);
    const expected = Object.fromEntries(SITE_PATHS.map((path) => [path, table.get(path) ?? []]));
    // The team page is its frame and its popular tab; home is in the entry and loads nothing more.
    expect(expected['/:sportId/:teamId']).toEqual([
      'src/pages/TeamLayout.tsx',
      'src/pages/team/TeamPopularPage.tsx',
    ]);
    expect(expected['/']).toEqual([]);
    if (process.env.UPDATE_ROUTE_MODULES) {
      writeFileSync(FILE, `${JSON.stringify(expected, null, 2)}\n`);
      return;
    }
    expect(JSON.parse(readFileSync(FILE, 'utf8'))).toEqual(expected);
  });
});
