// The site's first-load budget check (scripts/site-budget.mjs, issue 46) on a small fake Vite manifest:
// each route's initial set is the entry's static closure plus the route table's and its own chunk's,
// dynamic imports are left out, shared chunks count once, and a route over a budget is reported.
import { describe, expect, it } from 'vitest';
import { BUDGETS, chunkKeyOf, computeBudgets, staticClosure } from '../site-budget.mjs';

const KB = 1024;
/** Entry (40 KB) → vendor (50 KB); the route table (5 KB); two pages sharing a list chunk (10 KB). */
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/routes.tsx', 'src/player/PlayerBar.tsx'],
    css: ['assets/index.css'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  'src/routes.tsx': {
    file: 'assets/routes.js',
    isDynamicEntry: true,
    imports: ['index.html'],
    dynamicImports: ['src/pages/news/ArticlePage.tsx', 'src/pages/chat/ChatPage.tsx'],
  },
  'src/player/PlayerBar.tsx': { file: 'assets/PlayerBar.js', isDynamicEntry: true, imports: ['index.html'] },
  '_list.js': { file: 'assets/list.js', imports: ['index.html'], css: ['assets/list.css'] },
  'src/pages/news/ArticlePage.tsx': {
    file: 'assets/ArticlePage.js',
    isDynamicEntry: true,
    imports: ['index.html', '_list.js'],
  },
  'src/pages/chat/ChatPage.tsx': {
    file: 'assets/ChatPage.js',
    isDynamicEntry: true,
    imports: ['index.html', '_list.js', '_vendor.js'],
    css: ['assets/chat.css'],
  },
};
const sizes: Record<string, number> = {
  'assets/index.js': 40 * KB,
  'assets/vendor.js': 50 * KB,
  'assets/routes.js': 5 * KB,
  'assets/PlayerBar.js': 30 * KB,
  'assets/list.js': 10 * KB,
  'assets/ArticlePage.js': 4 * KB,
  'assets/ChatPage.js': 20 * KB,
  'assets/index.css': 6 * KB,
  'assets/list.css': 2 * KB,
  'assets/chat.css': 9 * KB,
};
const gzipSize = (file: string) => {
  const size = sizes[file];
  if (size === undefined) throw new Error(`no size for ${file}`);
  return size;
};
const budgets = { homeJsKb: 100, routeJsKb: 130, routeCssKb: 25 };

describe('site budgets', () => {
  it('follows static imports only', () => {
    expect([...staticClosure(manifest, ['src/pages/news/ArticlePage.tsx'])].sort()).toEqual([
      '_list.js',
      '_vendor.js',
      'index.html',
      'src/pages/news/ArticlePage.tsx',
    ]);
  });

  it('adds up each route’s initial JavaScript and CSS, shared chunks once, lazy ones not at all', () => {
    const { routes, failures } = computeBudgets(manifest, gzipSize, budgets);
    expect(routes).toEqual([
      { route: 'home', jsKb: 90, cssKb: 6, files: 3 },
      { route: 'src/pages/chat/ChatPage.tsx', jsKb: 125, cssKb: 17, files: 8 },
      { route: 'src/pages/news/ArticlePage.tsx', jsKb: 109, cssKb: 8, files: 7 },
    ]);
    expect(failures).toEqual([]);
  });

  it('fails the routes over budget, naming them and their figures', () => {
    const { failures } = computeBudgets(manifest, gzipSize, { homeJsKb: 85, routeJsKb: 120, routeCssKb: 15 });
    expect(failures).toEqual([
      'home: initial JavaScript 90.0 KB gzipped is over its 85 KB budget',
      'src/pages/chat/ChatPage.tsx: initial JavaScript 125.0 KB gzipped is over its 120 KB budget',
      'src/pages/chat/ChatPage.tsx: initial CSS 17.0 KB gzipped is over its 15 KB budget',
    ]);
  });

  it('holds home to 100 KB and every route to 130 KB of JavaScript and 25 KB of CSS by default (issue 46)', () => {
    expect(BUDGETS).toEqual({ homeJsKb: 100, routeJsKb: 130, routeCssKb: 25 });
    // Home (entry + vendor) and the chat page (home + routes + list + its own chunk) at given sizes.
    const withSizes = (entryKb: number, chatKb: number, chatCssKb: number) => (file: string) =>
      file === 'assets/index.js'
        ? entryKb * KB
        : file === 'assets/ChatPage.js'
          ? chatKb * KB
          : file === 'assets/chat.css'
            ? chatCssKb * KB
            : gzipSize(file);
    expect(computeBudgets(manifest, withSizes(50, 15, 9)).failures).toEqual([]);
    // Home at 100 KB and the chat page at 130 KB are within their budgets; 0.5 KB more is not.
    expect(computeBudgets(manifest, withSizes(50.5, 15, 9)).failures).toEqual([
      'home: initial JavaScript 100.5 KB gzipped is over its 100 KB budget',
      'src/pages/chat/ChatPage.tsx: initial JavaScript 130.5 KB gzipped is over its 130 KB budget',
    ]);
    expect(computeBudgets(manifest, withSizes(40, 25.5, 17.5)).failures).toEqual([
      'src/pages/chat/ChatPage.tsx: initial JavaScript 130.5 KB gzipped is over its 130 KB budget',
      'src/pages/chat/ChatPage.tsx: initial CSS 25.5 KB gzipped is over its 25 KB budget',
    ]);
  });

  it('counts the one stylesheet of a build without CSS code splitting on every route', () => {
    // vite.config.ts turns CSS code splitting off (issue 46): the manifest lists the site's only
    // stylesheet under `style.css`, which no chunk names, and every page links it from its head.
    const unsplit = Object.fromEntries(
      Object.entries(manifest).map(([key, chunk]) => [key, { ...chunk, css: undefined }]),
    );
    const oneSheet = { ...unsplit, 'style.css': { file: 'assets/style.css' } };
    const withSheet = (file: string) => (file === 'assets/style.css' ? 26 * KB : gzipSize(file));
    const { routes, failures } = computeBudgets(oneSheet, withSheet, budgets);
    expect(routes.map((r) => [r.route, r.cssKb])).toEqual([
      ['home', 26],
      ['src/pages/chat/ChatPage.tsx', 26],
      ['src/pages/news/ArticlePage.tsx', 26],
    ]);
    expect(failures).toContain('home: initial CSS 26.0 KB gzipped is over its 25 KB budget');
  });

  it('finds the route table and a page that Rollup merged into a chunk named after another module', () => {
    // experimentalMinChunkSize merges small dynamic entries: the route table and the article page have no
    // manifest key of their own, only the build's lazy-chunks map says where they went.
    const { 'src/routes.tsx': _table, 'src/pages/news/ArticlePage.tsx': article, ...rest } = manifest;
    const merged = {
      ...rest,
      '_shared.js': { file: 'assets/shared.js', isDynamicEntry: true, imports: ['index.html', '_list.js'] },
    };
    const sharedSizes = (file: string) => (file === 'assets/shared.js' ? 9 * KB : gzipSize(file));
    const lazyChunks = {
      'src/routes.tsx': 'assets/shared.js',
      'src/pages/news/ArticlePage.tsx': 'assets/shared.js',
      'src/pages/chat/ChatPage.tsx': 'assets/ChatPage.js',
    };
    expect(article.file).toBe('assets/ArticlePage.js');
    const { routes } = computeBudgets(merged, sharedSizes, budgets, lazyChunks);
    // Home 90; the article: entry, vendor, the shared chunk (table and page), list.
    expect(routes).toEqual([
      { route: 'home', jsKb: 90, cssKb: 6, files: 3 },
      { route: 'src/pages/chat/ChatPage.tsx', jsKb: 129, cssKb: 17, files: 8 },
      { route: 'src/pages/news/ArticlePage.tsx', jsKb: 109, cssKb: 8, files: 6 },
    ]);
    // Without the map, the merged route is not measured at all and the table is left out of the others.
    expect(computeBudgets(merged, sharedSizes, budgets).routes.map((r) => [r.route, r.jsKb])).toEqual([
      ['home', 90],
      ['src/pages/chat/ChatPage.tsx', 120],
    ]);
    expect(chunkKeyOf(merged, lazyChunks, 'src/routes.tsx')).toBe('_shared.js');
    expect(chunkKeyOf(merged, lazyChunks, 'src/pages/Nowhere.tsx')).toBeUndefined();
    expect(() => chunkKeyOf(merged, { 'src/x.tsx': 'assets/gone.js' }, 'src/x.tsx')).toThrow(
      /no chunk assets\/gone.js/,
    );
  });

  it('refuses a manifest without an entry', () => {
    expect(() => computeBudgets({ 'a.js': { file: 'a.js' } }, gzipSize, budgets)).toThrow(/no entry chunk/);
  });
});
