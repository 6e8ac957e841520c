// Vite build of the website. Sibling packages are aliased to their sources so neither a prior build
// nor a dev watcher of core/react is needed; the API, websocket and logos are proxied to the server.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const pkg = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const server = process.env.SPORTSPYDER_API ?? 'http://localhost:8080';
const nodeModule = (p: string) => fileURLToPath(import.meta.resolve(p));

// React Router 7 resolves to its development build under every export condition; the production
// build drops the dev warnings (a few KB of the home route's initial JavaScript, issue 4 budget).
const routerProduction = [
  {
    find: /^react-router\/dom$/,
    replacement: nodeModule('react-router/dom').replace('/development/', '/production/'),
  },
  {
    find: /^react-router$/,
    replacement: nodeModule('react-router').replace('/development/', '/production/'),
  },
];

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^@sportspyder\/core$/, replacement: pkg('core/src/index.ts') },
      { find: /^@sportspyder\/react$/, replacement: pkg('react/src/index.ts') },
      // The content components' stylesheet (the site composes them on its pages).
      { find: /^@sportspyder\/react\/content\.css$/, replacement: pkg('react/src/content/content.css') },
      { find: /^@sportspyder\/react\/player\.css$/, replacement: pkg('react/src/player/player.css') },
      ...(command === 'build' ? routerProduction : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // The manifest lists every chunk's static imports and CSS: scripts/site-budget.mjs computes each
    // route's initial JavaScript and CSS from it after the build (issue 46 budgets).
    manifest: true,
    target: 'es2022',
    // Terser (two compress passes) packs the home route's initial JavaScript about 3 KB gzipped
    // smaller than esbuild's minifier, which the 120 KB budget of issue 4 needs.
    minify: 'terser',
    terserOptions: { module: true, ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, changeOrigin: false },
      '/cable': { target: server, ws: true },
      '/logos': { target: server },
    },
  },
}));
