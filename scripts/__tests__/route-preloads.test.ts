// The chunks each page preloads with its HTML (scripts/route-preloads.mjs, issue 46), on a small fake
// Vite manifest: the route table's chunk first, then the page's modules with their static imports and
// CSS, never what index.html loads already (the entry's closure), each file once; home preloads nothing;
// and the real table of the route modules names only modules the route table's chunk can load.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ROUTE_MODULES_FILE, routePreloads } from '../route-preloads.mjs';

const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/routes.tsx'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  'src/routes.tsx': {
    file: 'assets/routes.js',
    isDynamicEntry: true,
    imports: ['index.html', '_guards.js'],
    dynamicImports: ['src/pages/TeamLayout.tsx', 'src/pages/team/TeamPopularPage.tsx'],
  },
  '_guards.js': { file: 'assets/guards.js', imports: ['index.html'] },
  '_list.js': { file: 'assets/list.js', imports: ['index.html', '_vendor.js'], css: ['assets/list.css'] },
  'src/pages/TeamLayout.tsx': {
    file: 'assets/TeamLayout.js',
    isDynamicEntry: true,
    imports: ['index.html'],
    css: ['assets/team.css'],
  },
  'src/pages/team/TeamPopularPage.tsx': {
    file: 'assets/TeamPopularPage.js',
    isDynamicEntry: true,
    imports: ['index.html', '_list.js', 'src/pages/TeamLayout.tsx'],
    css: ['assets/team.css'],
  },
};

describe('route preloads', () => {
  it('lists a page’s own chunks after the route table’s, without what index.html loads', () => {
    const preloads = routePreloads(manifest, {
      '/': [],
      '/:sportId/:teamId': ['src/pages/TeamLayout.tsx', 'src/pages/team/TeamPopularPage.tsx'],
    });
    expect(preloads['/']).toEqual({ js: [], css: [] });
    const team = preloads['/:sportId/:teamId'];
    expect(team?.js[0]).toBe('/assets/routes.js');
    expect(new Set(team?.js)).toEqual(
      new Set([
        '/assets/routes.js',
        '/assets/guards.js',
        '/assets/TeamLayout.js',
        '/assets/TeamPopularPage.js',
        '/assets/list.js',
      ]),
    );
    expect(team?.js).toHaveLength(5);
    expect(team?.js).not.toContain('/assets/vendor.js');
    expect(team?.css).toEqual(['/assets/team.css', '/assets/list.css']);
  });

  it('preloads the chunk Rollup merged the route table and a page into, and refuses a module no chunk holds', () => {
    const { 'src/routes.tsx': _table, 'src/pages/TeamLayout.tsx': _layout, ...rest } = manifest;
    const merged = {
      ...rest,
      '_shared.js': { file: 'assets/shared.js', isDynamicEntry: true, imports: ['index.html', '_guards.js'] },
      'src/pages/team/TeamPopularPage.tsx': {
        file: 'assets/TeamPopularPage.js',
        isDynamicEntry: true,
        imports: ['index.html', '_list.js', '_shared.js'],
      },
    };
    const lazyChunks = {
      'src/routes.tsx': 'assets/shared.js',
      'src/pages/TeamLayout.tsx': 'assets/shared.js',
    };
    const routeModules = {
      '/:sportId/:teamId': ['src/pages/TeamLayout.tsx', 'src/pages/team/TeamPopularPage.tsx'],
    };
    expect(routePreloads(merged, routeModules, lazyChunks)['/:sportId/:teamId']?.js).toEqual([
      '/assets/shared.js',
      '/assets/guards.js',
      '/assets/TeamPopularPage.js',
      '/assets/list.js',
    ]);
    expect(() => routePreloads(merged, routeModules)).toThrow(
      'no chunk of the build holds src/routes.tsx (the route of /:sportId/:teamId)',
    );
  });

  it('has a table of route modules that name page modules', () => {
    const table = JSON.parse(readFileSync(ROUTE_MODULES_FILE, 'utf8')) as Record<string, string[]>;
    expect(table['/']).toEqual([]);
    expect(table['/:sportId/:teamId']).toContain('src/pages/TeamLayout.tsx');
    for (const modules of Object.values(table)) {
      for (const key of modules) expect(key).toMatch(/^src\/.+\.tsx?$/);
    }
  });
});
