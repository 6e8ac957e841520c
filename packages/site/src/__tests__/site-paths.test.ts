// The server answers 404 for a URL no page of the site serves (issue "First-run quality"), so it
// needs the site's paths: `SITE_PATHS` in the contract is the route table flattened, and this test
// keeps the two equal. After changing a route, rewrite it with
// `UPDATE_SITE_PATHS=1 npx vitest run --project site site-paths`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SITE_PATHS } from '@sportspyder/contract';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { siteRoutes } from '../routes.js';

/** Every path a route of `routes` renders at, in table order, without duplicates. */
function flatten(routes: readonly RouteObject[], parent = ''): string[] {
  const out: string[] = [];
  for (const route of routes) {
    const path = route.path
      ? route.path.startsWith('/')
        ? route.path
        : `${parent.replace(/\/$/, '')}/${route.path}`
      : parent || '/';
    if (route.index || route.path) out.push(path);
    if (route.children) out.push(...flatten(route.children, path));
  }
  return [...new Set(out)];
}

// vitest runs from the repository's root (happy-dom gives modules no file: URL to resolve from).
const FILE = join(process.cwd(), 'packages/contract/src/site-paths.ts');

describe('SITE_PATHS', () => {
  it('lists every path of the route table, in order', () => {
    const paths = flatten(siteRoutes);
    if (process.env.UPDATE_SITE_PATHS) {
      const text = readFileSync(FILE, 'utf8');
      const list = paths.map((p) => `  '${p}',`).join('\n');
      writeFileSync(
        FILE,
        text.replace(
          /export const SITE_PATHS = \[[\s\S]*?\] as const;/,
          `export const SITE_PATHS = [\n${list}\n] as const;`,
        ),
      );
      return;
    }
    expect(SITE_PATHS).toEqual(paths);
  });
});
